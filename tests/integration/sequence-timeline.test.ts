import { describe, expect, test } from 'vitest'
import { getSequenceTimeline } from '#app/models/sequence/sequence-timeline.server.ts'
import { listOrganizationSequences } from '#app/models/sequence/sequence.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// One view of a person across channels: email, LinkedIn and calls in time order, scoped to the
// organization, each event once.

const T0 = new Date('2026-11-02T09:00:00.000Z')
const at = (hours: number) => new Date(T0.getTime() + hours * 60 * 60 * 1000)

async function seed() {
	const { user, organization } = await createSignedInUser()
	const sequence = await insertSequence({
		organizationId: organization.id,
		user,
		status: 'ACTIVE',
		subject: 'Anvils for coyotes',
		steps: [
			{ status: 'SENT', daysAfter: 0 },
			{ status: 'REPLIED', daysAfter: 3 },
			{ status: 'CANCELED', daysAfter: 5 },
		],
		linkedInSteps: [
			{
				status: 'ACCEPTED',
				requestNote: 'Hi Wile, loved your talk.',
				sentAt: at(1),
				acceptedAt: at(30),
				metadata: { noteDropped: true },
			},
			{
				status: 'REPLIED',
				message: 'Thanks for connecting!',
				sentAt: at(31),
				repliedAt: at(40),
				repliedContent: 'Happy to chat next week.',
				metadata: { conversationId: 'conv-1' },
			},
		],
	})
	const [first, second] = sequence.emailSteps
	await prisma.emailStep.update({ where: { id: first!.id }, data: { sentAt: at(0) } })
	await prisma.emailStep.update({ where: { id: second!.id }, data: { sentAt: at(72) } })
	await prisma.conversationMessage.createMany({
		data: [
			{
				organizationId: organization.id,
				sequenceId: sequence.id,
				type: 'EMAIL',
				fromAddress: 'wile@acme.test',
				subject: 'Automatic reply: Anvils for coyotes',
				bodyText: 'I am out of the office until Monday.',
				isFromUser: false,
				automatic: 'AUTO_REPLY',
				date: at(0.5),
				providerMessageId: 'ooo-1',
			},
			{
				organizationId: organization.id,
				sequenceId: sequence.id,
				type: 'EMAIL',
				fromAddress: 'wile@acme.test',
				subject: 'Re: Anvils for coyotes',
				bodyText: 'Yes, send me the catalogue.\n\nOn Mon, someone wrote:\n> Hello',
				isFromUser: false,
				date: at(80),
				providerMessageId: 'reply-1',
				emailStepId: second!.id,
			},
			// The LinkedIn sync kept the reply the step also records: one event, not two.
			{
				organizationId: organization.id,
				sequenceId: sequence.id,
				type: 'LINKEDIN',
				fromAddress: 'wile-e-coyote',
				bodyText: 'Happy to chat next week.',
				isFromUser: false,
				date: at(40),
				providerMessageId: 'li-1',
			},
			// Our own step's message, as the sync read it back: already the step's event.
			{
				organizationId: organization.id,
				sequenceId: sequence.id,
				type: 'LINKEDIN',
				fromAddress: 'me',
				bodyText: 'Thanks for connecting!',
				isFromUser: true,
				date: at(31),
				providerMessageId: 'li-0',
			},
		],
	})
	await prisma.phoneCallStep.create({
		data: {
			organizationId: organization.id,
			sequenceId: sequence.id,
			order: 1,
			status: 'SENT',
			completedAt: at(50),
			outcome: 'VOICEMAIL',
			notes: 'Left a voicemail about the catalogue.',
		},
	})
	// A call not made yet is not on the timeline.
	await prisma.phoneCallStep.create({
		data: { organizationId: organization.id, sequenceId: sequence.id, order: 2, status: 'PENDING' },
	})
	return { user, organization, sequence }
}

describe('getSequenceTimeline', () => {
	test('email, LinkedIn and calls, sent and received, in time order, each once', async () => {
		const { organization, sequence } = await seed()
		const timeline = await getSequenceTimeline(organization.id, sequence.id)
		expect(timeline?.map((event) => [event.kind, event.at.toISOString()])).toEqual([
			['EMAIL_SENT', at(0).toISOString()],
			['EMAIL_RECEIVED', at(0.5).toISOString()],
			['LINKEDIN_REQUEST_SENT', at(1).toISOString()],
			['LINKEDIN_ACCEPTED', at(30).toISOString()],
			['LINKEDIN_MESSAGE_SENT', at(31).toISOString()],
			['LINKEDIN_REPLY', at(40).toISOString()],
			['CALL_DONE', at(50).toISOString()],
			['EMAIL_SENT', at(72).toISOString()],
			['EMAIL_RECEIVED', at(80).toISOString()],
		])
		const [firstEmail, autoReply, request, , message, reply, call, , emailReply] = timeline!
		expect(firstEmail).toMatchObject({ channel: 'EMAIL', direction: 'OUT', subject: 'Anvils for coyotes' })
		expect(autoReply).toMatchObject({ direction: 'IN', automatic: 'AUTO_REPLY' })
		// The note went without its text: the timeline says so and shows no note.
		expect(request).toMatchObject({ channel: 'LINKEDIN', noteDropped: true, text: null })
		expect(message).toMatchObject({ text: 'Thanks for connecting!', direction: 'OUT' })
		expect(reply).toMatchObject({ text: 'Happy to chat next week.', direction: 'IN' })
		expect(call).toMatchObject({
			channel: 'PHONE',
			outcome: 'VOICEMAIL',
			text: 'Left a voicemail about the catalogue.',
		})
		// The reply without its quoted history.
		expect(emailReply).toMatchObject({ automatic: null, text: 'Yes, send me the catalogue.' })
		expect(new Set(timeline!.map((event) => event.id)).size).toBe(timeline!.length)
	})

	test('a step reply the conversation does not hold shows from the step', async () => {
		const { user, organization } = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [],
			linkedInSteps: [
				{ status: 'SENT', sentAt: at(0), metadata: { alreadyConnected: true }, acceptedAt: at(0) },
				{ status: 'REPLIED', message: 'Hello', sentAt: at(1), repliedAt: at(2), repliedContent: 'Hi back' },
			],
		})
		const timeline = await getSequenceTimeline(organization.id, sequence.id)
		expect(timeline?.map((event) => event.kind)).toEqual([
			'LINKEDIN_REQUEST_SENT',
			'LINKEDIN_MESSAGE_SENT',
			'LINKEDIN_REPLY',
		])
		// Already a connection: no acceptance event.
		expect(timeline![0]).toMatchObject({ alreadyConnected: true })
		expect(timeline![2]).toMatchObject({ text: 'Hi back' })
	})

	test('nothing sent yet: an empty timeline', async () => {
		const { user, organization } = await createSignedInUser()
		const sequence = await insertSequence({ organizationId: organization.id, user })
		expect(await getSequenceTimeline(organization.id, sequence.id)).toEqual([])
	})

	test("another organization's sequence is not found", async () => {
		const { sequence } = await seed()
		const stranger = await createSignedInUser()
		expect(await getSequenceTimeline(stranger.organization.id, sequence.id)).toBeNull()
		expect(await getSequenceTimeline(stranger.organization.id, 'missing')).toBeNull()
	})
})

describe('the sequences table progress', () => {
	test('LinkedIn steps ACCEPTED and REPLIED count as sent', async () => {
		const { organization, sequence } = await seed()
		const { sequences } = await listOrganizationSequences(organization.id)
		const row = sequences.find((entry) => entry.id === sequence.id)!
		// Email SENT + REPLIED, LinkedIn ACCEPTED + REPLIED: 4 of 5 email and LinkedIn steps.
		expect(row.stats).toMatchObject({ sent: 4, progress: 80 })
	})
})
