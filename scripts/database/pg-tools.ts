import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

export type PgTool = { path: string; major: number }

/** The server's major version (17 for 17.6). */
export async function serverMajorVersion(databaseUrl: string) {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num')
		return Math.floor(Number(rows[0]!.server_version_num) / 10000)
	} finally {
		await client.end()
	}
}

/** `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)` → 15; null when it does not run. */
async function toolMajor(file: string) {
	try {
		const { stdout } = await run(file, ['--version'])
		const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout)
		return match ? Number(match[1]) : null
	} catch {
		return null
	}
}

/** PG_BIN_DIR first, then Debian's per-version directories (newest first), then PATH. */
function candidates(name: string) {
	const list: string[] = []
	if (process.env.PG_BIN_DIR) list.push(path.join(process.env.PG_BIN_DIR, name))
	const debian = '/usr/lib/postgresql'
	if (existsSync(debian)) {
		for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
			list.push(path.join(debian, version, 'bin', name))
	}
	list.push(name)
	return list.filter((file, index) => list.indexOf(file) === index)
}

/**
 * A pg_dump or pg_restore that can work with a server of this major version: pg_dump refuses a
 * server newer than itself, and pg_restore cannot read archives of a newer pg_dump. The same
 * major is preferred (a newer client's dump may set parameters an older server lacks).
 */
export async function findPgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<PgTool> {
	const found: PgTool[] = []
	for (const file of candidates(name)) {
		const major = await toolMajor(file)
		if (major !== null) found.push({ path: file, major })
	}
	const fitting = found.filter((tool) => tool.major >= serverMajor).sort((a, b) => a.major - b.major)
	if (fitting[0]) return fitting[0]
	const seen = found.length
		? `found only ${found.map((tool) => `${tool.path} (${tool.major})`).join(', ')}`
		: 'found none'
	throw new Error(
		`${name} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server; ${seen}. ` +
			`The embedded PostgreSQL ships without ${name}. Install PostgreSQL ${serverMajor}'s client ` +
			`(Debian 13: apt-get install postgresql-client-${serverMajor}; Debian 12 and Ubuntu: from the PostgreSQL ` +
			`apt repository; macOS: brew install postgresql@${serverMajor}) and, if it is not in one of the places ` +
			'looked at (PATH, /usr/lib/postgresql/<version>/bin), set PG_BIN_DIR to its bin directory. ' +
			'See "Backup and restore" in the README.',
	)
}

/**
 * Runs a client tool on a database URL without putting the password on the command line
 * (where `ps` shows it): the password goes in PGPASSWORD.
 */
export async function runPgTool(tool: PgTool, args: string[], databaseUrl: string) {
	const url = new URL(databaseUrl)
	const password = decodeURIComponent(url.password)
	url.password = ''
	const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }
	try {
		return await run(tool.path, [...args, `--dbname=${url.href}`], { env, maxBuffer: 64 * 1024 * 1024 })
	} catch (error) {
		const stderr = (error as { stderr?: string }).stderr?.trim()
		throw new Error(`${path.basename(tool.path)} failed${stderr ? `:\n${stderr}` : ''}`)
	}
}
