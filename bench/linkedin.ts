import { fork } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figures (issue 18):
// 1. 1,000 connected accounts, each with more connection requests due than its day allows (14 each,
//    12 allowed: 12,000 actions that may go), processed against the fake LinkedIn server in ≤ 60 s of
//    worker time, with 0 actions over any account's limit and 0 sent twice. Four executor passes run
//    at once over the same accounts (four workers), so the limits and the exactly-once rule are
//    raced, not just counted.
// 2. A reply on LinkedIn stops the sequence's next email within one sync interval: replies to 200
//    sequences, read by one pass once their conversation is due, pause all 200 before any of their
//    next emails may be claimed.

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000)
const DUE_PER_ACCOUNT = 14
const WORKERS = 4
// Accounts each worker works on at once (the job runs 8; on 2 cores fewer connections go faster).
const LANES = Number(process.env.BENCH_LANES ?? 4)
const REPLIES = Math.min(200, ACCOUNTS)

const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_linkedin')
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
process.env.LINKEDIN_ACTIVE_HOURS = '0-24'
process.env.LINKEDIN_PACE_SECONDS = '0-0'
// Four workers of eight lanes each share this process's connections.
process.env.DATABASE_POOL_SIZE ??= '32'

const { encrypt } = await import('#app/utils/crypto.server.ts')
const { runServerLinkedInActions } = await import('#app/models/linkedin/run-linkedin-actions.server.ts')
const { claimLinkedInAction } = await import('#app/models/linkedin/claim-linkedin-action.server.ts')
const { disconnectPrisma } = await import('#app/utils/db.server.ts')

// The fake LinkedIn runs in its own process (LinkedIn is another machine), driven over IPC.
const fakeProcess = fork(path.join(import.meta.dirname, '_fake-linkedin-process.ts'), {
	execArgv: ['--import', 'tsx'],
	stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
const fakeBaseUrl = await new Promise<string>((resolve) =>
	fakeProcess.once('message', (message: { ready: string }) => resolve(message.ready)),
)
let nextCommand = 0
function fake<T>(command: Record<string, unknown>): Promise<T> {
	const id = ++nextCommand
	return new Promise((resolve) => {
		const listen = (message: { id?: number; result: T }) => {
			if (message.id !== id) return
			fakeProcess.off('message', listen)
			resolve(message.result)
		}
		fakeProcess.on('message', listen)
		fakeProcess.send({ ...command, id })
	})
}
const db = new pg.Client({ connectionString: databaseUrl })
await db.connect()

console.log(`seeding ${ACCOUNTS} accounts × ${DUE_PER_ACCOUNT} due connection requests…`)
const seedStarted = performance.now()
const org = await db.query(
	`INSERT INTO "Organization" (id, name, "updatedAt") VALUES ('bench-org', 'Bench', now()) RETURNING id`,
)
const organizationId = org.rows[0].id as string
const users: string[] = []
const usernames: string[] = []
const people: Array<[string, string]> = []
for (let index = 0; index < ACCOUNTS; index++) {
	users.push(`bench-user-${index}`)
	usernames.push(`seller-${index}`)
	for (let lead = 0; lead < DUE_PER_ACCOUNT; lead++)
		people.push([`bench-user-${index}`, `lead-${index}-${lead}`])
}
const credentials = await fake<Array<{ cookie: string; csrfToken: string }>>({
	type: 'seed',
	accounts: usernames,
	people: people.map(([, person]) => person),
})
const accountRows = users.map((userId, index) => [
	userId,
	`${usernames[index]}@bench.test`,
	encrypt(JSON.stringify(credentials[index])),
])
await db.query(
	`INSERT INTO "User" (id, email, name, "linkedinConnectedAt", "linkedinAuthEncrypted", "updatedAt")
	SELECT id, email, email, now(), auth, now() FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, email, auth)`,
	[accountRows.map((row) => row[0]), accountRows.map((row) => row[1]), accountRows.map((row) => row[2])],
)
await db.query(
	`INSERT INTO "Membership" (id, "userId", "organizationId", role, "updatedAt")
	SELECT 'm-' || id, id, $2, 'MEMBER', now() FROM unnest($1::text[]) AS u(id)`,
	[users, organizationId],
)
await db.query(
	`INSERT INTO "LinkedInAccount" ("userId", "allowServerActions", "activeHoursStart", "activeHoursEnd",
		"paceMinSeconds", "paceMaxSeconds", "updatedAt")
	SELECT id, true, 0, 24, 0, 0, now() FROM unnest($1::text[]) AS u(id)`,
	[users],
)
await db.query(
	`WITH input AS (
		SELECT u, p, row_number() OVER () AS n FROM unnest($1::text[], $2::text[]) AS i(u, p)
	), contact AS (
		INSERT INTO "Contact" (id, "firstName", "lastName", email, linkedin, "organizationId", "creatorId", "updatedAt")
		SELECT 'c-' || n, 'Lead', p, p || '@example.org', 'https://www.linkedin.com/in/' || p || '/', $3, u, now() FROM input
	), sequence AS (
		INSERT INTO "Sequence" (id, status, subject, "organizationId", "contactId", "creatorId", "activatedAt", "updatedAt")
		SELECT 's-' || n, 'ACTIVE', 'Hello', $3, 'c-' || n, u, now(), now() FROM input
	)
	INSERT INTO "LinkedInStep" (id, "order", username, "requestNote", status, "scheduledFor", "organizationId", "sequenceId", "updatedAt")
	SELECT 'l-' || n, 1, p, 'Hi, glad to connect.', 'SCHEDULED', now() - interval '1 minute', $3, 's-' || n, now() FROM input`,
	[people.map((row) => row[0]), people.map((row) => row[1]), organizationId],
)
console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)

// ---- figure 1: four workers racing over 1,000 accounts ----
const started = performance.now()
const passes = await Promise.all(
	Array.from({ length: WORKERS }, () =>
		runServerLinkedInActions({ baseUrl: fakeBaseUrl, budgetMs: 300_000, concurrency: LANES }),
	),
)
const workerSeconds = (performance.now() - started) / 1000

const sent = await fake<{ posts: number; perAccount: string[][] }>({
	type: 'invitations',
	accounts: usernames,
})
const overLimit = sent.perAccount.filter((invited) => invited.length > 12).length
// Every POST the fake took made an invitation, and each (account, person) at most one.
const invitationCount = sent.perAccount.reduce((sum, invited) => sum + invited.length, 0)
const sentTwice =
	sent.posts -
	invitationCount +
	sent.perAccount.reduce((sum, invited) => sum + invited.length - new Set(invited).size, 0)
const ledger = await db.query(
	`SELECT count(*) FILTER (WHERE status = 'DONE')::int AS done,
		(SELECT count(*)::int FROM (SELECT "accountUserId" FROM "LinkedInAction" WHERE kind = 'CONNECT' AND status = 'DONE'
			GROUP BY 1 HAVING count(*) > 12) over) AS "ledgerOver",
		(SELECT count(*)::int FROM (SELECT "stepId" FROM "LinkedInAction" WHERE status = 'DONE' GROUP BY 1 HAVING count(*) > 1) twice) AS "ledgerTwice"
	FROM "LinkedInAction"`,
)
const steps = await db.query(`SELECT status::text, count(*)::int FROM "LinkedInStep" GROUP BY 1 ORDER BY 1`)
const limited = await claimLinkedInAction({ userId: users[0]!, executor: 'SERVER' })

// ---- figure 2: replies stop the next email ----
const replied = users.slice(0, REPLIES)
const replySteps = await db.query(
	`SELECT DISTINCT ON (s."creatorId") l.id, l."sequenceId", s."creatorId", l.username
	FROM "LinkedInStep" l JOIN "Sequence" s ON s.id = l."sequenceId"
	WHERE s."creatorId" = ANY($1::text[]) AND l.status = 'SENT' ORDER BY s."creatorId", l.id`,
	[replied],
)
// Each: the request accepted, a message sent, an email due next — and the person answers on LinkedIn.
await fake({
	type: 'acceptAndReply',
	pairs: replySteps.rows.map((row) => [usernames[users.indexOf(row.creatorId)]!, row.username]),
	text: 'Happy to talk next week.',
})
await db.query(
	`UPDATE "LinkedInStep" SET status = 'ACCEPTED', "acceptedAt" = now() - interval '20 minutes', "nextCheckAt" = NULL WHERE id = ANY($1::text[])`,
	[replySteps.rows.map((row) => row.id)],
)
// Their sequences go on: an email is due next (tomorrow), so each is ACTIVE until the reply stops it.
await db.query(
	`WITH email AS (
		INSERT INTO "EmailStep" (id, "order", subject, "bodyText", "daysAfter", status, "scheduledFor", "organizationId", "sequenceId", "updatedAt")
		SELECT 'e-' || id, 1, 'Following up', 'Hello again.', 1, 'SCHEDULED', now() + interval '1 day', $2, id, now()
		FROM unnest($1::text[]) AS i(id)
	)
	UPDATE "Sequence" SET status = 'ACTIVE', "completedAt" = NULL WHERE id = ANY($1::text[])`,
	[replySteps.rows.map((row) => row.sequenceId), organizationId],
)
await db.query(
	`INSERT INTO "LinkedInStep" (id, "order", username, message, status, "sentAt", "nextCheckAt", metadata, "organizationId", "sequenceId", "updatedAt")
	SELECT 'm-' || id, 2, username, 'Thanks for connecting.', 'SENT', now() - interval '11 minutes', now() - interval '1 minute', '{}', $2, "sequenceId", now()
	FROM unnest($1::text[], $3::text[], $4::text[]) AS i(id, username, "sequenceId")`,
	[
		replySteps.rows.map((row) => row.id),
		organizationId,
		replySteps.rows.map((row) => row.username),
		replySteps.rows.map((row) => row.sequenceId),
	],
)
const replyStarted = performance.now()
await runServerLinkedInActions({ baseUrl: fakeBaseUrl, budgetMs: 120_000, concurrency: 8 })
const replySeconds = (performance.now() - replyStarted) / 1000
const stopped = await db.query(
	`SELECT count(*) FILTER (WHERE s.status = 'PAUSED' AND e.status = 'SCHEDULED')::int AS paused, count(*)::int AS total
	FROM "Sequence" s JOIN "EmailStep" e ON e."sequenceId" = s.id WHERE s.id = ANY($1::text[])`,
	[replySteps.rows.map((row) => row.sequenceId)],
)

console.log(
	`\nmachine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ${new Date().toISOString()}`,
)
console.log(`| Measure | Value |`)
console.log(`| --- | --- |`)
console.log(`| Accounts × due requests | ${ACCOUNTS} × ${DUE_PER_ACCOUNT} (${ACCOUNTS * 12} may go today) |`)
console.log(`| Worker time, ${WORKERS} workers racing (wall) | ${workerSeconds.toFixed(1)} s |`)
console.log(
	`| Actions done (ledger) | ${ledger.rows[0].done} (passes: ${passes.map((pass) => pass.actions).join(' + ')}) |`,
)
console.log(`| Invitations the fake received | ${sent.posts} |`)
console.log(`| Accounts over 12 (fake / ledger) | ${overLimit} / ${ledger.rows[0].ledgerOver} |`)
console.log(`| Sent twice (fake / ledger) | ${sentTwice} / ${ledger.rows[0].ledgerTwice} |`)
console.log(`| Steps by status | ${steps.rows.map((row) => `${row.status} ${row.count}`).join(', ')} |`)
console.log(`| An account's next claim | ${limited.action ? 'an action (!)' : limited.reason} |`)
console.log(
	`| Replies read, sequences paused | ${stopped.rows[0].paused} of ${stopped.rows[0].total} in one pass of ${replySeconds.toFixed(1)} s |`,
)

await db.end()
await fake({ type: 'stop' })
await disconnectPrisma()
await postgres.stop()
