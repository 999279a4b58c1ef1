import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	organizationDefaultTransportConfig,
	smtpConfigForMailbox,
} from '#app/models/mailbox/smtp-senders.server.ts'
import { action, loader } from '#app/routes/_app+/settings_.sending.tsx'
import { VERIFICATION_TTL_MS } from '#app/models/mailbox/sender-verification.server.ts'
import { action as verifyAction, loader as verifyLoader } from '#app/routes/verify-sender.$token.tsx'
import { decrypt, encrypt } from '#app/utils/crypto.server.ts'
import { isLoopbackHost } from '#app/schemas/sending.ts'
import { prisma } from '#app/utils/db.server.ts'
import { appUrl } from '#app/utils/env.server.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { startSmtpSink, type SmtpSink } from '#tests/fakes/smtp-sink.ts'

const PASSWORD = 'correct horse battery staple'
let sink: SmtpSink

beforeAll(async () => {
	sink = await startSmtpSink({ users: { mailer: PASSWORD } })
})
afterAll(() => sink.close())

function load(cookie: string, search = '') {
	return callRoute(() =>
		loader({ request: makeRequest(`/settings/sending${search}`, { cookie }), params: {}, context: {} }),
	)
}

function post(cookie: string, form: Record<string, string | string[]>) {
	const body = new URLSearchParams()
	for (const [name, value] of Object.entries(form)) {
		for (const item of Array.isArray(value) ? value : [value]) body.append(name, item)
	}
	return callRoute(() =>
		action({
			request: new Request(new URL('/settings/sending', 'http://localhost:3000'), {
				method: 'POST',
				headers: {
					Cookie: cookie,
					Origin: 'http://localhost:3000',
					'Content-Type': 'application/x-www-form-urlencoded',
				},
				body,
			}),
			params: {},
			context: {},
		}),
	)
}

async function toastOf(result: { headers: Headers }) {
	const cookie = result.headers.get('Set-Cookie')?.split(';')[0]
	if (!cookie) return null
	return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } }))).toast
}

function serverForm(overrides: Record<string, string> = {}) {
	const host = overrides.host ?? sink.host
	return {
		intent: 'add-smtp-server',
		name: 'Company mail',
		host,
		port: String(sink.port),
		// The sink is a plain development server on this machine; anywhere else STARTTLS.
		security: isLoopbackHost(host) ? 'NONE' : 'STARTTLS',
		username: 'mailer',
		password: PASSWORD,
		isDefault: 'on',
		...overrides,
	}
}

/** The token of the verification link in an email's text. */
function tokenInEmail(text: string | null) {
	const token = /\/verify-sender\/([\w-]+)/.exec(text ?? '')?.[1]
	expect(token).toBeTruthy()
	return token!
}

function openLink(token: string) {
	return callRoute(() =>
		verifyLoader({ request: makeRequest(`/verify-sender/${token}`), params: { token }, context: {} }),
	)
}

/** The verification page's buttons: Confirm, or Send a new link (no session: the link is public). */
function submit(token: string, intent: 'confirm' | 'resend') {
	return callRoute(() =>
		verifyAction({
			request: new Request(new URL(`/verify-sender/${token}`, 'http://localhost:3000'), {
				method: 'POST',
				headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ intent }),
			}),
			params: { token },
			context: {},
		}),
	)
}

async function ownerWithServer() {
	const owner = await createSignedInUser({ role: 'OWNER' })
	await load(owner.cookie)
	const added = await post(owner.cookie, serverForm())
	expect(added.status, JSON.stringify(added.body)).toBe(302)
	const server = await prisma.smtpTransport.findFirstOrThrow({
		where: { organizationId: owner.organization.id },
	})
	return { ...owner, server }
}

describe('SMTP servers', () => {
	test('the password is stored encrypted and never reaches the page', async () => {
		const { cookie, server, organization } = await ownerWithServer()
		expect(server.passwordEncrypted).not.toContain(PASSWORD)
		expect(decrypt(server.passwordEncrypted!)).toBe(PASSWORD)
		expect(server.isDefault).toBe(true)

		const page = await load(cookie, `?edit=${server.id}`)
		expect(page.status).toBe(200)
		expect(page.body.servers).toEqual([
			{
				id: server.id,
				name: 'Company mail',
				host: sink.host,
				port: sink.port,
				security: 'NONE',
				username: 'mailer',
				hasPassword: true,
				isDefault: true,
				senderCount: 0,
			},
		])
		expect(page.body.editId).toBe(server.id)
		const json = JSON.stringify(page.body)
		expect(json).not.toContain(PASSWORD)
		expect(json).not.toContain(server.passwordEncrypted)
		expect(json).not.toMatch(/"password(Encrypted)?"/i)

		// Editing with a blank password keeps it; the default server is what the organization sends through.
		const edited = await post(cookie, {
			...serverForm({ name: 'Renamed', password: '' }),
			intent: 'update-smtp-server',
			serverId: server.id,
		})
		expect(edited.status).toBe(302)
		expect(await toastOf(edited)).toMatchObject({ type: 'success', title: 'SMTP server saved' })
		expect(await organizationDefaultTransportConfig(organization.id)).toEqual({
			host: sink.host,
			port: sink.port,
			security: 'NONE',
			username: 'mailer',
			password: PASSWORD,
		})
	})

	test('one default per organization; without any, the outbox (null)', async () => {
		const { cookie, server, organization } = await ownerWithServer()
		expect((await post(cookie, serverForm({ name: 'Second' }))).status).toBe(302)
		const servers = await prisma.smtpTransport.findMany({ where: { organizationId: organization.id } })
		expect(servers.filter((row) => row.isDefault).map((row) => row.name)).toEqual(['Second'])
		expect(await post(cookie, { intent: 'set-default-smtp-server', serverId: server.id })).toMatchObject({
			status: 302,
		})
		const defaults = await prisma.smtpTransport.findMany({
			where: { organizationId: organization.id, isDefault: true },
		})
		expect(defaults.map((row) => row.id)).toEqual([server.id])
		for (const row of servers) await post(cookie, { intent: 'delete-smtp-server', serverId: row.id })
		expect(await organizationDefaultTransportConfig(organization.id)).toBeNull()
	})

	test('a server is tested on save: refused logins and unreachable hosts are not saved, with the reason', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const wrong = await post(owner.cookie, serverForm({ password: 'wrong password' }))
		expect(wrong.status).toBe(400)
		expect(wrong.body.result.error['']).toEqual([
			'The server refused the user name or password: 535 5.7.8 Authentication failed',
		])
		const closed = await post(owner.cookie, serverForm({ host: '127.0.0.1', port: '1' }))
		expect(closed.status).toBe(400)
		expect(closed.body.result.error[''][0]).toMatch(/^Could not connect to 127\.0\.0\.1:1: .*ECONNREFUSED/)
		expect(await prisma.smtpTransport.count({ where: { organizationId: owner.organization.id } })).toBe(0)

		// An edit is tested too (with the stored password when the field is blank) and changes nothing if refused.
		const { cookie, server } = await ownerWithServer()
		const edit = { intent: 'update-smtp-server', serverId: server.id }
		const refused = await post(cookie, { ...serverForm({ name: 'Broken', password: 'nope' }), ...edit })
		expect(refused.status).toBe(400)
		expect(refused.body.targetId).toBe(server.id)
		expect(await prisma.smtpTransport.findUniqueOrThrow({ where: { id: server.id } })).toMatchObject({
			name: 'Company mail',
		})
		const kept = await post(cookie, { ...serverForm({ name: 'Renamed', password: '' }), ...edit })
		expect(kept.status).toBe(302)
	})

	test('invalid input is a 400 with the field errors', async () => {
		const owner = await createSignedInUser()
		const result = await post(owner.cookie, serverForm({ host: 'not a host!', port: '70000', name: '' }))
		expect(result.status).toBe(400)
		expect(result.body.result.error).toMatchObject({
			name: ['Name is required'],
			host: ['Please enter a host name such as smtp.example.com'],
			port: ['Port must be a number between 1 and 65535'],
		})
	})

	test('a server that would send the password in clear to another host is refused; STARTTLS and TLS go on to the connection test', async () => {
		const owner = await createSignedInUser()
		const plain = await post(owner.cookie, serverForm({ host: 'smtp.example.com', security: 'NONE' }))
		expect(plain.status).toBe(400)
		expect(plain.body.result.error.security).toEqual([
			'Without TLS the password and the emails would cross the network in clear: choose STARTTLS or TLS for smtp.example.com (plain SMTP is only for a development server on this machine)',
		])
		expect(await prisma.smtpTransport.count({ where: { organizationId: owner.organization.id } })).toBe(0)
		// STARTTLS and TLS pass the rule and go on to the connection test (which this machine, with no
		// outside network, fails): the refusal is the server's, not the security choice's.
		for (const security of ['STARTTLS', 'TLS']) {
			const tried = await post(
				owner.cookie,
				serverForm({ name: security, host: 'smtp.example.com', security }),
			)
			expect(tried.status).toBe(400)
			expect(tried.body.result.error.security).toBeUndefined()
			expect(tried.body.result.error[''][0]).toMatch(/smtp\.example\.com/)
		}
		expect(await prisma.smtpTransport.count({ where: { organizationId: owner.organization.id } })).toBe(0)
	})
})

describe('sender addresses', () => {
	test('adding one emails a verification link; opening it verifies nothing, Confirm does, once', async () => {
		const { cookie, server, organization } = await ownerWithServer()
		const before = sink.messages.length
		const address = `sales-${Math.random().toString(36).slice(2, 8)}@acme.test`
		const added = await post(cookie, {
			intent: 'add-sender',
			address,
			name: 'Ada',
			smtpTransportId: server.id,
		})
		expect(added.status, JSON.stringify(added.body)).toBe(302)
		expect(await toastOf(added)).toMatchObject({ type: 'success', title: 'Verification email sent' })

		const [email] = (await sink.waitForMessages(before + 1)).slice(before)
		expect(email!.user).toBe('mailer')
		expect(email!.envelopeTo).toEqual([address])
		expect(email!.messageId).toMatch(/^<[0-9a-f]{32}@acme\.test>$/)
		const sender = await prisma.mailbox.findFirstOrThrow({
			where: { organizationId: organization.id, address },
		})
		expect(sender).toMatchObject({ kind: 'SENDER', verifiedAt: null, smtpTransportId: server.id })
		const token = tokenInEmail(email!.text)
		const link = `${appUrl()}/verify-sender/${token}`
		expect(email!.html).toContain(`<a href="${link}">Verify ${address}</a>`)
		// Only the token's hash is stored.
		expect(sender.verificationToken).not.toBe(token)
		expect(sender.verificationToken).toMatch(/^[0-9a-f]{64}$/)

		const page = await load(cookie)
		expect(page.body.senders).toEqual([
			{
				id: sender.id,
				address,
				name: 'Ada',
				verified: false,
				linkExpired: false,
				serverName: 'Company mail',
				// Not read over IMAP yet: the form is prefilled from the SMTP server (no smtp.* host here).
				imap: {
					configured: false,
					imapHost: '',
					imapPort: 993,
					imapSecure: true,
					imapUsername: 'mailer',
					lastError: null,
					lastSyncedAt: null,
				},
			},
		])

		// A scanner (or the user) opening the link: a page with Confirm, and nothing verified.
		for (let open = 0; open < 3; open++) {
			expect(await openLink(token)).toMatchObject({
				status: 200,
				body: { state: 'valid', address, organizationName: organization.name },
			})
		}
		expect((await prisma.mailbox.findUniqueOrThrow({ where: { id: sender.id } })).verifiedAt).toBeNull()

		// Confirm (POST) verifies.
		expect(await submit(token, 'confirm')).toMatchObject({
			status: 200,
			body: { state: 'verified', address, organizationName: organization.name },
		})
		const verified = await prisma.mailbox.findUniqueOrThrow({ where: { id: sender.id } })
		expect(verified.verifiedAt).toBeInstanceOf(Date)
		expect(verified.verificationToken).toBeNull()
		// Used: both GET and POST say so.
		expect(await openLink(token)).toMatchObject({ status: 404, body: { state: 'invalid' } })
		expect(await submit(token, 'confirm')).toMatchObject({ status: 404, body: { state: 'invalid' } })
		expect(await openLink('made-up-token')).toMatchObject({ status: 404, body: { state: 'invalid' } })

		// The same address again is refused on the field.
		const again = await post(cookie, { intent: 'add-sender', address, smtpTransportId: server.id })
		expect(again.status).toBe(400)
		expect(again.body.result.error.address).toEqual([
			'This address is already a mailbox of your organization',
		])
		// A sender on its own server sends through it even when another is the default.
		expect(
			await smtpConfigForMailbox({ organizationId: organization.id, smtpTransportId: server.id }),
		).toMatchObject({
			host: sink.host,
			username: 'mailer',
		})
	})

	test('a link expires after 24 hours: Confirm refuses, the page sends a new one, once', async () => {
		const { cookie, server, organization } = await ownerWithServer()
		const address = `late-${Math.random().toString(36).slice(2, 8)}@acme.test`
		const before = sink.messages.length
		await post(cookie, { intent: 'add-sender', address, smtpTransportId: server.id })
		const [email] = (await sink.waitForMessages(before + 1)).slice(before)
		const token = tokenInEmail(email!.text)
		const sender = await prisma.mailbox.findFirstOrThrow({
			where: { organizationId: organization.id, address },
		})
		// Still valid a minute before the end, expired at it.
		await prisma.mailbox.update({
			where: { id: sender.id },
			data: { verificationSentAt: new Date(Date.now() - VERIFICATION_TTL_MS + 60_000) },
		})
		expect((await openLink(token)).body.state).toBe('valid')
		await prisma.mailbox.update({
			where: { id: sender.id },
			data: { verificationSentAt: new Date(Date.now() - VERIFICATION_TTL_MS) },
		})
		expect(await openLink(token)).toMatchObject({ status: 200, body: { state: 'expired', address } })
		expect(await submit(token, 'confirm')).toMatchObject({ status: 200, body: { state: 'expired' } })
		expect((await prisma.mailbox.findUniqueOrThrow({ where: { id: sender.id } })).verifiedAt).toBeNull()
		expect((await load(cookie)).body.senders[0]).toMatchObject({ verified: false, linkExpired: true })

		// "Send a new link": a new email with a new token; the expired link is used up.
		expect(await submit(token, 'resend')).toMatchObject({
			status: 200,
			body: { state: 'resent', address, error: null },
		})
		const [again] = (await sink.waitForMessages(before + 2)).slice(before + 1)
		expect(again!.envelopeTo).toEqual([address])
		const fresh = tokenInEmail(again!.text)
		expect(fresh).not.toBe(token)
		expect((await submit(token, 'resend')).status).toBe(404)
		expect(sink.messages.length).toBe(before + 2)
		expect((await load(cookie)).body.senders[0]).toMatchObject({ verified: false, linkExpired: false })
		// A valid link cannot ask for another: only Confirm.
		expect((await submit(fresh, 'resend')).status).toBe(404)
		expect(await submit(fresh, 'confirm')).toMatchObject({ body: { state: 'verified' } })
	})

	test('Resend verification in the settings replaces the link', async () => {
		const { cookie, server, organization } = await ownerWithServer()
		const address = `again-${Math.random().toString(36).slice(2, 8)}@acme.test`
		const before = sink.messages.length
		await post(cookie, { intent: 'add-sender', address, smtpTransportId: server.id })
		const [first] = (await sink.waitForMessages(before + 1)).slice(before)
		const sender = await prisma.mailbox.findFirstOrThrow({
			where: { organizationId: organization.id, address },
		})
		await prisma.mailbox.update({ where: { id: sender.id }, data: { verificationSentAt: new Date(0) } })
		const resent = await post(cookie, { intent: 'resend-verification', mailboxId: sender.id })
		expect(await toastOf(resent)).toMatchObject({ type: 'success', title: 'Verification email sent' })
		const [second] = (await sink.waitForMessages(before + 2)).slice(before + 1)
		expect((await openLink(tokenInEmail(first!.text))).status).toBe(404)
		expect((await openLink(tokenInEmail(second!.text))).body.state).toBe('valid')
		expect((await load(cookie)).body.senders[0]).toMatchObject({ linkExpired: false })
	})

	test('a verification email that fails keeps the address, says why, and can be resent', async () => {
		const { cookie, server, organization } = await ownerWithServer()
		// The server changes its password after it was saved (tested) with the old one.
		await prisma.smtpTransport.update({
			where: { id: server.id },
			data: { passwordEncrypted: encrypt('an old password') },
		})
		const added = await post(cookie, {
			intent: 'add-sender',
			address: 'ops@acme.test',
			smtpTransportId: server.id,
		})
		expect(added.status).toBe(302)
		expect(await toastOf(added)).toMatchObject({
			type: 'error',
			title: 'Sender address added, but the verification email could not be sent',
		})
		const sender = await prisma.mailbox.findFirstOrThrow({
			where: { organizationId: organization.id, kind: 'SENDER' },
		})
		await post(cookie, {
			...serverForm({ password: PASSWORD }),
			intent: 'update-smtp-server',
			serverId: server.id,
		})
		const before = sink.messages.length
		const resent = await post(cookie, { intent: 'resend-verification', mailboxId: sender.id })
		expect(await toastOf(resent)).toMatchObject({ type: 'success', title: 'Verification email sent' })
		await sink.waitForMessages(before + 1)
	})

	test('without any SMTP server there is nothing to verify through', async () => {
		const owner = await createSignedInUser()
		const result = await post(owner.cookie, { intent: 'add-sender', address: 'x@acme.test' })
		expect(result.status).toBe(400)
		expect(result.body.result.error.smtpTransportId).toEqual(['Add an SMTP server first'])
	})
})

describe('limits and send window', () => {
	test('limits are validated and saved; the page shows today’s usage', async () => {
		const owner = await createSignedInUser()
		const page = await load(owner.cookie)
		const [own] = page.body.mailboxes
		expect(own).toMatchObject({ address: owner.user.email, todayLimit: 50, todaySent: 0, canEdit: true })
		const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`)
		await prisma.mailboxDailyUsage.create({ data: { mailboxId: own.id, day: today, sentCount: 7 } })

		const invalid = await post(owner.cookie, {
			intent: 'update-mailbox-limits',
			mailboxId: own.id,
			dailyLimitStart: '80',
			dailyLimitIncrement: '-1',
			dailyLimitMax: '60',
		})
		expect(invalid.status).toBe(400)
		expect(invalid.body.targetId).toBe(own.id)
		expect(invalid.body.result.error.dailyLimitIncrement).toEqual([
			'The daily increase must be a whole number from 0 to 10,000',
		])

		const saved = await post(owner.cookie, {
			intent: 'update-mailbox-limits',
			mailboxId: own.id,
			dailyLimitStart: '20',
			dailyLimitIncrement: '10',
			dailyLimitMax: '300',
		})
		expect(saved.status).toBe(302)
		const after = await load(owner.cookie)
		expect(after.body.mailboxes[0]).toMatchObject({
			dailyLimitStart: 20,
			dailyLimitIncrement: 10,
			dailyLimitMax: 300,
			todayLimit: 20,
			todaySent: 7,
		})
	})

	test('the send window is validated and saved on the organization', async () => {
		const owner = await createSignedInUser()
		const window = { intent: 'update-send-window', timeZone: 'Europe/Paris', sendWindowEnabled: 'on' }
		const invalid = await post(owner.cookie, {
			...window,
			timeZone: 'Mars/Base',
			sendWindowStart: '18:00',
			sendWindowEnd: '09:00',
		})
		expect(invalid.status).toBe(400)
		expect(invalid.body.result.error).toMatchObject({
			timeZone: ['Please choose a time zone such as Europe/Paris'],
			sendWindowEnd: ['The end time must be after the start time'],
		})
		const noDays = await post(owner.cookie, { ...window, sendWindowStart: '09:00', sendWindowEnd: '17:00' })
		expect(noDays.body.result.error.sendWindowDays).toEqual(['Choose at least one weekday'])

		const badGaps = await post(owner.cookie, {
			...window,
			sendWindowDays: ['1'],
			sendWindowStart: '09:00',
			sendWindowEnd: '17:00',
			sendGapMinSeconds: '120',
			sendGapMaxSeconds: '30',
		})
		expect(badGaps.body.result.error.sendGapMaxSeconds).toEqual([
			'The longest gap must be at least the shortest',
		])

		const saved = await post(owner.cookie, {
			...window,
			sendWindowDays: ['2', '4', '1'],
			sendWindowStart: '08:30',
			sendWindowEnd: '17:45',
			sendGapMinSeconds: '30',
			sendGapMaxSeconds: '90',
		})
		expect(saved.status).toBe(302)
		expect(
			await prisma.organization.findUniqueOrThrow({ where: { id: owner.organization.id } }),
		).toMatchObject({
			timeZone: 'Europe/Paris',
			sendWindowEnabled: true,
			sendWindowDays: [1, 2, 4],
			sendWindowStart: 510,
			sendWindowEnd: 1065,
			sendGapMinSeconds: 30,
			sendGapMaxSeconds: 90,
		})
		expect((await load(owner.cookie)).body.sendWindow).toEqual({
			timeZone: 'Europe/Paris',
			sendWindowEnabled: true,
			sendWindowDays: [1, 2, 4],
			sendWindowStart: '08:30',
			sendWindowEnd: '17:45',
			sendGapMinSeconds: 30,
			sendGapMaxSeconds: 90,
		})
	})
})

describe('tracking domain', () => {
	test('is validated, saved on the organization only, shown with the CNAME target, and can be removed', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const other = await createSignedInUser({ role: 'OWNER' })
		expect((await load(owner.cookie)).body.tracking).toEqual({
			trackingDomain: null,
			appHost: new URL(appUrl()).hostname,
		})
		for (const bad of ['https://track.acme.test', 'track.acme.test/path', 'localhost', 'a b.test']) {
			const refused = await post(owner.cookie, { intent: 'update-tracking-domain', trackingDomain: bad })
			expect(refused.status, bad).toBe(400)
			expect(refused.body.result.error.trackingDomain).toEqual([
				'Please enter a host name such as track.example.com',
			])
		}
		const saved = await post(owner.cookie, {
			intent: 'update-tracking-domain',
			trackingDomain: ' Links.Acme.test ',
		})
		expect(saved.status).toBe(302)
		expect(await toastOf(saved)).toMatchObject({ title: 'Tracking domain saved' })
		expect((await load(owner.cookie)).body.tracking.trackingDomain).toBe('links.acme.test')
		expect((await load(other.cookie)).body.tracking.trackingDomain).toBeNull()

		const member = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		expect(
			(await post(member.cookie, { intent: 'update-tracking-domain', trackingDomain: 'evil.test' })).status,
		).toBe(403)

		const removed = await post(owner.cookie, { intent: 'update-tracking-domain', trackingDomain: '' })
		expect(await toastOf(removed)).toMatchObject({ title: 'Tracking domain removed' })
		expect(
			(await prisma.organization.findUniqueOrThrow({ where: { id: owner.organization.id } })).trackingDomain,
		).toBeNull()
	})
})

describe('organizations and roles', () => {
	test("another organization's servers, senders and mailboxes are invisible and unchangeable", async () => {
		const a = await ownerWithServer()
		await post(a.cookie, {
			intent: 'add-sender',
			address: 'a-sender@acme.test',
			smtpTransportId: a.server.id,
		})
		const aSender = await prisma.mailbox.findFirstOrThrow({
			where: { organizationId: a.organization.id, kind: 'SENDER' },
		})
		const aOwn = await prisma.mailbox.findFirstOrThrow({
			where: { organizationId: a.organization.id, kind: 'USER' },
		})
		const b = await createSignedInUser({ role: 'OWNER' })

		const page = await load(b.cookie, `?edit=${a.server.id}`)
		expect(page.body.servers).toEqual([])
		expect(page.body.senders).toEqual([])
		expect(page.body.editId).toBeNull()
		expect(page.body.mailboxes.map((mailbox: { address: string }) => mailbox.address)).toEqual([b.user.email])

		const attempts: Array<Record<string, string>> = [
			{ ...serverForm({ name: 'Hijacked' }), intent: 'update-smtp-server', serverId: a.server.id },
			{ intent: 'set-default-smtp-server', serverId: a.server.id },
			{ intent: 'delete-smtp-server', serverId: a.server.id },
			{ intent: 'resend-verification', mailboxId: aSender.id },
			{ intent: 'delete-sender', mailboxId: aSender.id },
			{
				intent: 'update-mailbox-limits',
				mailboxId: aOwn.id,
				dailyLimitStart: '1',
				dailyLimitIncrement: '0',
				dailyLimitMax: '1',
			},
		]
		for (const form of attempts) {
			expect((await post(b.cookie, form)).status, form.intent!).toBe(404)
		}
		// A sender on A's server cannot be added by B either.
		const foreignServer = await post(b.cookie, {
			intent: 'add-sender',
			address: 'b@acme.test',
			smtpTransportId: a.server.id,
		})
		expect(foreignServer.status).toBe(400)
		expect(foreignServer.body.result.error.smtpTransportId).toEqual(['SMTP server not found'])

		expect(await prisma.smtpTransport.findUniqueOrThrow({ where: { id: a.server.id } })).toMatchObject({
			name: 'Company mail',
			isDefault: true,
		})
		expect(await prisma.mailbox.findUnique({ where: { id: aSender.id } })).not.toBeNull()
		expect(await prisma.mailbox.findUniqueOrThrow({ where: { id: aOwn.id } })).toMatchObject({
			dailyLimitStart: 50,
		})
	})

	test('members see the settings read-only but may change their own mailbox limits', async () => {
		const a = await ownerWithServer()
		const member = await createSignedInUser({ role: 'MEMBER', organizationId: a.organization.id })
		const page = await load(member.cookie)
		expect(page.body.canManage).toBe(false)
		expect(page.body.servers).toHaveLength(1)
		const mailboxes = page.body.mailboxes as Array<{ id: string; address: string; canEdit: boolean }>
		const own = mailboxes.find((mailbox) => mailbox.address === member.user.email)!
		const ownersMailbox = await prisma.mailbox.findFirstOrThrow({ where: { userId: a.user.id } })
		expect(mailboxes.find((mailbox) => mailbox.id === ownersMailbox.id)?.canEdit).toBe(false)
		expect(own.canEdit).toBe(true)

		for (const form of [serverForm(), { intent: 'delete-smtp-server', serverId: a.server.id }]) {
			const refused = await post(member.cookie, form)
			expect(refused.status).toBe(403)
			expect(await toastOf(refused)).toMatchObject({
				title: 'Only owners and admins can change organization settings',
			})
		}
		const limits = {
			intent: 'update-mailbox-limits',
			dailyLimitStart: '10',
			dailyLimitIncrement: '1',
			dailyLimitMax: '20',
		}
		expect((await post(member.cookie, { ...limits, mailboxId: ownersMailbox.id })).status).toBe(404)
		expect((await post(member.cookie, { ...limits, mailboxId: own.id })).status).toBe(302)
		expect(await prisma.mailbox.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({
			dailyLimitStart: 10,
		})
	})
})
