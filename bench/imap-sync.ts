import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { startImapServer } from '#tests/fakes/imap-server.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figures (issue 20): IMAP sync of a mailbox with 10,000 messages, 200 of them replies to our
// threads: first sync ≤ 30 s, an incremental sync ≤ 1 s; a reply stops the next step within one
// sync interval. Real parts: Dovecot (tests/fakes/imap-server.ts) on loopback, imapflow, the
// sync of app/models/conversation/imap-sync.server.ts and recordInboundMessage on PostgreSQL.

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000)
const REPLIES_IN_THREAD = 180
const REPLIES_NEW_THREAD = 20 // quote our Message-ID in the body, no In-Reply-To / References
const BOUNCES = 10
const SEQUENCES = Number(process.env.BENCH_SEQUENCES ?? 1_000)
const INCREMENTAL_RUNS = 10
const ACCOUNT = 'sales@acme.test'
const PASSWORD = 'bench-imap-password'

const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_imap_sync')
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789'

const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
const { encrypt } = await import('#app/utils/crypto.server.ts')
const { syncImapMailbox, syncImapSequence } = await import('#app/models/conversation/imap-sync.server.ts')

const imap = await startImapServer({ users: { [ACCOUNT]: PASSWORD } })
try {
	const organization = await prisma.organization.create({ data: { name: 'Bench org' } })
	const user = await prisma.user.create({
		data: { email: 'bench@example.com', name: 'Bench', emailVerified: true },
	})
	const mailbox = await prisma.mailbox.create({
		data: {
			organizationId: organization.id,
			address: ACCOUNT,
			kind: 'SENDER',
			verifiedAt: new Date(),
			imapHost: imap.host,
			imapPort: imap.port,
			imapSecure: false,
			imapUsername: ACCOUNT,
			imapPasswordEncrypted: encrypt(PASSWORD),
		},
	})
	// SEQUENCES active sequences: step 1 sent (Message-ID <bench-g@acme.test>), step 2 scheduled.
	await prisma.$executeRawUnsafe(
		`INSERT INTO "Contact" (id, "firstName", "lastName", email, "organizationId", "updatedAt")
		SELECT 'c' || g, 'Lead', 'Number ' || g, 'lead' || g || '@example.org', $1, now()
		FROM generate_series(1, ${SEQUENCES}) g`,
		organization.id,
	)
	await prisma.$executeRawUnsafe(
		`INSERT INTO "Sequence" (id, status, subject, "organizationId", "contactId", "mailboxId", "creatorId", "updatedAt", "activatedAt")
		SELECT 's' || g, 'ACTIVE', 'Quick question', $1, 'c' || g, $2, $3, now(), now()
		FROM generate_series(1, ${SEQUENCES}) g`,
		organization.id,
		mailbox.id,
		user.id,
	)
	await prisma.$executeRawUnsafe(
		`INSERT INTO "EmailStep" (id, "order", subject, "bodyHtml", "bodyText", "daysAfter", status, "scheduledFor", "sentAt",
			"messageId", "providerMessageId", "organizationId", "sequenceId", "emailAddressId", "updatedAt")
		SELECT 'e' || g || '-' || n, n, 'Quick question', '<p>Hi</p>', 'Hi', CASE WHEN n = 1 THEN 0 ELSE 3 END,
			CASE WHEN n = 1 THEN 'SENT'::"StepStatus" ELSE 'SCHEDULED'::"StepStatus" END,
			now() + (n - 1) * interval '3 days', CASE WHEN n = 1 THEN now() - interval '1 day' END,
			CASE WHEN n = 1 THEN '<bench-' || g || '@acme.test>' END, CASE WHEN n = 1 THEN '<bench-' || g || '@acme.test>' END,
			$1, 's' || g, $2, now()
		FROM generate_series(1, ${SEQUENCES}) g, generate_series(1, 2) n`,
		organization.id,
		mailbox.id,
	)

	// The inbox: replies and bounces spread among newsletters and other people's mail.
	const special = new Map<number, string>()
	const stride = Math.floor(MESSAGES / (REPLIES_IN_THREAD + REPLIES_NEW_THREAD + BOUNCES))
	let g = 0
	for (let index = 0; index < REPLIES_IN_THREAD; index++)
		special.set((g * stride) % MESSAGES, replyInThread(++g))
	for (let index = 0; index < REPLIES_NEW_THREAD; index++)
		special.set((g * stride) % MESSAGES, replyNewThread(++g))
	for (let index = 0; index < BOUNCES; index++) special.set((g * stride) % MESSAGES, bounce(++g))
	const raws = Array.from({ length: MESSAGES }, (_, index) => special.get(index) ?? noise(index))
	imap.writeMaildir(ACCOUNT, raws)

	console.log(
		`IMAP sync bench: ${MESSAGES.toLocaleString('en-US')} messages (${REPLIES_IN_THREAD} replies in thread, ${REPLIES_NEW_THREAD} in a new thread, ${BOUNCES} bounces), ${SEQUENCES} sequences; ${os.cpus().length} cores, Node ${process.version}`,
	)
	let started = performance.now()
	const first = await syncImapMailbox(mailbox.id)
	const firstMs = performance.now() - started
	const paused = await prisma.sequence.count({ where: { organizationId: organization.id, status: 'PAUSED' } })
	const failed = await prisma.sequence.count({ where: { organizationId: organization.id, status: 'FAILED' } })
	console.log(
		`first sync: ${(firstMs / 1000).toFixed(2)} s, outcomes ${JSON.stringify(first.outcomes)}, ${paused} paused, ${failed} failed`,
	)
	if (first.outcomes.REPLY !== REPLIES_IN_THREAD + REPLIES_NEW_THREAD || first.outcomes.BOUNCE !== BOUNCES)
		throw new Error('The first sync did not find every reply and bounce')

	started = performance.now()
	const idle = await syncImapMailbox(mailbox.id)
	console.log(
		`incremental sync, nothing new: ${(performance.now() - started).toFixed(0)} ms (${idle.fetched} read)`,
	)

	// Each run: 4 new messages arrive, 1 a reply to a sequence still running.
	const times: number[] = []
	for (let run = 0; run < INCREMENTAL_RUNS; run++) {
		const target = SEQUENCES - run
		await imap.append(ACCOUNT, noise(MESSAGES + run * 10 + 1))
		await imap.append(ACCOUNT, noise(MESSAGES + run * 10 + 2))
		await imap.append(ACCOUNT, noise(MESSAGES + run * 10 + 3))
		await imap.append(ACCOUNT, replyInThread(target))
		started = performance.now()
		const result = await syncImapMailbox(mailbox.id)
		times.push(performance.now() - started)
		if (result.outcomes.REPLY !== 1)
			throw new Error(`incremental run ${run}: ${JSON.stringify(result.outcomes)}`)
	}
	times.sort((a, b) => a - b)
	console.log(
		`incremental sync, 4 new (1 reply), ${INCREMENTAL_RUNS} runs: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
	)

	// The dispatcher's check before a follow-up: a reply that has just arrived is found.
	const checkTimes: number[] = []
	for (let run = 0; run < INCREMENTAL_RUNS; run++) {
		const target = SEQUENCES - INCREMENTAL_RUNS - run
		await imap.append(ACCOUNT, replyInThread(target))
		started = performance.now()
		const { replied } = await syncImapSequence(`s${target}`)
		checkTimes.push(performance.now() - started)
		if (!replied) throw new Error(`pre-send check ${run} missed the reply`)
	}
	checkTimes.sort((a, b) => a - b)
	console.log(
		`pre-send check (reply just arrived), ${INCREMENTAL_RUNS} runs: median ${checkTimes[Math.floor(checkTimes.length / 2)]!.toFixed(0)} ms, max ${checkTimes.at(-1)!.toFixed(0)} ms`,
	)
} finally {
	await imap.stop()
	await disconnectPrisma()
	await postgres.stop()
}

function header(fields: Record<string, string>) {
	return Object.entries(fields)
		.map(([name, value]) => `${name}: ${value}`)
		.join('\r\n')
}

function filler(seed: number, bytes: number) {
	const words = [
		'pipeline',
		'quarter',
		'meeting',
		'update',
		'invoice',
		'launch',
		'team',
		'roadmap',
		'notes',
		'agenda',
	]
	let text = ''
	for (let index = 0; text.length < bytes; index++)
		text += words[(seed + index * 7) % words.length] + (index % 12 === 11 ? '\r\n' : ' ')
	return text
}

function noise(index: number) {
	const date = new Date(Date.now() - (MESSAGES - index) * 60_000).toUTCString()
	return `${header({
		From:
			index % 3 === 0
				? `News <news${index % 50}@letters.example.net>`
				: `Colleague ${index % 200} <c${index % 200}@acme.test>`,
		To: ACCOUNT,
		Subject: `Update #${index}`,
		Date: date,
		'Message-ID': `<noise-${index}-${randomBytes(3).toString('hex')}@example.net>`,
		...(index % 5 === 0
			? { 'In-Reply-To': `<other-${index}@example.net>`, References: `<other-${index}@example.net>` }
			: {}),
		'MIME-Version': '1.0',
		'Content-Type': 'text/plain; charset=utf-8',
	})}\r\n\r\n${filler(index, 1_500 + (index % 7) * 500)}\r\n`
}

function replyInThread(sequence: number) {
	return `${header({
		From: `Lead ${sequence} <lead${sequence}@example.org>`,
		To: ACCOUNT,
		Subject: 'Re: Quick question',
		Date: new Date().toUTCString(),
		'Message-ID': `<reply-${sequence}-${randomBytes(3).toString('hex')}@example.org>`,
		'In-Reply-To': `<bench-${sequence}@acme.test>`,
		References: `<bench-${sequence}@acme.test>`,
		'MIME-Version': '1.0',
		'Content-Type': 'text/plain; charset=utf-8',
	})}\r\n\r\nThanks, happy to talk next week.\r\n\r\n> Hi\r\n`
}

function replyNewThread(sequence: number) {
	return `${header({
		From: `lead${sequence}@example.org`,
		To: ACCOUNT,
		Subject: 'Your email',
		Date: new Date().toUTCString(),
		'Message-ID': `<fresh-${sequence}@example.org>`,
		'MIME-Version': '1.0',
		'Content-Type': 'text/plain; charset=utf-8',
	})}\r\n\r\nAnswering from my phone.\r\n\r\n-------- Original Message --------\r\nMessage-ID: <bench-${sequence}@acme.test>\r\n`
}

function bounce(sequence: number) {
	const boundary = `dsn-${sequence}`
	return `${header({
		From: 'Mail Delivery System <MAILER-DAEMON@mx.example.org>',
		To: ACCOUNT,
		Subject: 'Undelivered Mail Returned to Sender',
		Date: new Date().toUTCString(),
		'Message-ID': `<dsn-${sequence}@mx.example.org>`,
		'Auto-Submitted': 'auto-replied',
		'MIME-Version': '1.0',
		'Content-Type': `multipart/report; report-type=delivery-status; boundary="${boundary}"`,
	})}\r\n\r\n--${boundary}\r\nContent-Type: text/plain\r\n\r\nThe message could not be delivered.\r\n--${boundary}\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.org\r\n\r\nFinal-Recipient: rfc822; lead${sequence}@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n--${boundary}\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: <bench-${sequence}@acme.test>\r\nSubject: Quick question\r\n--${boundary}--\r\n`
}
