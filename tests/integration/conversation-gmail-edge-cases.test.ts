import { describe, expect, test } from 'vitest'
import { listConversation } from '#app/models/conversation/conversation.server.ts'
import { syncMailbox } from '#app/models/conversation/gmail-sync.server.ts'
import { resumeWaitingSequences } from '#app/models/reply-intent/resume-waiting-sequences.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { connectFakeGmailAccount, setupFakeGmail } from '#tests/fakes/gmail-account.ts'
import { insertSequence } from '#tests/factories/sequence.ts'
import { inboundSamples, type SampleContext } from '#tests/fixtures/inbound-mail.ts'

// Issue 20, item 7: Gmail's edge cases against the fake Gmail, with raw mail as real systems
// write it (tests/fixtures/inbound-mail.ts): an out-of-office and a delay notice stop nothing,
// a policy block fails the step without flagging the address, a reply in a new thread is found.

const fake = setupFakeGmail()

/** A Gmail user's ACTIVE two-step sequence (both due now) whose first email went out through the fake. */
async function sentGmailSequence() {
	const { user, organization } = await createSignedInUser()
	await connectFakeGmailAccount(fake, user)
	const created = await insertSequence({
		organizationId: organization.id,
		user,
		subject: 'Quick question about Example Org',
		steps: [{ daysAfter: 0 }, { daysAfter: 0 }],
	})
	await activateSequences(organization.id, [created.id])
	expect(await sendEmailStep(created.emailSteps[0]!.id)).toBe('sent')
	const sequence = await state(created.id)
	const sample: SampleContext = {
		mailbox: user.email,
		contact: sequence.contact.email!,
		originalMessageId: sequence.emailSteps[0]!.messageId!,
		subject: sequence.emailSteps[0]!.subject,
	}
	return {
		user,
		organization,
		sequence,
		sample,
		mailboxId: sequence.mailboxId!,
		threadId: sequence.threadId!,
	}
}

function state(sequenceId: string) {
	return prisma.sequence.findUniqueOrThrow({
		where: { id: sequenceId },
		include: {
			contact: true,
			emailSteps: { orderBy: { order: 'asc' } },
			messages: true,
			events: { orderBy: { createdAt: 'asc' } },
		},
	})
}

describe('automatic replies', () => {
	test('an Outlook out-of-office with a return day pauses the sequence until then and shows as an automatic reply', async () => {
		const { sequence, sample, mailboxId, user } = await sentGmailSequence()
		await syncMailbox(mailboxId) // takes the cursor
		// "Automatic reply: …" is another subject: Gmail files it in a thread of its own.
		const injected = fake.injectRaw({ raw: inboundSamples.outlookAutomaticReply(sample) })
		expect(injected.threadId).not.toBe(sequence.threadId)

		expect(await syncMailbox(mailboxId)).toMatchObject({ outcomes: { AUTO_REPLY: 1 } })
		let after = await state(sequence.id)
		// "until Monday 7 December": waits for the return (reply intent, issue 17).
		expect(after.status).toBe('PAUSED')
		expect(after.emailSteps.map((step) => step.status)).toEqual(['SENT', 'SCHEDULED'])
		expect(after.events.map((event) => event.type)).toEqual(['SENT', 'AUTO_REPLY'])
		expect(after.messages).toEqual([
			expect.objectContaining({
				automatic: 'AUTO_REPLY',
				isFromUser: false,
				emailStepId: after.emailSteps[0]!.id,
			}),
		])
		const conversation = await listConversation(sequence.organizationId, sequence.id)
		expect(conversation?.map((entry) => [entry.isFromUser, entry.automatic])).toEqual([
			[true, null],
			[false, 'AUTO_REPLY'],
		])
		expect(conversation?.[1]?.body).toContain('out of the office until Monday')

		// Meanwhile the follow-up does not go; on the day after the return the sequence goes on by itself.
		expect(await sendEmailStep(after.emailSteps[1]!.id)).toBe('skipped')
		const { resumeAt } = await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })
		expect(resumeAt?.getUTCDate()).toBe(8)
		await resumeWaitingSequences(new Date(resumeAt!.getTime() + 60_000))
		after = await state(sequence.id)
		expect(after.status).toBe('ACTIVE')
		expect(after.emailSteps.map((step) => step.status)).toEqual(['SENT', 'SCHEDULED'])
		expect(fake.sent().map((sent) => sent.account)).toEqual([user.email.toLowerCase()])
	})

	test("Gmail's vacation responder in the thread is automatic too; the contact's real reply still stops it", async () => {
		const { sequence, sample, mailboxId, threadId } = await sentGmailSequence()
		await syncMailbox(mailboxId)
		fake.injectRaw({ raw: inboundSamples.gmailVacation(sample), threadId })
		expect(await syncMailbox(mailboxId)).toMatchObject({ outcomes: { AUTO_REPLY: 1 } })
		expect((await state(sequence.id)).status).toBe('ACTIVE')

		await fake.injectReply({ threadId, from: sample.contact, body: 'Back now. Tuesday works.' })
		expect(await syncMailbox(mailboxId)).toMatchObject({ outcomes: { REPLY: 1 } })
		const after = await state(sequence.id)
		expect(after.status).toBe('PAUSED')
		expect(after.emailSteps.map((step) => step.status)).toEqual(['REPLIED', 'SCHEDULED'])
	})
})

describe('delivery reports', () => {
	test('a Delivery Status Notification (Delay) is neither a bounce nor a reply', async () => {
		const { sequence, sample, mailboxId, threadId } = await sentGmailSequence()
		await syncMailbox(mailboxId)
		fake.injectRaw({ raw: inboundSamples.gmailDelay(sample), threadId })
		expect(await syncMailbox(mailboxId)).toMatchObject({ outcomes: { DELAY_NOTICE: 1 } })

		const after = await state(sequence.id)
		expect(after.status).toBe('ACTIVE')
		expect(after.contact.emailBouncedAt).toBeNull()
		expect(after.emailSteps.map((step) => step.status)).toEqual(['SENT', 'SCHEDULED'])
		expect(after.events.map((event) => event.type)).toEqual(['SENT', 'DELIVERY_DELAY'])
		expect(after.messages).toEqual([
			expect.objectContaining({ automatic: 'DELAY_NOTICE', isFromUser: false }),
		])
		expect(await sendEmailStep(after.emailSteps[1]!.id)).toBe('sent')
	})

	test('a 5.7.1 policy block fails the step with the reason and does not mark the contact bounced', async () => {
		const { user, organization, sequence, sample, mailboxId, threadId } = await sentGmailSequence()
		await syncMailbox(mailboxId)
		fake.injectRaw({ raw: inboundSamples.gmailPolicyBlock(sample), threadId })
		expect(await syncMailbox(mailboxId)).toMatchObject({ outcomes: { BOUNCE: 1 } })

		const after = await state(sequence.id)
		expect(after.contact.emailBouncedAt).toBeNull()
		expect(after.emailSteps.map((step) => step.status)).toEqual(['FAILED', 'CANCELED'])
		expect(after.emailSteps[0]!.failureReason).toMatch(
			/^The recipient's server refused the message by policy \(5\.7\.1\): 550 5\.7\.1 .*local policy/,
		)
		expect(after.status).toBe('FAILED')
		expect(after.failureReason).toBe(after.emailSteps[0]!.failureReason)
		expect(after.events.at(-1)).toMatchObject({
			type: 'BOUNCE',
			metadata: expect.objectContaining({ bounceClass: 'POLICY_BLOCK', status: '5.7.1' }),
		})

		// The address is still good: a new sequence to the same contact sends.
		const again = await insertSequence({
			organizationId: organization.id,
			user,
			contactId: sequence.contactId,
			steps: [{ daysAfter: 0 }],
		})
		await activateSequences(organization.id, [again.id])
		expect(await sendEmailStep(again.emailSteps[0]!.id)).toBe('sent')
	})

	test('a Postfix user-unknown report outside the thread, quoting our Message-ID, marks the contact as today', async () => {
		const { sequence, sample, mailboxId } = await sentGmailSequence()
		await syncMailbox(mailboxId)
		const injected = fake.injectRaw({ raw: inboundSamples.postfixUserUnknown(sample) })
		expect(injected.threadId).not.toBe(sequence.threadId)
		expect(await syncMailbox(mailboxId)).toMatchObject({ outcomes: { BOUNCE: 1 } })

		const after = await state(sequence.id)
		expect(after.contact.emailBouncedAt).not.toBeNull()
		expect(after.emailSteps.map((step) => [step.status, step.failureReason])).toEqual([
			['FAILED', "The contact's address bounced"],
			['CANCELED', "The contact's address bounced"],
		])
		expect(after.status).toBe('FAILED')
	})
})

describe('replies in a new thread', () => {
	test("a colleague's reply under another subject, referencing our Message-ID, stops the sequence", async () => {
		const { sequence, sample, mailboxId } = await sentGmailSequence()
		await syncMailbox(mailboxId)
		const reply = await fake.injectReply({
			from: 'Pat Partner <pat@example.org>',
			subject: 'Forwarding your note: who handles this',
			inReplyTo: sample.originalMessageId,
			references: [sample.originalMessageId],
			body: 'Lee passed this on to me, happy to talk.',
		})
		expect(reply.threadId).not.toBe(sequence.threadId)

		expect(await syncMailbox(mailboxId)).toMatchObject({ outcomes: { REPLY: 1 } })
		const after = await state(sequence.id)
		expect(after.status).toBe('PAUSED')
		expect(after.emailSteps.map((step) => step.status)).toEqual(['REPLIED', 'SCHEDULED'])
		expect(after.messages).toEqual([
			expect.objectContaining({
				fromAddress: 'pat@example.org',
				automatic: null,
				metadata: { conversationId: reply.threadId },
			}),
		])
	})

	test("the contact's reply in a new thread stops a due follow-up: the pre-send check searches for it", async () => {
		const { sequence, sample } = await sentGmailSequence()
		// No mailbox sync since; the contact wrote back under a subject of their own.
		await fake.injectReply({
			from: sample.contact,
			subject: 'Our call',
			inReplyTo: sample.originalMessageId,
			body: 'Call me on Tuesday.',
		})
		expect(await sendEmailStep(sequence.emailSteps[1]!.id)).toBe('stopped')
		expect(fake.sent()).toHaveLength(1)
		const after = await state(sequence.id)
		expect(after.status).toBe('PAUSED')
		expect(after.emailSteps.map((step) => step.status)).toEqual(['REPLIED', 'SCHEDULED'])
	})

	test('the first sync (no history yet) searches for new-thread replies and stray reports', async () => {
		const { sequence, sample, mailboxId } = await sentGmailSequence()
		await fake.injectReply({ from: sample.contact, subject: 'Different topic', body: 'Not now, maybe Q1.' })
		await fake.injectReply({ from: 'newsletter@example.com', subject: 'Weekly news', body: 'Hello' })
		const result = await syncMailbox(mailboxId)
		expect(result.outcomes).toEqual({ SENT_STEP: 1, REPLY: 1 })
		expect((await state(sequence.id)).status).toBe('PAUSED')
	})
})

test("the contact's mail from before the sequence's first email is not a reply", async () => {
	const { user, organization, sequence: earlier, mailboxId } = await sentGmailSequence()
	// An older sequence of the same mailbox: the first sync searches from its first email on.
	await prisma.emailStep.updateMany({
		where: { sequenceId: earlier.id, sentAt: { not: null } },
		data: { sentAt: new Date(Date.now() - 10 * 86_400_000) },
	})
	const later = await insertSequence({ organizationId: organization.id, user, steps: [{ daysAfter: 0 }] })
	const contact = await prisma.contact.findUniqueOrThrow({ where: { id: later.contactId } })
	await fake.injectReply({
		from: contact.email!,
		subject: 'Invoice 42',
		body: 'Please find the invoice attached.',
		date: new Date(Date.now() - 5 * 86_400_000).toISOString(),
	})
	await activateSequences(organization.id, [later.id])
	expect(await sendEmailStep(later.emailSteps[0]!.id)).toBe('sent')

	expect((await syncMailbox(mailboxId)).outcomes).toEqual({ SENT_STEP: 2 })
	expect((await state(later.id)).status).toBe('COMPLETED')
	expect(await prisma.conversationMessage.count({ where: { sequenceId: later.id } })).toBe(0)
})

describe('organization isolation', () => {
	test("mail in one organization's mailbox never lands on another organization's sequence", async () => {
		const ours = await sentGmailSequence()
		const theirs = await sentGmailSequence()
		await syncMailbox(ours.mailboxId)
		// Into our mailbox: a reply referencing their step, from their contact, and their bounce.
		await fake.injectReply({
			account: ours.user.email,
			from: theirs.sample.contact,
			subject: 'Wrong person?',
			inReplyTo: theirs.sample.originalMessageId,
			references: [theirs.sample.originalMessageId],
			body: 'Replying to the other company.',
		})
		fake.injectRaw({ account: ours.user.email, raw: inboundSamples.postfixUserUnknown(theirs.sample) })
		expect(await syncMailbox(ours.mailboxId)).toMatchObject({ fetched: 0, outcomes: {} })

		const untouched = await state(theirs.sequence.id)
		expect(untouched.status).toBe('ACTIVE')
		expect(untouched.messages).toEqual([])
		expect(untouched.contact.emailBouncedAt).toBeNull()
		expect((await state(ours.sequence.id)).status).toBe('ACTIVE')
		expect(await listConversation(ours.organization.id, theirs.sequence.id)).toBeNull()
	})
})
