import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { disconnectPrisma } from '#app/utils/db.server.ts'
import { DEMO_USER_EMAIL, seedDemoData } from '../prisma/seed.ts'
import { backupDatabase, restoreDatabase } from './database/backup.ts'
import { databaseUrlFor, findFreePort, startEmbeddedPostgres } from './database/embedded-postgres.ts'
import { migrateDatabase } from './database/migrate.ts'

/**
 * `npm run db:check-backup`: proves a backup can be served. Seeds a database, backs it up with
 * `npm run db:backup`'s code, restores it into a NEW database, starts the production build on that
 * database (with its worker), signs in and reads the contacts through the API. Runs on
 * DATABASE_URL's server, else the embedded one. Exits non-zero on any difference.
 */
const projectRoot = path.resolve(import.meta.dirname, '..')
const startedAt = Date.now()
const step = (line: string) => console.log(`[${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${line}`)

const server = process.env.DATABASE_URL
	? { serverUrl: databaseUrlFor(process.env.DATABASE_URL, 'postgres'), stop: async () => {} }
	: await startEmbeddedPostgres('postgres', step)
const names = {
	source: `reachout_check_${process.pid}_source`,
	restored: `reachout_check_${process.pid}_restored`,
}
const sourceUrl = databaseUrlFor(server.serverUrl, names.source)
const restoredUrl = databaseUrlFor(server.serverUrl, names.restored)
const workDir = await mkdtemp(path.join(os.tmpdir(), 'reachout-backup-check-'))
let app: ChildProcess | undefined

try {
	await dropDatabases()
	await sql(databaseUrlFor(server.serverUrl, 'postgres'), `CREATE DATABASE "${names.source}"`)
	await migrateDatabase(sourceUrl)
	process.env.DATABASE_URL = sourceUrl
	await seedDemoData()
	await disconnectPrisma()
	const expected = await sql<{ id: string; email: string }>(
		sourceUrl,
		`SELECT c.id, c.email FROM "Contact" c JOIN "Membership" m ON m."organizationId" = c."organizationId"
		 JOIN "User" u ON u.id = m."userId" WHERE u.email = '${DEMO_USER_EMAIL}' ORDER BY c.email`,
	)
	if (expected.length === 0) throw new Error('the seed made no contacts to check')
	step(`seeded ${names.source}: ${expected.length} contacts`)

	const file = path.join(workDir, 'reachout.dump')
	const backup = await backupDatabase(sourceUrl, file)
	step(
		`backed up: ${(backup.bytes / 1024).toFixed(0)} KiB with ${backup.pgDump.path} (${backup.pgDump.major})`,
	)
	await restoreDatabase(file, restoredUrl)
	step(`restored into the new database ${names.restored}`)

	if (!existsSync(path.join(projectRoot, 'build/server/index.js'))) {
		step('no production build: npm run build')
		await exec('npm', ['run', 'build'], { stdio: 'ignore' })
	}
	const port = await findFreePort()
	const base = `http://localhost:${port}`
	app = startApp(port)
	await waitForHealthy(base)
	step(`the app serves the restored database at ${base}, its worker beating`)

	const signIn = await fetch(`${base}/auth/dev`, {
		method: 'POST',
		body: new URLSearchParams({ email: DEMO_USER_EMAIL }),
		redirect: 'manual',
	})
	const cookie = signIn.headers.get('set-cookie')?.split(';')[0]
	if (signIn.status !== 302 || !cookie) throw new Error(`sign-in answered ${signIn.status} without a session`)
	const list = (await getJson(`${base}/api/v1/contacts?take=1000`, cookie)) as {
		data: Array<{ email: string }>
		meta: { total: number }
	}
	const served = list.data.map((contact) => contact.email).sort()
	const wanted = expected.map((contact) => contact.email).sort()
	if (list.meta.total !== expected.length || JSON.stringify(served) !== JSON.stringify(wanted)) {
		throw new Error(
			`the API serves ${list.meta.total} contacts (${served.join(', ')}), the source had ${wanted.join(', ')}`,
		)
	}
	const one = (await getJson(`${base}/api/v1/contacts/${expected[0]!.id}`, cookie)) as { email?: string }
	if (one.email !== expected[0]!.email)
		throw new Error(`contact ${expected[0]!.id} came back as ${JSON.stringify(one)}`)
	step(`signed in as ${DEMO_USER_EMAIL}; the API serves all ${expected.length} contacts and reads one by id`)
	console.log(`backup and restore check passed in ${((Date.now() - startedAt) / 1000).toFixed(1)}s`)
} catch (error) {
	console.error(`backup and restore check FAILED: ${(error as Error).message}`)
	process.exitCode = 1
} finally {
	await stopApp()
	await disconnectPrisma()
	await dropDatabases().catch((error: unknown) => console.error('could not drop the check databases', error))
	await rm(workDir, { recursive: true, force: true })
	await server.stop()
}

function startApp(port: number) {
	const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
		cwd: projectRoot,
		env: {
			...process.env,
			NODE_ENV: 'production',
			DATABASE_URL: restoredUrl,
			PORT: String(port),
			APP_URL: `http://localhost:${port}`,
			WORKER: 'inline',
			DEV_LOGIN: 'true',
			LOG_REQUESTS: 'false',
			SESSION_SECRET: process.env.SESSION_SECRET ?? 'backup-check-session-secret',
			ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? 'b'.repeat(64),
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
	child.once('exit', (code) => {
		if (code) console.error(`the app exited with ${code}:\n${output.slice(-4000)}`)
	})
	return child
}

async function stopApp() {
	const child = app
	if (!child || child.exitCode !== null) return
	const exited = new Promise((resolve) => child.once('exit', resolve))
	child.kill('SIGTERM')
	const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
	await exited
	clearTimeout(timer)
}

async function waitForHealthy(base: string, timeoutMs = 120_000) {
	const deadline = Date.now() + timeoutMs
	let last = 'no answer'
	while (Date.now() < deadline) {
		if (app?.exitCode !== null) throw new Error('the app stopped before it was healthy')
		try {
			const response = await fetch(`${base}/resources/healthcheck`)
			if (response.ok) return
			last = `${response.status} ${await response.text()}`
		} catch (error) {
			last = (error as Error).message
		}
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	throw new Error(`the app was not healthy within ${timeoutMs / 1000}s: ${last}`)
}

async function getJson(url: string, cookie: string) {
	const response = await fetch(url, { headers: { Cookie: cookie } })
	if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
	return response.json()
}

async function sql<Row extends pg.QueryResultRow>(url: string, text: string) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return (await client.query<Row>(text)).rows
	} finally {
		await client.end()
	}
}

async function dropDatabases() {
	for (const name of Object.values(names))
		await sql(databaseUrlFor(server.serverUrl, 'postgres'), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
}

function exec(command: string, args: string[], options: { stdio: 'ignore' | 'inherit' }) {
	return new Promise<void>((resolve, reject) => {
		const child = spawn(command, args, { cwd: projectRoot, stdio: options.stdio })
		child.once('exit', (code) =>
			code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
		)
	})
}
