import { describe, expect, test } from 'vitest'
import { recordInboundMessage } from '#app/models/conversation/reply-detection.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { connectFakeGmailAccount, setupFakeGmail } from '#tests/fakes/gmail-account.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// GET /api/v1/conversations?sequence= and POST /api/v1/sequences/reply through the real router,
// over the outbox (a user without Gmail) and over Gmail (the fake), plus the outbox's
// "reply as the contact" resource route.

const send = setupApiRouter()
const fake = setupFakeGmail({ resetEachTest: false })

/** A signed-in user's sequence whose first step went out (through Gmail when `gmail`). */
async function sentSequence({ gmail = false } = {}) {
	const signedIn = await createSignedInUser()
	if (gmail) await connectFakeGmailAccount(fake, signedIn.user)
	const sequence = await insertSequence({
		organizationId: signedIn.organization.id,
		user: signedIn.user,
		steps: [{ daysAfter: 0 }, { daysAfter: 3 }],
	})
	await activateSequences(signedIn.organization.id, [sequence.id])
	expect(await sendEmailStep(sequence.emailSteps[0]!.id)).toBe('sent')
	const stored = await prisma.sequence.findUniqueOrThrow({
		where: { id: sequence.id },
		include: { contact: true, emailSteps: { orderBy: { order: 'asc' } } },
	})
	return { ...signedIn, sequence: stored }
}

async function contactReplies(context: Awaited<ReturnType<typeof sentSequence>>, text = 'Happy to talk.') {
	const messageIdHeader = `<contact-${Math.random().toString(36).slice(2)}@example.org>`
	await recordInboundMessage({
		organizationId: context.organization.id,
		sequenceId: context.sequence.id,
		providerMessageId: `provider-${messageIdHeader}`,
		from: context.sequence.contact.email!,
		date: new Date(),
		subject: 'Re: Quick question',
		text,
		messageIdHeader,
		inReplyTo: context.sequence.emailSteps[0]!.messageId,
	})
	return messageIdHeader
}

describe('GET /api/v1/conversations', () => {
	test('lists the sent emails and the replies, oldest first', async () => {
		const context = await sentSequence()
		await contactReplies(
			context,
			'Happy to talk.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Sally <s@x.com> wrote:\n> Hello',
		)
		const result = await send('GET', `/api/v1/conversations?sequence=${context.sequence.id}`, {
			cookie: context.cookie,
		})
		expect(result.status).toBe(200)
		expect(result.json).toHaveLength(2)
		expect(result.json[0]).toMatchObject({
			id: context.sequence.emailSteps[0]!.id,
			type: 'EMAIL',
			from: context.user.email,
			body: 'Hello, this is email 1.',
			isFromUser: true,
			metadata: { conversationId: context.sequence.threadId },
		})
		expect(result.json[1]).toMatchObject({
			type: 'EMAIL',
			from: context.sequence.contact.email,
			body: 'Happy to talk.',
			isFromUser: false,
		})
		expect(new Date(result.json[0].date).getTime()).toBeLessThanOrEqual(
			new Date(result.json[1].date).getTime(),
		)
	})

	test('400 without a sequence, 404 for an unknown or another organization’s, 401 signed out', async () => {
		const context = await sentSequence()
		const intruder = await createSignedInUser()
		expectApiError(
			await send('GET', '/api/v1/conversations', { cookie: context.cookie }),
			400,
			'Sequence ID is required',
		)
		expectApiError(await send('GET', '/api/v1/conversations?sequence=nope', { cookie: context.cookie }), 404)
		expectApiError(
			await send('GET', `/api/v1/conversations?sequence=${context.sequence.id}`, { cookie: intruder.cookie }),
			404,
		)
		expectApiError(await send('GET', `/api/v1/conversations?sequence=${context.sequence.id}`), 401)
	})
})

describe('POST /api/v1/sequences/reply', () => {
	test('through the outbox: answers the latest message with the whole chain and joins the conversation', async () => {
		const context = await sentSequence()
		const contactMessageId = await contactReplies(context)
		const result = await send('POST', '/api/v1/sequences/reply', {
			cookie: context.cookie,
			json: { sequenceId: context.sequence.id, body: 'Great — Tuesday at 10?\nTalk soon' },
		})
		expect(result.status, result.text).toBe(201)
		expect(result.json).toMatchObject({
			isFromUser: true,
			body: 'Great — Tuesday at 10?\nTalk soon',
			from: context.user.email,
		})

		const outbox = await prisma.outboxMessage.findMany({
			where: { organizationId: context.organization.id },
			orderBy: { createdAt: 'asc' },
		})
		expect(outbox).toHaveLength(2)
		const reply = outbox[1]!
		expect(reply.subject).toBe('Re: Quick question')
		expect(reply.inReplyTo).toBe(contactMessageId)
		expect(reply.headers).toMatchObject({
			References: `${context.sequence.emailSteps[0]!.messageId} ${contactMessageId}`,
		})
		expect(reply.html).toBe('<p>Great — Tuesday at 10?<br>Talk soon</p>')
		expect(reply.toAddress).toContain(context.sequence.contact.email!)

		const listed = await send('GET', `/api/v1/conversations?sequence=${context.sequence.id}`, {
			cookie: context.cookie,
		})
		expect(listed.json.map((message: { isFromUser: boolean }) => message.isFromUser)).toEqual([
			true,
			false,
			true,
		])
		// A reply from the drawer does not restart the stopped sequence.
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: context.sequence.id } })).status).toBe(
			'PAUSED',
		)
	})

	test('through Gmail: posts into the thread, In-Reply-To the contact’s message', async () => {
		const context = await sentSequence({ gmail: true })
		const threadId = context.sequence.threadId!
		const injected = await fake.injectReply({
			threadId,
			from: context.sequence.contact.email!,
			body: 'Sure.',
		})
		await recordInboundMessage({
			organizationId: context.organization.id,
			sequenceId: context.sequence.id,
			providerMessageId: injected.id,
			from: context.sequence.contact.email!,
			date: new Date(),
			text: 'Sure.',
			messageIdHeader: injected.messageId,
			inReplyTo: context.sequence.emailSteps[0]!.messageId,
		})
		const result = await send('POST', '/api/v1/sequences/reply', {
			cookie: context.cookie,
			json: { sequenceId: context.sequence.id, body: 'Thanks!' },
		})
		expect(result.status, result.text).toBe(201)
		const sent = fake.sent().filter((message) => message.account === context.user.email.toLowerCase())
		expect(sent).toHaveLength(2)
		expect(sent[1]).toMatchObject({ threadId, inReplyTo: injected.messageId, subject: 'Re: Quick question' })
		expect(sent[1]!.references).toEqual([context.sequence.emailSteps[0]!.messageId, injected.messageId])
		expect(result.json.metadata).toEqual({ conversationId: threadId })

		// Gmail access revoked since: the permissions dialog's error.
		fake.revokeGrant(context.user.email)
		fake.expireAccessTokens(context.user.email)
		const refused = await send('POST', '/api/v1/sequences/reply', {
			cookie: context.cookie,
			json: { sequenceId: context.sequence.id, body: 'Hello again' },
		})
		expectApiError(refused, 403)
		expect(refused.json.error).toBe('GoogleScopeError')
	})

	test('refuses empty replies, bad bodies, unknown and foreign sequences', async () => {
		const context = await sentSequence()
		await contactReplies(context)
		const intruder = await createSignedInUser()
		const post = (json: unknown, cookie = context.cookie) =>
			send('POST', '/api/v1/sequences/reply', { cookie, json })
		expectApiError(await post({ sequenceId: context.sequence.id, body: '' }), 400, 'Reply cannot be empty')
		expectApiError(
			await post({ sequenceId: context.sequence.id, body: '  \n\u200B ' }),
			400,
			'Reply cannot be empty',
		)
		expectApiError(await post({ sequenceId: context.sequence.id }), 400, 'Reply cannot be empty')
		expectApiError(await post({ body: 'Hi' }), 400, 'Sequence ID is required')
		expectApiError(
			await send('POST', '/api/v1/sequences/reply', { cookie: context.cookie, body: '{nope' }),
			400,
		)
		expectApiError(await post({ sequenceId: 'nope', body: 'Hi' }), 404)
		expectApiError(await post({ sequenceId: context.sequence.id, body: 'Hi' }, intruder.cookie), 404)
		expectApiError(
			await send('POST', '/api/v1/sequences/reply', {
				json: { sequenceId: context.sequence.id, body: 'Hi' },
			}),
			401,
		)
		expect(await prisma.outboxMessage.count({ where: { organizationId: context.organization.id } })).toBe(1)
	})

	test("refuses a contact who cannot be emailed and another member's personal mailbox", async () => {
		const context = await sentSequence()
		await contactReplies(context)
		const colleague = await createSignedInUser({ organizationId: context.organization.id, role: 'MEMBER' })
		const notOwner = await send('POST', '/api/v1/sequences/reply', {
			cookie: colleague.cookie,
			json: { sequenceId: context.sequence.id, body: 'Hi' },
		})
		expectApiError(notOwner, 422)
		await prisma.contact.update({
			where: { id: context.sequence.contactId },
			data: { unsubscribedAt: new Date() },
		})
		expectApiError(
			await send('POST', '/api/v1/sequences/reply', {
				cookie: context.cookie,
				json: { sequenceId: context.sequence.id, body: 'Hi' },
			}),
			422,
			'The contact unsubscribed',
		)
		expect(await prisma.outboxMessage.count({ where: { organizationId: context.organization.id } })).toBe(1)
	})
})

describe('POST /resources/outbox/:messageId/reply (reply as the contact)', () => {
	test('records a reply to the outbox email: the step REPLIED, the sequence PAUSED', async () => {
		const context = await sentSequence()
		const email = await prisma.outboxMessage.findFirstOrThrow({
			where: { organizationId: context.organization.id },
		})
		const result = await send('POST', `/resources/outbox/${email.id}/reply`, {
			cookie: context.cookie,
			form: { body: 'Yes please, send more.' },
		})
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe(`/outbox?message=${email.id}`)
		expect(result.headers.get('Set-Cookie')).toBeTruthy()

		const sequence = await prisma.sequence.findUniqueOrThrow({
			where: { id: context.sequence.id },
			include: { emailSteps: { orderBy: { order: 'asc' } }, messages: true },
		})
		expect(sequence.status).toBe('PAUSED')
		expect(sequence.emailSteps[0]!.status).toBe('REPLIED')
		expect(sequence.messages[0]).toMatchObject({
			isFromUser: false,
			fromAddress: context.sequence.contact.email,
			bodyText: 'Yes please, send more.',
		})
	})

	test('answers JSON when asked, and refuses empty bodies and other organizations', async () => {
		const context = await sentSequence()
		const email = await prisma.outboxMessage.findFirstOrThrow({
			where: { organizationId: context.organization.id },
		})
		const intruder = await createSignedInUser()
		const empty = await send('POST', `/resources/outbox/${email.id}/reply`, {
			cookie: context.cookie,
			form: { body: ' ' },
		})
		expect(empty.status).toBe(302)
		const foreign = await send('POST', `/resources/outbox/${email.id}/reply`, {
			cookie: intruder.cookie,
			form: { body: 'Hi' },
		})
		expect(foreign.status).toBe(404)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: context.sequence.id } })).status).toBe(
			'ACTIVE',
		)
	})
})
