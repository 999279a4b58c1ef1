import { describe, expect, test } from 'vitest'
import {
	GoogleScopeError,
	PermanentDeliveryError,
	type OutgoingEmail,
} from '#app/integrations/mail/transport.server.ts'
import { createGmailTransport, isGmailConnected } from '#app/models/user/gmail-access.server.ts'
import { decrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { connectFakeGmailAccount, setupFakeGmail, useFakeGmailEnv } from '#tests/fakes/gmail-account.ts'
import { spawnFakeGmail } from '#tests/fakes/gmail-server.ts'

// The real googleapis client against the fake Gmail over HTTP: sending, threading,
// token refresh and the errors that make the UI ask for Gmail access again.

const fake = setupFakeGmail()

async function gmailUser(options?: Parameters<typeof connectFakeGmailAccount>[2]) {
	const { user } = await createSignedInUser()
	const tokens = await connectFakeGmailAccount(fake, user, options)
	return { user, tokens }
}

function email(user: { email: string }, overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
	const unique = Math.random().toString(36).slice(2, 10)
	return {
		from: { address: user.email, name: 'Sally Sender' },
		to: { address: 'lead@example.org', name: 'Lee Lead' },
		subject: 'Quick question',
		html: '<p>Hello Lee, <a href="https://example.com/a?b=1">look</a></p>',
		text: 'Hello Lee, look',
		messageId: `<step-${unique}@reachout.test>`,
		headers: {
			'List-Unsubscribe': '<https://app.test/u/abc>',
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		},
		...overrides,
	}
}

describe('the Gmail transport', () => {
	test('sends the RFC 822 message as the user and returns Gmail ids', async () => {
		const { user } = await gmailUser()
		expect(await isGmailConnected(user.id)).toBe(true)
		const transport = await createGmailTransport({ userId: user.id })
		expect(transport.kind).toBe('GMAIL')
		const outgoing = email(user)
		const sent = await transport.send(outgoing)

		const [record] = fake.sent()
		expect(record).toBeDefined()
		expect(sent).toEqual({ providerMessageId: record!.id, providerThreadId: record!.threadId })
		expect(record!.account).toBe(user.email.toLowerCase())
		expect(record!.from).toBe(`Sally Sender <${user.email}>`)
		expect(record!.to).toBe('Lee Lead <lead@example.org>')
		expect(record!.subject).toBe('Quick question')
		expect(record!.messageId).toBe(outgoing.messageId)
		expect(record!.headers['list-unsubscribe']).toBe('<https://app.test/u/abc>')
		expect(record!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
		expect(record!.html).toContain('href="https://example.com/a?b=1"')
		expect(record!.text).toContain('Hello Lee, look')
	})

	test('a follow-up joins the thread with In-Reply-To and References', async () => {
		const { user } = await gmailUser()
		const transport = await createGmailTransport({ userId: user.id })
		const first = email(user)
		const sentFirst = await transport.send(first)
		const followUp = email(user, {
			subject: 'Re: Quick question',
			inReplyTo: first.messageId,
			references: [first.messageId],
			threadId: sentFirst.providerThreadId,
		})
		const sentFollowUp = await transport.send(followUp)

		expect(sentFollowUp.providerThreadId).toBe(sentFirst.providerThreadId)
		expect(sentFollowUp.providerMessageId).not.toBe(sentFirst.providerMessageId)
		const record = fake.sent()[1]!
		expect(record.inReplyTo).toBe(first.messageId)
		expect(record.references).toEqual([first.messageId])
		// Without the thread headers Gmail would have started a new thread.
		const stray = await transport.send(
			email(user, { subject: 'Re: Quick question', threadId: sentFirst.providerThreadId }),
		)
		expect(stray.providerThreadId).not.toBe(sentFirst.providerThreadId)
	})

	test('an expired access token is refreshed and the new one is stored encrypted', async () => {
		const { user, tokens } = await gmailUser({ accessTokenExpiresAt: new Date(Date.now() - 60_000) })
		const transport = await createGmailTransport({ userId: user.id })
		await transport.send(email(user))

		expect(fake.counters().tokenRefreshes).toBe(1)
		const stored = await prisma.googleAccount.findUniqueOrThrow({ where: { userId: user.id } })
		const accessToken = decrypt(stored.accessTokenEncrypted)
		expect(accessToken).not.toBe(tokens.accessToken)
		expect(stored.accessTokenEncrypted).not.toContain(accessToken)
		expect(stored.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_000_000)
		expect(decrypt(stored.refreshTokenEncrypted!)).toBe(tokens.refreshToken)

		// The next transport (another worker) reuses the stored token without refreshing.
		await (await createGmailTransport({ userId: user.id })).send(email(user))
		expect(fake.counters().tokenRefreshes).toBe(1)
	})

	test('a token Google rejects with 401 before its expiry is refreshed once and the send retried', async () => {
		const { user } = await gmailUser()
		fake.expireAccessTokens(user.email)
		await (await createGmailTransport({ userId: user.id })).send(email(user))
		expect(fake.counters()).toMatchObject({ tokenRefreshes: 1, sends: 1 })
	})

	test('a revoked grant (invalid_grant) raises GoogleScopeError and flags the user', async () => {
		const { user } = await gmailUser()
		fake.revokeGrant(user.email)
		const transport = await createGmailTransport({ userId: user.id })
		await expect(transport.send(email(user))).rejects.toBeInstanceOf(GoogleScopeError)
		expect(fake.counters().sends).toBe(0)
		const flagged = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		expect(flagged.shouldResetGmailScope).toBe(true)

		// Still "connected" (the resolver must not fall back to another transport), but refused at once.
		expect(await isGmailConnected(user.id)).toBe(true)
		await expect(createGmailTransport({ userId: user.id })).rejects.toBeInstanceOf(GoogleScopeError)
	})

	test('a token without the send scope raises GoogleScopeError', async () => {
		const { user } = await gmailUser()
		fake.setScope('openid https://www.googleapis.com/auth/gmail.readonly', user.email)
		const transport = await createGmailTransport({ userId: user.id })
		await expect(transport.send(email(user))).rejects.toBeInstanceOf(GoogleScopeError)
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).shouldResetGmailScope).toBe(true)
	})

	test('a user without a Gmail grant is not connected and gets GoogleScopeError', async () => {
		const { user } = await createSignedInUser()
		expect(await isGmailConnected(user.id)).toBe(false)
		await expect(createGmailTransport({ userId: user.id })).rejects.toBeInstanceOf(GoogleScopeError)

		const { user: identityOnly } = await gmailUser({ scope: 'openid email profile' })
		expect(await isGmailConnected(identityOnly.id)).toBe(false)
		await expect(createGmailTransport({ userId: identityOnly.id })).rejects.toBeInstanceOf(GoogleScopeError)
	})

	test('an invalid recipient is a PermanentDeliveryError; a server error is not', async () => {
		const { user } = await gmailUser()
		const transport = await createGmailTransport({ userId: user.id })
		await expect(transport.send(email(user, { to: { address: 'not-an-address' } }))).rejects.toBeInstanceOf(
			PermanentDeliveryError,
		)

		fake.failSends(1, { status: 503, message: 'Backend Error' })
		const failure = await transport.send(email(user)).catch((error: unknown) => error)
		expect(failure).toBeInstanceOf(Error)
		expect(failure).not.toBeInstanceOf(PermanentDeliveryError)
		expect(failure).not.toBeInstanceOf(GoogleScopeError)
		// POST is not retried by the client: one attempt, nothing sent.
		expect(fake.counters()).toMatchObject({ failedSends: 1, sends: 0 })
	})

	test('findSent finds a message whose answer was lost, and nothing for an unsent one', async () => {
		const { user } = await gmailUser()
		const transport = await createGmailTransport({ userId: user.id })
		const outgoing = email(user)
		fake.configure({ loseResponses: 1 })
		await expect(transport.send(outgoing)).rejects.toThrow()

		const found = await transport.findSent(outgoing.messageId)
		expect(fake.sent()).toHaveLength(1)
		const [record] = fake.sent()
		expect(found).toEqual({ providerMessageId: record!.id, providerThreadId: record!.threadId })
		expect(await transport.findSent('<never-sent@reachout.test>')).toBeNull()
	})

	test('findSent with a revoked grant raises GoogleScopeError', async () => {
		const { user } = await gmailUser()
		const transport = await createGmailTransport({ userId: user.id })
		fake.setTokenError('invalid_grant')
		fake.expireAccessTokens(user.email)
		await expect(transport.findSent('<x@reachout.test>')).rejects.toBeInstanceOf(GoogleScopeError)
	})

	test('the fake also runs as its own process, steered over its control API', async () => {
		const child = await spawnFakeGmail()
		try {
			useFakeGmailEnv(child.env)
			const { user } = await createSignedInUser()
			await connectFakeGmailAccount(child, user, { accessTokenExpiresAt: new Date(Date.now() - 1000) })
			const transport = await createGmailTransport({ userId: user.id })
			const first = email(user)
			const sent = await transport.send(first)
			const reply = await child.injectReply({
				threadId: sent.providerThreadId!,
				from: 'lead@example.org',
				body: 'Hi!',
			})
			expect(reply).toMatchObject({ threadId: sent.providerThreadId })
			expect(await transport.findSent(first.messageId)).toEqual(sent)
			expect(await child.counters()).toMatchObject({ sends: 1, tokenRefreshes: 1 })
			expect((await child.sent()).map((message) => message.messageId)).toEqual([first.messageId])
			expect(fake.sent()).toHaveLength(0)
		} finally {
			useFakeGmailEnv(fake.env)
			await child.close()
		}
	})
})
