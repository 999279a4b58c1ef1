import { describe, expect, test } from 'vitest'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { action as testEmailPageAction } from '#app/routes/_app+/settings_.test-email.tsx'
import { action as emailsApi } from '#app/routes/api+/v1+/emails.ts'
import { TEST_EMAIL_MESSAGES as M } from '#app/schemas/test-email.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { connectFakeGmailAccount, setupFakeGmail } from '#tests/fakes/gmail-account.ts'

// POST /api/v1/emails (Send Test Email) and the settings form behind the dialog: validation
// with the spec's messages, only the user's own mailboxes, the local outbox when nothing else
// is configured, Gmail for a connected user, and GoogleScopeError when the grant is gone.

const fake = setupFakeGmail()

function postApi(cookie: string | undefined, json: unknown) {
	return callRoute(() =>
		emailsApi({
			request: makeRequest('/api/v1/emails', { method: 'POST', cookie, json }),
			params: {},
			context: {},
		}),
	)
}

function postForm(cookie: string, form: Record<string, string>) {
	return callRoute(() =>
		testEmailPageAction({
			request: makeRequest('/settings/test-email', { method: 'POST', cookie, form }),
			params: {},
			context: {},
		}),
	)
}

async function userWithMailbox() {
	const signedIn = await createSignedInUser()
	const mailbox = await ensureUserMailbox({
		organizationId: signedIn.organization.id,
		userId: signedIn.user.id,
		email: signedIn.user.email,
		name: signedIn.user.name,
	})
	return { ...signedIn, mailbox }
}

const BODY = '<p>Hello <strong>there</strong>, this is a test.</p>'

describe('POST /api/v1/emails', () => {
	test('401 without a session', async () => {
		const result = await postApi(undefined, {
			mailbox_id: 'x',
			to: 'a@example.com',
			subject: 'Hello',
			body: BODY,
		})
		expect(result.status).toBe(401)
		expect(result.body).toMatchObject({ error: 'unauthorized' })
	})

	test.each([
		[{ subject: undefined }, 'subject', 'Invalid subject', M.subjectRequired],
		[{ subject: 'Hey' }, 'subject', 'Invalid subject', M.subjectMin],
		[{ body: '' }, 'body', 'Invalid email body', M.bodyRequired],
		[{ body: '<p><em>Too short</em></p>' }, 'body', 'Invalid email body', M.bodyMin],
		[{ to: 'not-an-email' }, 'to', 'Invalid recipient', M.toInvalid],
		[{ to: [] }, 'to', 'Invalid recipient', M.toRequired],
		[{ mailbox_id: '' }, 'mailbox_id', 'Invalid mailbox', M.mailboxRequired],
	])('400 for %o: %s', async (override, field, name, message) => {
		const { cookie, mailbox, organization } = await userWithMailbox()
		const body = {
			mailbox_id: mailbox.id,
			to: 'lead@example.org',
			subject: 'Hello there',
			body: BODY,
			...override,
		}
		const result = await postApi(cookie, body)
		expect(result.status).toBe(400)
		expect(result.body).toEqual({ error: 'validation_error', field, name, message })
		expect(await prisma.outboxMessage.count({ where: { organizationId: organization.id } })).toBe(0)
	})

	test('400 for a body that is not JSON', async () => {
		const { cookie } = await userWithMailbox()
		const request = new Request('http://localhost:3000/api/v1/emails', {
			method: 'POST',
			headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
			body: '{nope',
		})
		const result = await callRoute(() => emailsApi({ request, params: {}, context: {} }))
		expect(result.status).toBe(400)
		expect(result.body).toMatchObject({ error: 'invalid_json' })
	})

	test("404 for another organization's mailbox and for another member's own mailbox", async () => {
		const { cookie, organization } = await userWithMailbox()
		const other = await userWithMailbox()
		const colleague = await createSignedInUser({ organizationId: organization.id, role: 'MEMBER' })
		const colleagueMailbox = await ensureUserMailbox({
			organizationId: organization.id,
			userId: colleague.user.id,
			email: colleague.user.email,
		})
		for (const mailboxId of [other.mailbox.id, colleagueMailbox.id, 'missing']) {
			const result = await postApi(cookie, {
				mailbox_id: mailboxId,
				to: 'a@example.org',
				subject: 'Hello there',
				body: BODY,
			})
			expect(result.status).toBe(404)
			expect(result.body).toEqual({ error: 'not_found', message: M.mailboxNotFound })
		}
		expect(
			await prisma.outboxMessage.count({
				where: { mailboxId: { in: [other.mailbox.id, colleagueMailbox.id] } },
			}),
		).toBe(0)
	})

	test('sends to each recipient from the mailbox address through the local outbox', async () => {
		const { cookie, mailbox, organization, user } = await userWithMailbox()
		const result = await postApi(cookie, {
			mailbox_id: mailbox.id,
			to: 'lead@example.org, boss@example.org',
			subject: '  Hello there  ',
			body: '<p>Hi, <a href="https://example.com/offer">see the offer</a>.</p>',
		})
		expect(result.status).toBe(200)
		expect(result.body).toEqual({ message: M.success, from: mailbox.address, transport: 'OUTBOX', sent: 2 })
		const rows = await prisma.outboxMessage.findMany({
			where: { organizationId: organization.id },
			orderBy: { toAddress: 'asc' },
		})
		expect(rows.map((row) => row.toAddress)).toEqual(['boss@example.org', 'lead@example.org'])
		for (const row of rows) {
			expect(row.fromAddress).toContain(user.email.toLowerCase())
			expect(row.subject).toBe('Hello there')
			expect(row.html).toBe('<p>Hi, <a href="https://example.com/offer">see the offer</a>.</p>')
			expect(row.text).toBe('Hi, see the offer (https://example.com/offer).')
		}
	})

	test('a connected Gmail sends through Gmail; a revoked grant answers 403 GoogleScopeError', async () => {
		const { cookie, mailbox, user } = await userWithMailbox()
		await connectFakeGmailAccount(fake, user)
		const body = {
			mailbox_id: mailbox.id,
			to: ['lead@example.org'],
			subject: 'Through Gmail',
			body: 'Plain text body here',
		}
		const sent = await postApi(cookie, body)
		expect(sent.status).toBe(200)
		expect(sent.body).toMatchObject({ transport: 'GMAIL', sent: 1 })
		expect(fake.sent()).toEqual([
			expect.objectContaining({
				subject: 'Through Gmail',
				to: 'lead@example.org',
				text: expect.stringContaining('Plain text body here'),
			}),
		])

		fake.revokeGrant(user.email)
		const refused = await postApi(cookie, body)
		expect(refused.status).toBe(403)
		expect(refused.body).toMatchObject({ error: 'GoogleScopeError', name: 'Additional permissions required' })
	})
})

describe('the Send Test Email form action', () => {
	test('400 with the field error and the "Invalid subject" toast', async () => {
		const { cookie, mailbox } = await userWithMailbox()
		const result = await postForm(cookie, {
			mailbox_id: mailbox.id,
			to: 'a@example.org',
			subject: 'Hey',
			body: BODY,
		})
		expect(result.status).toBe(400)
		expect(result.body.result.error).toEqual({ subject: [M.subjectMin] })
		expect(result.headers.get('Set-Cookie')).toMatch(/^en_toast=/)
	})

	test('from the dialog: the editor JSON is the body, and the answer says sent', async () => {
		const { cookie, mailbox, organization } = await userWithMailbox()
		const proseMirrorJson = JSON.stringify({
			root: {
				type: 'root',
				children: [
					{ type: 'paragraph', children: [{ type: 'text', text: 'From the rich editor', format: 1 }] },
				],
			},
		})
		const result = await postForm(cookie, {
			mode: 'dialog',
			mailbox_id: mailbox.id,
			to: 'lead@example.org',
			subject: 'Editor body',
			proseMirrorJson,
			body: '<p>ignored when the JSON is there</p>',
		})
		expect(result.status).toBe(200)
		expect(result.body.sent).toBe(true)
		const row = await prisma.outboxMessage.findFirstOrThrow({ where: { organizationId: organization.id } })
		expect(row.html).toBe('<p><strong>From the rich editor</strong></p>')
	})

	test('without JavaScript: plain text, then a redirect back with the toast', async () => {
		const { cookie, mailbox, organization } = await userWithMailbox()
		const result = await postForm(cookie, {
			mailbox_id: mailbox.id,
			to: 'lead@example.org',
			subject: 'Typed without JS',
			body: 'First paragraph\n\nSecond one',
		})
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe('/settings/test-email')
		const row = await prisma.outboxMessage.findFirstOrThrow({ where: { organizationId: organization.id } })
		expect(row.html).toBe('<p>First paragraph</p><p>Second one</p>')
	})

	test("another organization's mailbox is refused with 404", async () => {
		const { cookie } = await userWithMailbox()
		const other = await userWithMailbox()
		const result = await postForm(cookie, {
			mailbox_id: other.mailbox.id,
			to: 'a@example.org',
			subject: 'Hello there',
			body: BODY,
		})
		expect(result.status).toBe(404)
		expect(result.body.result.error).toEqual({ mailbox_id: [M.mailboxNotFound] })
	})
})
