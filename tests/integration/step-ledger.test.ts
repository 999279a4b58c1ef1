import { Logger, runOnce } from 'graphile-worker'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createApiToken } from '#app/models/api-token/create-api-token.server.ts'
import { forgetMailboxTransports } from '#app/models/mailbox/mail-transport.server.ts'
import { recordInboundMessage } from '#app/models/conversation/reply-detection.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { activateSequences, changeSequenceStatus } from '#app/models/sequence/sequence-status.server.ts'
import { deleteSequence } from '#app/models/sequence/sequence.server.ts'
import { describeStepDecision } from '#app/models/step-ledger/describe-step-decision.ts'
import { listStepLedger } from '#app/models/step-ledger/list-step-ledger.server.ts'
import * as ledgerRoute from '#app/routes/api+/v1+/sequences.$id.ledger.ts'
import { StepLedgerQuerySchema } from '#app/schemas/step-ledger.ts'
import { encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'
import { unusedPort } from '#tests/fakes/smtp-sink.ts'

// The step ledger (issue 17, item 3; decision 050): every decision about a step is one
// append-only row, written in the transaction that changes the step.

const ENV = { EMAIL_SEND_MAX_ATTEMPTS: '2', EMAIL_SEND_RETRY_BASE_SECONDS: '0.001' }
const saved: Record<string, string | undefined> = {}

beforeAll(() => {
	for (const [name, value] of Object.entries(ENV)) {
		saved[name] = process.env[name]
		process.env[name] = value
	}
	resetEnvCache()
})
afterEach(() => forgetMailboxTransports())
afterAll(() => {
	for (const [name, value] of Object.entries(saved)) {
		if (value === undefined) delete process.env[name]
		else process.env[name] = value
	}
	resetEnvCache()
})

const quietLogger = new Logger(() => () => {})

async function runDueJobs() {
	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		concurrency: 4,
		logger: quietLogger,
	})
}

async function ledgerOf(organizationId: string, sequenceId: string) {
	const page = await listStepLedger(
		organizationId,
		sequenceId,
		StepLedgerQuerySchema.parse({ pageSize: '500' }),
	)
	return page!.entries
}

/** An organization without a send window (a window would make times depend on today's weekday). */
async function organizationWithoutWindow() {
	const signedIn = await createSignedInUser()
	await prisma.organization.update({
		where: { id: signedIn.organization.id },
		data: { sendWindowEnabled: false },
	})
	return signedIn
}

async function stepsOf(sequenceId: string) {
	return prisma.emailStep.findMany({ where: { sequenceId }, orderBy: { order: 'asc' } })
}

describe('each decision is a row with its reason', () => {
	test('scheduled, sending, sent (transport and message id), and the next step planned from the send', async () => {
		const { user, organization } = await organizationWithoutWindow()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ daysAfter: 0 }, { daysAfter: 3 }],
		})
		await activateSequences(organization.id, [sequence.id])
		const [first, second] = await stepsOf(sequence.id)
		expect(await sendEmailStep(first!.id)).toBe('sent')
		const sent = await prisma.emailStep.findUniqueOrThrow({ where: { id: first!.id } })

		const entries = await ledgerOf(organization.id, sequence.id)
		expect(entries.map((entry) => [entry.stepId, entry.decision, entry.reason])).toEqual([
			[first!.id, 'SCHEDULED', 'ACTIVATED'],
			[second!.id, 'SCHEDULED', 'ACTIVATED'],
			[first!.id, 'SENDING', 'CLAIMED'],
			[first!.id, 'SENT', 'SENT'],
			[second!.id, 'SCHEDULED', 'REPLANNED'],
		])
		const sentEntry = entries[3]!
		expect(sentEntry.detail).toMatchObject({ transport: 'OUTBOX', messageId: sent.messageId })
		expect(describeStepDecision(sentEntry)).toBe(`Sent via the local outbox (message id ${sent.messageId})`)
		const replanned = await prisma.emailStep.findUniqueOrThrow({ where: { id: second!.id } })
		expect(entries[4]!.detail.until).toBe(replanned.scheduledFor!.toISOString())
		expect(entries.every((entry) => entry.channel === 'EMAIL')).toBe(true)
	})

	test('deferred by the daily cap: until when, in which zone, and the cap', async () => {
		const { user, organization } = await organizationWithoutWindow()
		const oslo = await insertContact(organization.id, { email: 'oslo@example.org', timeZone: 'Europe/Oslo' })
		const one = await insertSequence({ organizationId: organization.id, user, steps: [{ daysAfter: 0 }] })
		const two = await insertSequence({
			organizationId: organization.id,
			user,
			contactId: oslo.id,
			steps: [{ daysAfter: 0 }],
		})
		await prisma.mailbox.update({ where: { id: one.mailboxId! }, data: { dailyLimitMax: 1 } })
		await activateSequences(organization.id, [one.id, two.id])
		const [firstStep] = await stepsOf(one.id)
		const [capped] = await stepsOf(two.id)
		expect(await sendEmailStep(firstStep!.id)).toBe('sent')
		expect(await sendEmailStep(capped!.id)).toBe('deferred')

		const deferred = (await ledgerOf(organization.id, two.id)).filter(
			(entry) => entry.decision === 'DEFERRED',
		)
		expect(deferred.length).toBeGreaterThan(0)
		const last = deferred.at(-1)!
		expect(last).toMatchObject({ reason: 'DAILY_CAP', detail: { cap: 1, timeZone: 'Europe/Oslo' } })
		const held = await prisma.emailStep.findUniqueOrThrow({ where: { id: capped!.id } })
		expect(last.detail.until).toBe(held.scheduledFor!.toISOString())
		expect(describeStepDecision(last)).toMatch(
			/^Deferred to \w{3} \d\d:\d\d Europe\/Oslo: mailbox at its daily cap of 1$/,
		)
	})

	test('deferred by the send window, in the contact zone', async () => {
		const { user, organization } = await organizationWithoutWindow()
		const oslo = await insertContact(organization.id, { email: 'w@example.org', timeZone: 'Europe/Oslo' })
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			contactId: oslo.id,
			steps: [{ daysAfter: 0 }],
		})
		await activateSequences(organization.id, [sequence.id])
		// The window closes now: open only 09:00–10:00 Oslo time on the day after tomorrow's weekday.
		const osloDay = Number(
			new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Oslo', weekday: 'short' })
				.format(new Date())
				.replace(/Mon|Tue|Wed|Thu|Fri|Sat|Sun/, (day) =>
					String(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day) + 1),
				),
		)
		const later = ((osloDay + 1) % 7) + 1
		await prisma.organization.update({
			where: { id: organization.id },
			data: { sendWindowEnabled: true, sendWindowDays: [later], sendWindowStart: 540, sendWindowEnd: 600 },
		})
		const [step] = await stepsOf(sequence.id)
		expect(await sendEmailStep(step!.id)).toBe('deferred')
		const last = (await ledgerOf(organization.id, sequence.id)).at(-1)!
		expect(last).toMatchObject({
			decision: 'DEFERRED',
			reason: 'WINDOW',
			detail: { timeZone: 'Europe/Oslo' },
		})
		expect(describeStepDecision(last)).toMatch(
			/^Deferred to \w{3} 09:\d\d Europe\/Oslo: outside the send window$/,
		)
	})

	test('skipped: the contact unsubscribed — every unsent step says so', async () => {
		const { user, organization } = await organizationWithoutWindow()
		const sequence = await insertSequence({ organizationId: organization.id, user })
		await activateSequences(organization.id, [sequence.id])
		await prisma.contact.update({ where: { id: sequence.contactId }, data: { unsubscribedAt: new Date() } })
		const steps = await stepsOf(sequence.id)
		expect(await sendEmailStep(steps[0]!.id)).toBe('stopped')
		const skipped = (await ledgerOf(organization.id, sequence.id)).filter(
			(entry) => entry.decision === 'SKIPPED',
		)
		expect(skipped.map((entry) => entry.stepId).sort()).toEqual(steps.map((step) => step.id).sort())
		expect(skipped.every((entry) => entry.reason === 'UNSUBSCRIBED')).toBe(true)
		expect(describeStepDecision(skipped[0]!)).toBe('Skipped: the contact unsubscribed')
	})

	test('stopped by a reply, with its intent; a user pause and cancel are rows too', async () => {
		const { user, organization } = await organizationWithoutWindow()
		const sequence = await insertSequence({ organizationId: organization.id, user })
		await activateSequences(organization.id, [sequence.id])
		const steps = await stepsOf(sequence.id)
		expect(await sendEmailStep(steps[0]!.id)).toBe('sent')
		const sent = await prisma.emailStep.findUniqueOrThrow({ where: { id: steps[0]!.id } })
		await recordInboundMessage({
			organizationId: organization.id,
			sequenceId: sequence.id,
			providerMessageId: 'reply-1',
			from: 'contact@example.org',
			date: new Date(),
			subject: 'Re: Quick question',
			text: 'Sounds great, can we talk on Thursday?',
			inReplyTo: sent.messageId,
		})
		const entries = await ledgerOf(organization.id, sequence.id)
		const replied = entries.find((entry) => entry.decision === 'REPLIED')!
		expect(replied).toMatchObject({ stepId: steps[0]!.id, detail: { intent: 'INTERESTED' } })
		const stopped = entries.filter((entry) => entry.decision === 'STOPPED')
		expect(stopped.map((entry) => entry.stepId).sort()).toEqual([steps[1]!.id, steps[2]!.id].sort())
		expect(stopped[0]).toMatchObject({ reason: 'REPLY', detail: { intent: 'INTERESTED', unchanged: true } })
		expect(describeStepDecision(stopped[0]!)).toBe('Stopped: the contact replied (interested)')

		const other = await insertSequence({ organizationId: organization.id, user })
		await activateSequences(organization.id, [other.id])
		await changeSequenceStatus({ organizationId: organization.id, sequenceId: other.id, status: 'PAUSED' })
		await changeSequenceStatus({ organizationId: organization.id, sequenceId: other.id, status: 'ACTIVE' })
		await changeSequenceStatus({ organizationId: organization.id, sequenceId: other.id, status: 'CANCELLED' })
		const history = await ledgerOf(organization.id, other.id)
		const firstStep = (await stepsOf(other.id))[0]!.id
		expect(
			history.filter((entry) => entry.stepId === firstStep).map((entry) => [entry.decision, entry.reason]),
		).toEqual([
			['SCHEDULED', 'ACTIVATED'],
			['STOPPED', 'PAUSED'],
			['SCHEDULED', 'RESUMED'],
			['STOPPED', 'CANCELLED'],
		])
	})

	test('an out-of-office pauses until the return: the waiting steps say so', async () => {
		const { user, organization } = await organizationWithoutWindow()
		const sequence = await insertSequence({ organizationId: organization.id, user })
		await activateSequences(organization.id, [sequence.id])
		const steps = await stepsOf(sequence.id)
		expect(await sendEmailStep(steps[0]!.id)).toBe('sent')
		const sent = await prisma.emailStep.findUniqueOrThrow({ where: { id: steps[0]!.id } })
		const back = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
		await recordInboundMessage({
			organizationId: organization.id,
			sequenceId: sequence.id,
			providerMessageId: 'ooo-1',
			from: 'contact@example.org',
			date: new Date(),
			subject: 'Automatic reply: Quick question',
			text: `I am out of the office until ${back} with limited access to email.`,
			headers: { 'auto-submitted': 'auto-replied' },
			inReplyTo: sent.messageId,
		})
		const stopped = (await ledgerOf(organization.id, sequence.id)).filter(
			(entry) => entry.decision === 'STOPPED',
		)
		expect(stopped.map((entry) => entry.stepId).sort()).toEqual([steps[1]!.id, steps[2]!.id].sort())
		expect(stopped[0]).toMatchObject({ reason: 'REPLY', detail: { intent: 'OUT_OF_OFFICE' } })
		expect(describeStepDecision(stopped[0]!)).toMatch(
			/^Stopped: the contact replied \(out of office\); resumes \w{3} \d+ \w{3} 00:00 UTC$/,
		)
	})

	test('retried after a temporary failure, then failed with the reason; the later steps stopped', async () => {
		const { user, organization } = await organizationWithoutWindow()
		await prisma.smtpTransport.create({
			data: {
				organizationId: organization.id,
				name: 'Company mail',
				host: '127.0.0.1',
				port: await unusedPort(),
				security: 'NONE',
				username: 'u',
				passwordEncrypted: encrypt('p'),
				isDefault: true,
			},
		})
		const sequence = await insertSequence({ organizationId: organization.id, user })
		await activateSequences(organization.id, [sequence.id])
		const steps = await stepsOf(sequence.id)
		expect(await sendEmailStep(steps[0]!.id)).toBe('retrying')
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(await sendEmailStep(steps[0]!.id)).toBe('failed')
		const entries = await ledgerOf(organization.id, sequence.id)
		const firstStep = entries.filter((entry) => entry.stepId === steps[0]!.id)
		expect(firstStep.map((entry) => [entry.decision, entry.reason])).toEqual([
			['SCHEDULED', 'ACTIVATED'],
			['SENDING', 'CLAIMED'],
			['RETRYING', 'TEMPORARY_FAILURE'],
			['SENDING', 'CLAIMED'],
			['FAILED', 'GAVE_UP'],
		])
		expect(firstStep[2]!.detail).toMatchObject({ attempt: 1 })
		expect(describeStepDecision(firstStep[2]!)).toMatch(
			/^Retrying at \w{3} \d\d:\d\d UTC after attempt 1 failed: The SMTP server could not be reached/,
		)
		expect(describeStepDecision(firstStep[4]!)).toMatch(
			/^Failed: The SMTP server could not be reached .*gave up after 2 attempts$/,
		)
		const later = entries.filter((entry) => entry.stepId !== steps[0]!.id && entry.decision === 'STOPPED')
		expect(later).toHaveLength(2)
	})
})

describe('append-only', () => {
	test('the database refuses to change or delete a row; deleting the sequence or organization takes them along', async () => {
		const { user, organization } = await organizationWithoutWindow()
		const sequence = await insertSequence({ organizationId: organization.id, user })
		await activateSequences(organization.id, [sequence.id])
		const [entry] = await ledgerOf(organization.id, sequence.id)
		await expect(
			prisma.stepLedgerEntry.update({ where: { position: BigInt(entry!.id) }, data: { reason: 'FORGED' } }),
		).rejects.toThrow(/append-only: UPDATE refused/)
		await expect(prisma.stepLedgerEntry.delete({ where: { position: BigInt(entry!.id) } })).rejects.toThrow(
			/append-only: DELETE refused/,
		)
		await expect(prisma.$executeRawUnsafe('TRUNCATE "StepLedgerEntry"')).rejects.toThrow(/TRUNCATE refused/)
		expect(await prisma.stepLedgerEntry.count({ where: { sequenceId: sequence.id } })).toBe(3)

		await deleteSequence(organization.id, sequence.id)
		expect(await prisma.stepLedgerEntry.count({ where: { sequenceId: sequence.id } })).toBe(0)

		const kept = await insertSequence({ organizationId: organization.id, user })
		await activateSequences(organization.id, [kept.id])
		expect(await prisma.stepLedgerEntry.count({ where: { organizationId: organization.id } })).toBe(3)
		await prisma.organization.delete({ where: { id: organization.id } })
		expect(await prisma.stepLedgerEntry.count({ where: { organizationId: organization.id } })).toBe(0)
	})
})

describe('nothing changes a step without a row', () => {
	test('a full dispatch run: every change of a step status, time or attempt has its ledger row', async () => {
		// An audit of this test's own, independent of the ledger: a row trigger on each step table.
		await prisma.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS step_change_audit (
			step_id text, txid bigint, new_status text)`)
		await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION audit_step_change() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN
				IF OLD.status IS DISTINCT FROM NEW.status OR OLD."scheduledFor" IS DISTINCT FROM NEW."scheduledFor"
					OR (TG_TABLE_NAME = 'EmailStep' AND to_jsonb(OLD)->'sendAttempts' IS DISTINCT FROM to_jsonb(NEW)->'sendAttempts') THEN
					INSERT INTO step_change_audit VALUES (NEW.id, txid_current(), NEW.status::text);
				END IF;
				RETURN NULL;
			END $$`)
		for (const table of ['EmailStep', 'LinkedInStep', 'PhoneCallStep'])
			await prisma.$executeRawUnsafe(`CREATE OR REPLACE TRIGGER audit_step_change AFTER UPDATE ON "${table}"
				FOR EACH ROW EXECUTE FUNCTION audit_step_change()`)
		try {
			const { user, organization } = await organizationWithoutWindow()
			const sequences = []
			for (let index = 0; index < 6; index++)
				sequences.push(
					await insertSequence({
						organizationId: organization.id,
						user,
						steps: [{ daysAfter: 0 }, { daysAfter: 0 }, { daysAfter: 5 }],
					}),
				)
			await prisma.mailbox.update({ where: { id: sequences[0]!.mailboxId! }, data: { dailyLimitMax: 7 } })
			await prisma.contact.update({
				where: { id: sequences[1]!.contactId },
				data: { unsubscribedAt: new Date() },
			})
			await activateSequences(
				organization.id,
				sequences.map((sequence) => sequence.id),
			)
			await changeSequenceStatus({
				organizationId: organization.id,
				sequenceId: sequences[2]!.id,
				status: 'PAUSED',
			})
			await changeSequenceStatus({
				organizationId: organization.id,
				sequenceId: sequences[3]!.id,
				status: 'CANCELLED',
			})
			for (let round = 0; round < 3; round++) await runDueJobs()
			await changeSequenceStatus({
				organizationId: organization.id,
				sequenceId: sequences[2]!.id,
				status: 'ACTIVE',
			})
			await runDueJobs()

			const statuses = await prisma.emailStep.groupBy({
				by: ['status'],
				where: { organizationId: organization.id },
				_count: true,
			})
			// The run did send, defer at the cap, skip and cancel: the check covers those paths.
			const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row._count]))
			expect(byStatus.SENT).toBeGreaterThan(0)
			expect(byStatus.CANCELED).toBeGreaterThan(0)
			const ledger = await prisma.stepLedgerEntry.findMany({ where: { organizationId: organization.id } })
			expect(ledger.some((entry) => entry.reason === 'DAILY_CAP')).toBe(true)

			const audit = await prisma.$queryRawUnsafe<
				Array<{ step_id: string; txid: bigint; new_status: string }>
			>(
				`SELECT step_id, txid, new_status FROM step_change_audit
				WHERE step_id IN (SELECT id FROM "EmailStep" WHERE "organizationId" = $1)`,
				organization.id,
			)
			const statusClass: Record<string, string> = {
				SCHEDULED: 'SCHEDULED',
				DEFERRED: 'SCHEDULED',
				RETRYING: 'SCHEDULED',
				SKIPPED: 'CANCELED',
				STOPPED: 'CANCELED',
				CANCELED: 'CANCELED',
			}
			const changes = audit.map((row) => `${row.step_id} ${row.txid} ${row.new_status}`).sort()
			const rows = ledger
				.filter((entry) => !(entry.detail as { unchanged?: boolean }).unchanged)
				.map(
					(entry) =>
						`${entry.stepId} ${entry.transactionId} ${statusClass[entry.decision] ?? entry.decision}`,
				)
				.sort()
			expect(changes.length).toBeGreaterThan(30)
			expect(rows).toEqual(changes)
		} finally {
			for (const table of ['EmailStep', 'LinkedInStep', 'PhoneCallStep'])
				await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS audit_step_change ON "${table}"`)
		}
	})
})

describe('GET /api/v1/sequences/:id/ledger', () => {
	function getLedger(
		sequenceId: string,
		query: string,
		auth: { cookie?: string; headers?: Record<string, string> },
	) {
		return callRoute(() =>
			ledgerRoute.loader({
				request: makeRequest(`/api/v1/sequences/${sequenceId}/ledger${query}`, auth),
				params: { id: sequenceId },
				context: {},
			}),
		)
	}

	test('pages through the history in plain words, per step, by session or token; another organization gets 404', async () => {
		const owner = await organizationWithoutWindow()
		const sequence = await insertSequence({ organizationId: owner.organization.id, user: owner.user })
		await activateSequences(owner.organization.id, [sequence.id])
		const [first] = await stepsOf(sequence.id)
		expect(await sendEmailStep(first!.id)).toBe('sent')

		const all = await getLedger(sequence.id, '', { cookie: owner.cookie })
		expect(all.status).toBe(200)
		expect(all.body).toMatchObject({ page: 1, pageSize: 100, total: 7 })
		expect(all.body.data[0]).toMatchObject({
			stepId: first!.id,
			channel: 'EMAIL',
			decision: 'SCHEDULED',
			reason: 'ACTIVATED',
			text: expect.stringMatching(/^Scheduled for \w{3} \d\d:\d\d UTC: the sequence started$/),
		})
		expect(all.body.data[0]).not.toHaveProperty('transactionId')

		const token = await createApiToken({
			organizationId: owner.organization.id,
			userId: owner.user.id,
			name: 'Ledger',
			scope: 'READ',
		})
		const headers = { Authorization: `Bearer ${token.token}` }
		const page = await getLedger(sequence.id, `?stepId=${first!.id}&pageSize=2&page=2`, { headers })
		expect(page.status).toBe(200)
		expect(page.body).toMatchObject({ page: 2, pageSize: 2, total: 3 })
		expect(page.body.data.map((entry: { decision: string }) => entry.decision)).toEqual(['SENT'])
		expect(page.body.data[0].text).toMatch(/^Sent via the local outbox \(message id <.+>\)$/)

		const intruder = await createSignedInUser()
		const refused = await getLedger(sequence.id, '', { cookie: intruder.cookie })
		expect(refused.status).toBe(404)
		expect(refused.body).toMatchObject({ error: 'not_found' })
		const missing = await getLedger('no-such-sequence', '?page=abc&pageSize=-1', { cookie: owner.cookie })
		expect(missing.status).toBe(404)
		const anonymous = await getLedger(sequence.id, '', {})
		expect(anonymous.status).toBe(401)
	})
})
