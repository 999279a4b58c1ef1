import { describe, expect, test } from 'vitest'
import { recordInboundMessage } from '#app/models/conversation/reply-detection.server.ts'
import { resumeWaitingSequences } from '#app/models/reply-intent/resume-waiting-sequences.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'
import { inboundReply, sentSequence } from '#tests/factories/sent-sequence.ts'

// What a reply's intent does to its sequence (issue 17): out of office waits for the return day and
// goes on by itself, not now stops until its day, an unsubscribe request suppresses the contact
// everywhere, anything else stops — and the message keeps the intent and what was done.

const RECEIVED = new Date('2026-11-27T10:00:00Z')

async function messageOf(sequenceId: string) {
	return prisma.conversationMessage.findFirstOrThrow({ where: { sequenceId, isFromUser: false } })
}

async function sequenceOf(id: string) {
	return prisma.sequence.findUniqueOrThrow({
		where: { id },
		include: { emailSteps: { orderBy: { order: 'asc' } } },
	})
}

describe('reply intent', () => {
	test('an out-of-office with a return day pauses until the day after, then the sequence goes on', async () => {
		const context = await sentSequence(1)
		const { outcome } = await recordInboundMessage(
			inboundReply(context, {
				date: RECEIVED,
				subject: 'Automatic reply: Quick question',
				headers: { 'auto-submitted': 'auto-replied' },
				text: 'I am out of the office until Monday, December 7th with limited access to email.',
				html: null,
			}),
		)
		expect(outcome).toBe('AUTO_REPLY')
		const paused = await sequenceOf(context.sequence.id)
		expect(paused).toMatchObject({ status: 'PAUSED', resumeReason: 'Out of office until 2026-12-07' })
		expect(paused.resumeAt?.toISOString()).toBe('2026-12-08T00:00:00.000Z')
		expect(paused.emailSteps[0]!.status).toBe('SENT') // not a reply: the step was not answered
		const message = await messageOf(context.sequence.id)
		expect(message).toMatchObject({ automatic: 'AUTO_REPLY', intent: 'OUT_OF_OFFICE', intentSource: 'rules' })
		expect(message.intentDate?.toISOString().slice(0, 10)).toBe('2026-12-07')
		expect(message.intentReason).toContain('Paused until 2026-12-08')
		// The follow-up due meanwhile does not go.
		expect(await sendEmailStep(paused.emailSteps[1]!.id)).toBe('skipped')

		// Not yet: the day before the resume nothing happens; on the day it goes on.
		await resumeWaitingSequences(new Date('2026-12-07T23:59:00Z'))
		expect((await sequenceOf(context.sequence.id)).status).toBe('PAUSED')
		await resumeWaitingSequences(new Date('2026-12-08T00:01:00Z'))
		const resumed = await sequenceOf(context.sequence.id)
		expect(resumed).toMatchObject({ status: 'ACTIVE', resumeAt: null, resumeReason: null })
		expect(resumed.emailSteps[1]!.status).toBe('SCHEDULED')
	})

	test('an out-of-office without a return day changes nothing', async () => {
		const context = await sentSequence(1)
		await recordInboundMessage(
			inboundReply(context, {
				subject: 'Out of office',
				headers: { 'auto-submitted': 'auto-replied' },
				text: 'I am on parental leave until further notice.',
				html: null,
			}),
		)
		expect((await sequenceOf(context.sequence.id)).status).toBe('ACTIVE')
		expect(await messageOf(context.sequence.id)).toMatchObject({ intent: 'OUT_OF_OFFICE', intentDate: null })
	})

	test('the contact answering while the sequence waits for their return stops it for good', async () => {
		const context = await sentSequence(1)
		await recordInboundMessage(
			inboundReply(context, {
				date: RECEIVED,
				subject: 'Out of office',
				headers: { 'auto-submitted': 'auto-replied' },
				text: 'Out of the office, back on December 7.',
				html: null,
			}),
		)
		await recordInboundMessage(inboundReply(context, { text: 'Sounds good, call me Tuesday.', html: null }))
		const sequence = await sequenceOf(context.sequence.id)
		expect(sequence).toMatchObject({ status: 'PAUSED', resumeAt: null })
		await resumeWaitingSequences(new Date('2027-01-01T00:00:00Z'))
		expect((await sequenceOf(context.sequence.id)).status).toBe('PAUSED')
	})

	test('"not now" with a day stops the sequence until that day', async () => {
		const context = await sentSequence(1)
		const { outcome } = await recordInboundMessage(
			inboundReply(context, {
				date: RECEIVED,
				text: 'Not a priority right now. Ping me in March.',
				html: null,
			}),
		)
		expect(outcome).toBe('REPLY')
		const sequence = await sequenceOf(context.sequence.id)
		expect(sequence.status).toBe('PAUSED')
		expect(sequence.resumeAt?.toISOString()).toBe('2027-03-01T00:00:00.000Z')
		expect(sequence.emailSteps[0]!.status).toBe('REPLIED')
		const message = await messageOf(context.sequence.id)
		expect(message).toMatchObject({ intent: 'NOT_NOW' })
		expect(message.intentReason).toContain('goes on by itself on 2027-03-01')
		const event = await prisma.sequenceEvent.findFirstOrThrow({
			where: { sequenceId: context.sequence.id, type: 'REPLY' },
		})
		expect(event.metadata).toMatchObject({ intent: 'NOT_NOW' })
	})

	test('an unsubscribe request suppresses the contact in every sequence', async () => {
		const context = await sentSequence(1)
		// A second running sequence of the same contact, in the same organization.
		const other = await insertSequence({
			organizationId: context.organization.id,
			user: context.user,
			contactId: context.contact.id,
			steps: [{ daysAfter: 0 }],
		})
		await recordInboundMessage(
			inboundReply(context, { text: 'Please remove me from your mailing list.', html: null }),
		)
		const contact = await prisma.contact.findUniqueOrThrow({ where: { id: context.contact.id } })
		expect(contact.unsubscribedAt).not.toBeNull()
		for (const id of [context.sequence.id, other.id]) {
			const sequence = await sequenceOf(id)
			expect(sequence, id).toMatchObject({
				status: 'CANCELLED',
				failureReason: 'The contact asked to stop in a reply',
			})
		}
		expect((await messageOf(context.sequence.id)).intent).toBe('UNSUBSCRIBE')
	})

	test('interested, a referral and a no stop the sequence and keep what was meant', async () => {
		for (const [text, intent] of [
			['Sounds interesting, can we talk Thursday?', 'INTERESTED'],
			["I'm not the right person. You should talk to Priya Shah (priya@northwind.example).", 'REFERRAL'],
			["Thanks, but we're not interested.", 'NEGATIVE'],
		] as const) {
			const context = await sentSequence(1)
			await recordInboundMessage(inboundReply(context, { text, html: null }))
			expect((await sequenceOf(context.sequence.id)).status, text).toBe('PAUSED')
			const message = await messageOf(context.sequence.id)
			expect(message.intent, text).toBe(intent)
			if (intent === 'REFERRAL')
				expect(message.intentReferral).toEqual({ name: 'Priya Shah', email: 'priya@northwind.example' })
		}
	})

	test('a waiting sequence of another organization is resumed as its own, never crossed', async () => {
		const context = await sentSequence(1)
		const intruder = await createSignedInUser()
		const { outcome } = await recordInboundMessage({
			...inboundReply(context, { text: 'Ping me in March.', html: null }),
			organizationId: intruder.organization.id,
		})
		expect(outcome).toBe('NOT_FOUND')
		expect(await sequenceOf(context.sequence.id)).toMatchObject({ status: 'ACTIVE', resumeAt: null })
	})
})
