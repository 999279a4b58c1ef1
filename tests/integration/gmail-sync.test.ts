import { Logger, runOnce } from 'graphile-worker'
import { describe, expect, test } from 'vitest'
import { listConversation } from '#app/models/conversation/conversation.server.ts'
import {
	mailboxesToSync,
	syncMailbox,
	syncSequenceThread,
} from '#app/models/conversation/gmail-sync.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { connectFakeGmailAccount, setupFakeGmail } from '#tests/fakes/gmail-account.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// Reply detection through Gmail: the real googleapis client reads the fake's history and
// threads; replies, the user's own messages and bounces injected into the fake are found.

const fake = setupFakeGmail()

/** A Gmail user's ACTIVE sequence of two steps (both due at once) whose first step went out through the fake. */
async function sentGmailSequence() {
	const { user, organization } = await createSignedInUser()
	await connectFakeGmailAccount(fake, user)
	const sequence = await insertSequence({
		organizationId: organization.id,
		user,
		steps: [{ daysAfter: 0 }, { daysAfter: 0 }],
	})
	await activateSequences(organization.id, [sequence.id])
	expect(await sendEmailStep(sequence.emailSteps[0]!.id)).toBe('sent')
	const stored = await prisma.sequence.findUniqueOrThrow({
		where: { id: sequence.id },
		include: { contact: true, emailSteps: { orderBy: { order: 'asc' } } },
	})
	expect(stored.threadId).toBe(fake.sent()[0]!.threadId)
	return { user, organization, sequence: stored, mailboxId: stored.mailboxId!, threadId: stored.threadId! }
}

async function sequenceState(sequenceId: string) {
	return prisma.sequence.findUniqueOrThrow({
		where: { id: sequenceId },
		include: { emailSteps: { orderBy: { order: 'asc' } }, messages: true },
	})
}

describe('syncing a Gmail mailbox', () => {
	test('the first sync takes the cursor; the next finds a reply through the history', async () => {
		const { sequence, mailboxId, threadId } = await sentGmailSequence()
		const first = await syncMailbox(mailboxId)
		expect(first).toMatchObject({ skipped: false, outcomes: { SENT_STEP: 1 } })
		const mailbox = await prisma.mailbox.findUniqueOrThrow({ where: { id: mailboxId } })
		expect(mailbox.gmailHistoryId).toBe(fake.profile().historyId)
		expect(mailbox.lastSyncedAt).not.toBeNull()

		await fake.injectReply({
			threadId,
			from: `Lee Lead <${sequence.contact.email}>`,
			body: 'Yes, Tuesday works.',
		})
		const second = await syncMailbox(mailboxId)
		// Only the new message was fetched: the history, not a re-read of the thread.
		expect(second).toMatchObject({ fetched: 1, outcomes: { REPLY: 1 } })

		const state = await sequenceState(sequence.id)
		expect(state.status).toBe('PAUSED')
		expect(state.emailSteps.map((step) => step.status)).toEqual(['REPLIED', 'SCHEDULED'])
		expect(state.messages).toHaveLength(1)
		expect(state.messages[0]).toMatchObject({
			isFromUser: false,
			fromAddress: sequence.contact.email,
			bodyText: expect.stringContaining('Yes, Tuesday works.'),
			metadata: { conversationId: threadId },
		})
		const conversation = await listConversation(sequence.organizationId, sequence.id)
		expect(conversation?.map((message) => [message.isFromUser, message.body])).toEqual([
			[true, 'Hello, this is email 1.'],
			[false, 'Yes, Tuesday works.'],
		])

		// Nothing new: nothing recorded twice.
		expect(await syncMailbox(mailboxId)).toMatchObject({ fetched: 0 })
		expect(await prisma.conversationMessage.count({ where: { sequenceId: sequence.id } })).toBe(1)
	})

	test('a cursor Gmail no longer has (404) falls back to re-reading the threads', async () => {
		const { sequence, mailboxId, threadId } = await sentGmailSequence()
		await syncMailbox(mailboxId)
		await fake.injectReply({ threadId, from: sequence.contact.email!, body: 'Interested.' })
		fake.expireHistory()
		const result = await syncMailbox(mailboxId)
		expect(result.outcomes).toMatchObject({ REPLY: 1, SENT_STEP: 1 })
		expect((await sequenceState(sequence.id)).status).toBe('PAUSED')
		const mailbox = await prisma.mailbox.findUniqueOrThrow({ where: { id: mailboxId } })
		expect(mailbox.gmailHistoryId).toBe(fake.profile().historyId)
	})

	test("the user's own message in the thread is kept but stops nothing", async () => {
		const { user, sequence, mailboxId, threadId } = await sentGmailSequence()
		await syncMailbox(mailboxId)
		await fake.injectReply({ threadId, from: user.email, body: 'Bumping this.', labelIds: ['SENT'] })
		expect(await syncMailbox(mailboxId)).toMatchObject({ outcomes: { OWN: 1 } })
		const state = await sequenceState(sequence.id)
		expect(state.status).toBe('ACTIVE')
		expect(state.messages.map((message) => message.isFromUser)).toEqual([true])
		expect(await sendEmailStep(state.emailSteps[1]!.id)).toBe('sent')
		expect(fake.sent()).toHaveLength(2)
	})

	test('a bounce fails the step and the sequence and flags the contact', async () => {
		const { user, organization } = await createSignedInUser()
		await connectFakeGmailAccount(fake, user)
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ daysAfter: 0 }, { daysAfter: 2 }],
		})
		const contact = await prisma.contact.findUniqueOrThrow({ where: { id: sequence.contactId } })
		fake.configure({ bounceRecipients: [contact.email!] })
		await activateSequences(organization.id, [sequence.id])
		expect(await sendEmailStep(sequence.emailSteps[0]!.id)).toBe('sent')

		const result = await syncMailbox(sequence.mailboxId!)
		expect(result.outcomes).toMatchObject({ BOUNCE: 1 })
		const state = await sequenceState(sequence.id)
		expect(state.status).toBe('FAILED')
		expect(state.emailSteps.map((step) => step.status)).toEqual(['FAILED', 'CANCELED'])
		expect(
			(await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).emailBouncedAt,
		).not.toBeNull()
	})

	test('a bounce outside the thread is matched by the Message-ID it quotes; other mail is ignored', async () => {
		const { sequence, mailboxId } = await sentGmailSequence()
		await syncMailbox(mailboxId)
		await fake.injectReply({ from: 'newsletter@example.com', subject: 'Weekly news', body: 'Hello' })
		await fake.injectBounce({ originalMessageId: sequence.emailSteps[0]!.messageId!, outsideThread: true })
		const result = await syncMailbox(mailboxId)
		expect(result.outcomes).toEqual({ BOUNCE: 1 })
		const state = await sequenceState(sequence.id)
		expect(state.status).toBe('FAILED')
		expect(state.emailSteps.map((step) => step.status)).toEqual(['FAILED', 'CANCELED'])
	})

	test('a mailbox without Gmail is skipped', async () => {
		const { user, organization } = await createSignedInUser()
		const sequence = await insertSequence({ organizationId: organization.id, user })
		expect(await syncMailbox(sequence.mailboxId!)).toMatchObject({ skipped: true })
		expect(await mailboxesToSync()).not.toContain(sequence.mailboxId)
	})
})

describe('a reply that arrives while a follow-up is due', () => {
	test('stops the follow-up: the dispatcher reads the thread before claiming it', async () => {
		const { sequence, threadId } = await sentGmailSequence()
		await fake.injectReply({ threadId, from: sequence.contact.email!, body: 'Please stop, I will call you.' })
		// No mailbox sync ran since the reply arrived; the follow-up is due now.
		const followUp = sequence.emailSteps[1]!
		expect(followUp.status).toBe('SCHEDULED')
		expect(followUp.scheduledFor!.getTime()).toBeLessThanOrEqual(Date.now())

		expect(await sendEmailStep(followUp.id)).toBe('stopped')
		expect(fake.sent()).toHaveLength(1)
		const state = await sequenceState(sequence.id)
		expect(state.status).toBe('PAUSED')
		expect(state.emailSteps.map((step) => step.status)).toEqual(['REPLIED', 'SCHEDULED'])
		expect(await syncSequenceThread(sequence.id)).toEqual({ replied: true, bounced: false })
	})
})

describe('the sync jobs', () => {
	test('the cron task queues one sync per Gmail mailbox and the sync records the reply', async () => {
		const { sequence, mailboxId, threadId } = await sentGmailSequence()
		expect(await mailboxesToSync()).toContain(mailboxId)
		await fake.injectReply({ threadId, from: sequence.contact.email!, body: 'Count me in.' })
		await prisma.$executeRaw`SELECT graphile_worker.add_job('sync_all_mailboxes', '{}'::json)`
		await runOnce({
			connectionString: process.env.DATABASE_URL!,
			taskList,
			noHandleSignals: true,
			logger: new Logger(() => () => {}),
		})
		expect((await sequenceState(sequence.id)).status).toBe('PAUSED')
		const jobs = await prisma.$queryRaw<Array<{ count: bigint }>>`
			SELECT count(*) FROM graphile_worker._private_jobs WHERE key = ${'sync-mailbox:' + mailboxId}`
		expect(Number(jobs[0]!.count)).toBe(0)
	})

	test('the sync task refuses a malformed payload', async () => {
		await expect(
			taskList.sync_mailbox!({}, {} as Parameters<NonNullable<(typeof taskList)['sync_mailbox']>>[1]),
		).rejects.toThrow()
	})
})
