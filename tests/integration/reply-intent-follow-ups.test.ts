import { describe, expect, test } from 'vitest'
import { recordInboundMessage } from '#app/models/conversation/reply-detection.server.ts'
import { listFollowUpTasks, setFollowUpTaskDone } from '#app/models/follow-up-task/follow-up-tasks.server.ts'
import { notifyReplyOwner } from '#app/models/reply-intent/notify-reply-owner.server.ts'
import { updateReplyIntentActions } from '#app/models/reply-intent/reply-intent-settings.server.ts'
import { DEFAULT_REPLY_INTENT_ACTIONS } from '#app/schemas/reply-intent-settings.ts'
import { prisma } from '#app/utils/db.server.ts'
import { setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { inboundReply, sentSequence } from '#tests/factories/sent-sequence.ts'

// What follows a reply is the organization's choice (issue 17, decision 052): by default a referral
// becomes a task to contact the person named, interested and negative email the sequence's owner;
// each can be turned down to "stop the sequence", and out of office, not now and unsubscribe too.

const send = setupApiRouter()

const REFERRAL =
	"I'm not the right person for this. You should talk to Priya Shah (priya.shah@northwind.example), she runs procurement."
const INTERESTED = 'Sounds good, does Tuesday at 10 work for a call?'
const NOT_NOW = 'Not a priority right now. Ping me in March.'
const UNSUBSCRIBE = 'Please remove me from your mailing list.'

async function notificationJobs(messageId: string) {
	const rows = await prisma.$queryRaw<Array<{ payload: { messageId: string } }>>`
		SELECT payload FROM graphile_worker._private_jobs WHERE key = ${'notify-reply-owner:' + messageId}`
	return rows
}

async function replyOf(sequenceId: string) {
	return prisma.conversationMessage.findFirstOrThrow({ where: { sequenceId, isFromUser: false } })
}

async function reply(context: Awaited<ReturnType<typeof sentSequence>>, text: string) {
	await recordInboundMessage(inboundReply(context, { text, html: null }))
	return replyOf(context.sequence.id)
}

describe('follow-ups by default', () => {
	test('a referral adds a task for the sequence’s owner to contact the person named', async () => {
		const context = await sentSequence(1)
		const message = await reply(context, REFERRAL)
		expect(message.intent).toBe('REFERRAL')
		expect(message.intentReason).toContain('a task to contact Priya Shah was added')
		const { tasks, total } = await listFollowUpTasks(context.organization.id)
		expect(total).toBe(1)
		expect(tasks[0]).toMatchObject({
			kind: 'CONTACT_REFERRED_PERSON',
			status: 'OPEN',
			personName: 'Priya Shah',
			personEmail: 'priya.shah@northwind.example',
			sequenceId: context.sequence.id,
			assignee: { id: context.user.id },
			contact: { id: context.contact.id },
		})
		expect(tasks[0]!.title).toBe(
			`Contact Priya Shah, referred by ${context.contact.firstName} ${context.contact.lastName}`,
		)
		// The same reply seen again (a second sync) adds nothing.
		await recordInboundMessage(
			inboundReply(context, { providerMessageId: message.providerMessageId!, text: REFERRAL, html: null }),
		)
		expect((await listFollowUpTasks(context.organization.id)).total).toBe(1)

		// Another organization can neither list nor close it.
		const other = await createSignedInUser()
		expect((await listFollowUpTasks(other.organization.id)).total).toBe(0)
		expect(await setFollowUpTaskDone(other.organization.id, tasks[0]!.id, true)).toBe(false)
		expect(await setFollowUpTaskDone(context.organization.id, tasks[0]!.id, true)).toBe(true)
		expect(
			(await listFollowUpTasks(context.organization.id, { status: 'DONE' })).tasks[0]!.doneAt,
		).not.toBeNull()
	})

	test('an interested reply emails the owner (the outbox without SMTP), once per message', async () => {
		const context = await sentSequence(1)
		const message = await reply(context, INTERESTED)
		expect(message.intent).toBe('INTERESTED')
		expect(message.intentReason).toContain('its owner is told by email')
		expect(await notificationJobs(message.id)).toEqual([{ payload: { messageId: message.id } }])

		expect(await notifyReplyOwner(message.id)).toEqual({ status: 'sent' })
		const sent = await prisma.outboxMessage.findFirstOrThrow({
			where: { organizationId: context.organization.id, toAddress: context.user.email },
		})
		expect(sent.subject).toBe(`${context.contact.firstName} ${context.contact.lastName} replied: interested`)
		expect(sent.text).toContain(INTERESTED)
		expect(sent.text).toContain(`/sequences/${context.sequence.id}`)
		expect(await notifyReplyOwner('no-such-message')).toEqual({ status: 'not_found' })
	})
})

describe('as the organization chose', () => {
	test('“stop the sequence” everywhere: no task, no email, no resume, no suppression, out of office keeps sending', async () => {
		const outOfOffice = await sentSequence(1)
		await updateReplyIntentActions(outOfOffice.organization.id, {
			OUT_OF_OFFICE: 'CONTINUE',
			NOT_NOW: 'STOP',
			UNSUBSCRIBE: 'STOP',
			REFERRAL: 'STOP',
			INTERESTED: 'STOP',
		})
		await recordInboundMessage(
			inboundReply(outOfOffice, {
				subject: 'Automatic reply',
				headers: { 'auto-submitted': 'auto-replied' },
				text: 'I am out of the office until Monday, December 7th.',
				html: null,
			}),
		)
		const stillSending = await prisma.sequence.findUniqueOrThrow({ where: { id: outOfOffice.sequence.id } })
		expect(stillSending).toMatchObject({ status: 'ACTIVE', resumeAt: null })
		expect((await replyOf(outOfOffice.sequence.id)).intentReason).toContain('goes on as planned')

		// The other sequences of the same organization.
		const make = async () => {
			const { sequence, steps, contact } = await sentSequence(1)
			await prisma.sequence.update({
				where: { id: sequence.id },
				data: { organizationId: outOfOffice.organization.id },
			})
			await prisma.contact.update({
				where: { id: contact.id },
				data: { organizationId: outOfOffice.organization.id },
			})
			return { ...outOfOffice, sequence, steps, contact }
		}
		const notNow = await make()
		const notNowReply = await reply(notNow, NOT_NOW)
		expect(notNowReply.intent).toBe('NOT_NOW')
		expect(await prisma.sequence.findUniqueOrThrow({ where: { id: notNow.sequence.id } })).toMatchObject({
			status: 'PAUSED',
			resumeAt: null,
		})

		const unsubscribe = await make()
		expect((await reply(unsubscribe, UNSUBSCRIBE)).intent).toBe('UNSUBSCRIBE')
		const contact = await prisma.contact.findUniqueOrThrow({ where: { id: unsubscribe.contact.id } })
		expect(contact.unsubscribedAt).toBeNull()
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: unsubscribe.sequence.id } })).status).toBe(
			'PAUSED',
		)

		const referral = await make()
		expect((await reply(referral, REFERRAL)).intent).toBe('REFERRAL')
		expect((await listFollowUpTasks(outOfOffice.organization.id)).total).toBe(0)

		const interested = await make()
		const interestedReply = await reply(interested, INTERESTED)
		expect(await notificationJobs(interestedReply.id)).toEqual([])
	})
})

describe('the API', () => {
	test('reads and changes the choices (owners and admins), lists and closes tasks, in its organization only', async () => {
		const owner = await createSignedInUser()
		const member = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		const read = await send('GET', '/api/v1/settings/reply-actions', { cookie: member.cookie })
		expect(read.status).toBe(200)
		expect(read.json.data).toEqual(DEFAULT_REPLY_INTENT_ACTIONS)

		const refused = await send('PATCH', '/api/v1/settings/reply-actions', {
			cookie: member.cookie,
			json: { NOT_NOW: 'STOP' },
		})
		expect(refused.status).toBe(403)
		const invalid = await send('PATCH', '/api/v1/settings/reply-actions', {
			cookie: owner.cookie,
			json: { NOT_NOW: 'SUPPRESS' },
		})
		expect(invalid.status).toBe(400)
		expect(invalid.json).toMatchObject({
			error: 'validation_error',
			message: 'Choose what happens after a reply of this kind',
		})
		const unknown = await send('PATCH', '/api/v1/settings/reply-actions', {
			cookie: owner.cookie,
			json: { BOUNCE: 'STOP' },
		})
		expect(unknown.status).toBe(400)
		const changed = await send('PATCH', '/api/v1/settings/reply-actions', {
			cookie: owner.cookie,
			json: { NOT_NOW: 'STOP' },
		})
		expect(changed.status).toBe(200)
		expect(changed.json.data).toEqual({ ...DEFAULT_REPLY_INTENT_ACTIONS, NOT_NOW: 'STOP' })

		const context = await sentSequence(1)
		await reply(context, REFERRAL)
		const list = await send('GET', '/api/v1/tasks', { cookie: context.cookie })
		expect(list.status).toBe(200)
		expect(list.json).toMatchObject({
			total: 1,
			page: 1,
			data: [{ personName: 'Priya Shah', status: 'OPEN' }],
		})
		const taskId = list.json.data[0].id as string
		expect((await send('GET', '/api/v1/tasks?status=LATER', { cookie: context.cookie })).status).toBe(400)
		// Another organization's task is not found, for reading and for closing.
		expect((await send('GET', '/api/v1/tasks', { cookie: owner.cookie })).json.total).toBe(0)
		expect(
			(await send('PATCH', `/api/v1/tasks/${taskId}`, { cookie: owner.cookie, json: { done: true } })).status,
		).toBe(404)
		expect(
			(await send('PATCH', `/api/v1/tasks/${taskId}`, { cookie: context.cookie, json: { done: 'yes' } }))
				.status,
		).toBe(400)
		const done = await send('PATCH', `/api/v1/tasks/${taskId}`, {
			cookie: context.cookie,
			json: { done: true },
		})
		expect(done.json).toEqual({ message: 'Task done' })
		expect((await send('GET', '/api/v1/tasks?status=DONE', { cookie: context.cookie })).json.total).toBe(1)
	})

	test('the Tasks page closes only its organization’s tasks', async () => {
		const context = await sentSequence(1)
		await reply(context, REFERRAL)
		const [task] = (await listFollowUpTasks(context.organization.id)).tasks
		const other = await createSignedInUser()
		const refused = await send('POST', '/tasks', {
			cookie: other.cookie,
			form: { intent: 'complete-task', taskId: task!.id },
		})
		expect(refused.status).toBe(404)
		const page = await send('GET', '/tasks', { cookie: context.cookie })
		expect(page.status).toBe(200)
		const done = await send('POST', '/tasks', {
			cookie: context.cookie,
			form: { intent: 'complete-task', taskId: task!.id },
		})
		expect([302, 303, 204, 200]).toContain(done.status)
		expect((await listFollowUpTasks(context.organization.id)).total).toBe(0)
	})
})
