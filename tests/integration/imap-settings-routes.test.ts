import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { forgetMailboxTransports } from '#app/models/mailbox/mail-transport.server.ts'
import * as newSequenceRoute from '#app/routes/_app+/contacts.$contactId_.sequences.new.tsx'
import * as drawerRoute from '#app/routes/_app+/sequences.$sequenceId.tsx'
import * as sendingRoute from '#app/routes/_app+/settings_.sending.tsx'
import { decrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { startImapServer, type ImapServer } from '#tests/fakes/imap-server.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// The screens around IMAP: Settings › Sending saves IMAP settings only after a login works;
// a mailbox nobody reads is said so (sending settings, Create sequence) and its sequences can
// be marked as replied in the drawer. Every one scoped to the acting organization.

const ACCOUNT = 'sales@acme.test'
const PASSWORD = 'imap secret'
let imap: ImapServer

beforeAll(async () => {
	imap = await startImapServer({ users: { [ACCOUNT]: PASSWORD } })
})
afterAll(async () => {
	await imap?.stop()
	forgetMailboxTransports()
})

type RouteArgs = { request: Request; params: object; context: object }
type RouteModule = { loader?: unknown; action?: unknown }

function load(route: RouteModule, path: string, cookie: string, params: Record<string, string> = {}) {
	const loader = route.loader as (args: RouteArgs) => Promise<unknown>
	return callRoute(() => loader({ request: makeRequest(path, { cookie }), params, context: {} }))
}

function post(route: RouteModule, path: string, cookie: string, form: Record<string, string>, params = {}) {
	const action = route.action as (args: RouteArgs) => Promise<unknown>
	return callRoute(() =>
		action({ request: makeRequest(path, { method: 'POST', cookie, form }), params, context: {} }),
	)
}

/** An organization with an SMTP server (smtp.acme.test, password "smtp secret") and a verified sender on it. */
async function organizationWithSender() {
	const signedIn = await createSignedInUser()
	forgetMailboxTransports()
	const server = await prisma.smtpTransport.create({
		data: {
			organizationId: signedIn.organization.id,
			name: 'Acme mail',
			host: 'smtp.acme.test',
			port: 587,
			security: 'NONE',
			username: ACCOUNT,
			isDefault: true,
		},
	})
	const sender = await prisma.mailbox.create({
		data: {
			organizationId: signedIn.organization.id,
			address: `sales-${signedIn.organization.id}@acme.test`,
			kind: 'SENDER',
			verifiedAt: new Date(),
			smtpTransportId: server.id,
		},
	})
	return { ...signedIn, server, sender }
}

function imapForm(mailboxId: string, overrides: Record<string, string> = {}) {
	return {
		intent: 'save-imap',
		mailboxId,
		imapHost: imap.host,
		imapPort: String(imap.port),
		imapUsername: ACCOUNT,
		imapPassword: PASSWORD,
		...overrides,
	}
}

describe('IMAP settings on Settings › Sending', () => {
	test('prefilled from the SMTP server, and the sender is flagged as unread until IMAP is set', async () => {
		const { cookie, sender } = await organizationWithSender()
		const page = await load(sendingRoute, `/settings/sending?imap=${sender.id}`, cookie)
		expect(page.status).toBe(200)
		const row = page.body.senders.find((entry: { id: string }) => entry.id === sender.id)
		expect(row.imap).toMatchObject({
			configured: false,
			imapHost: 'imap.acme.test',
			imapPort: 993,
			imapSecure: true,
			imapUsername: ACCOUNT,
		})
		expect(page.body.imapSenderId).toBe(sender.id)
	})

	test('a wrong password is refused with the reason on the form, and nothing is saved', async () => {
		const { cookie, sender } = await organizationWithSender()
		const refused = await post(
			sendingRoute,
			'/settings/sending',
			cookie,
			imapForm(sender.id, { imapPassword: 'nope' }),
		)
		expect(refused.status).toBe(400)
		expect(refused.body.intent).toBe('save-imap')
		expect(refused.body.result.error[''][0]).toMatch(
			/^Could not log in to the IMAP server: The IMAP server refused the user name or password.*Nothing was saved\.$/,
		)
		const stored = await prisma.mailbox.findUniqueOrThrow({ where: { id: sender.id } })
		expect(stored.imapHost).toBeNull()
		expect(stored.imapPasswordEncrypted).toBeNull()
	})

	test('the right login is saved (password encrypted) and the notice goes', async () => {
		const { cookie, sender } = await organizationWithSender()
		const saved = await post(
			sendingRoute,
			'/settings/sending',
			cookie,
			imapForm(sender.id, { imapSecure: '' }),
		)
		expect(saved.status).toBe(302)
		const stored = await prisma.mailbox.findUniqueOrThrow({ where: { id: sender.id } })
		expect(stored).toMatchObject({
			imapHost: imap.host,
			imapPort: imap.port,
			imapSecure: false,
			imapUsername: ACCOUNT,
		})
		expect(stored.imapPasswordEncrypted).not.toContain(PASSWORD)
		expect(decrypt(stored.imapPasswordEncrypted!)).toBe(PASSWORD)
		const page = await load(sendingRoute, '/settings/sending', cookie)
		expect(page.body.senders.find((entry: { id: string }) => entry.id === sender.id).imap.configured).toBe(
			true,
		)
		// Stop reading it: back to "replies will not stop".
		expect(
			(await post(sendingRoute, '/settings/sending', cookie, { intent: 'remove-imap', mailboxId: sender.id }))
				.status,
		).toBe(302)
		expect((await prisma.mailbox.findUniqueOrThrow({ where: { id: sender.id } })).imapHost).toBeNull()
	})

	test("another organization's sender cannot be given IMAP settings or lose them", async () => {
		const mine = await organizationWithSender()
		const theirs = await organizationWithSender()
		expect(
			(await post(sendingRoute, '/settings/sending', theirs.cookie, imapForm(theirs.sender.id))).status,
		).toBe(302)
		const attempt = await post(
			sendingRoute,
			'/settings/sending',
			mine.cookie,
			imapForm(theirs.sender.id, { imapHost: '127.0.0.2' }),
		)
		expect(attempt.status).toBe(404)
		const removal = await post(sendingRoute, '/settings/sending', mine.cookie, {
			intent: 'remove-imap',
			mailboxId: theirs.sender.id,
		})
		expect(removal.status).toBe(404)
		expect((await prisma.mailbox.findUniqueOrThrow({ where: { id: theirs.sender.id } })).imapHost).toBe(
			imap.host,
		)
		const page = await load(sendingRoute, `/settings/sending?imap=${theirs.sender.id}`, mine.cookie)
		expect(page.body.imapSenderId).toBeNull()
	})
})

describe('a mailbox nobody reads', () => {
	async function sequenceFromSender(
		setup: Awaited<ReturnType<typeof organizationWithSender>>,
		status: 'ACTIVE' | 'PENDING' = 'ACTIVE',
	) {
		const sequence = await insertSequence({
			organizationId: setup.organization.id,
			user: setup.user,
			status,
			steps: [
				{ daysAfter: 0, status: 'SENT' },
				{ daysAfter: 3, status: 'SCHEDULED' },
			],
			data: { mailboxId: setup.sender.id },
		})
		await prisma.emailStep.updateMany({
			where: { sequenceId: sequence.id },
			data: { emailAddressId: setup.sender.id },
		})
		await prisma.emailStep.update({ where: { id: sequence.emailSteps[0]!.id }, data: { sentAt: new Date() } })
		return sequence
	}

	test('the Create sequence form knows which senders nobody reads', async () => {
		const setup = await organizationWithSender()
		const contact = await prisma.contact.create({
			data: {
				organizationId: setup.organization.id,
				firstName: 'Lee',
				lastName: 'Ray',
				email: 'lee@example.org',
			},
		})
		const before = await load(newSequenceRoute, `/contacts/${contact.id}/sequences/new`, setup.cookie, {
			contactId: contact.id,
		})
		expect(before.body.mailboxes.find((m: { id: string }) => m.id === setup.sender.id).repliesDetected).toBe(
			false,
		)
		await post(sendingRoute, '/settings/sending', setup.cookie, imapForm(setup.sender.id))
		forgetMailboxTransports()
		const after = await load(newSequenceRoute, `/contacts/${contact.id}/sequences/new`, setup.cookie, {
			contactId: contact.id,
		})
		expect(after.body.mailboxes.find((m: { id: string }) => m.id === setup.sender.id).repliesDetected).toBe(
			true,
		)
	})

	test('"Mark as replied" (a plain form) stops the sequence as a reply would', async () => {
		const setup = await organizationWithSender()
		const sequence = await sequenceFromSender(setup)
		const drawer = await load(drawerRoute, `/sequences/${sequence.id}`, setup.cookie, {
			sequenceId: sequence.id,
		})
		expect(drawer.body.drawer.sequence.repliesDetected).toBe(false)
		const marked = await post(
			drawerRoute,
			`/sequences/${sequence.id}`,
			setup.cookie,
			{ intent: 'mark-replied', returnTo: `/sequences/${sequence.id}` },
			{ sequenceId: sequence.id },
		)
		expect(marked.status).toBe(302)
		expect(marked.headers.get('location')).toBe(`/sequences/${sequence.id}`)
		const stored = await prisma.sequence.findUniqueOrThrow({
			where: { id: sequence.id },
			select: { status: true, emailSteps: { orderBy: { order: 'asc' }, select: { status: true } } },
		})
		expect(stored.status).toBe('PAUSED')
		expect(stored.emailSteps.map((step) => step.status)).toEqual(['REPLIED', 'SCHEDULED'])
		const event = await prisma.sequenceEvent.findFirstOrThrow({
			where: { sequenceId: sequence.id, type: 'REPLY' },
		})
		expect(event.metadata).toMatchObject({ manual: true, markedByUserId: setup.user.id })
	})

	test('another organization cannot mark a sequence as replied; one not sent yet cannot be', async () => {
		const mine = await organizationWithSender()
		const theirs = await organizationWithSender()
		const theirSequence = await sequenceFromSender(theirs)
		const attempt = await post(
			drawerRoute,
			`/sequences/${theirSequence.id}`,
			mine.cookie,
			{ intent: 'mark-replied', mode: 'fetcher' },
			{ sequenceId: theirSequence.id },
		)
		expect(attempt.status).toBe(404)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: theirSequence.id } })).status).toBe(
			'ACTIVE',
		)
		const draft = await insertSequence({
			organizationId: mine.organization.id,
			user: mine.user,
			status: 'PENDING',
		})
		const refused = await post(
			drawerRoute,
			`/sequences/${draft.id}`,
			mine.cookie,
			{ intent: 'mark-replied', mode: 'fetcher' },
			{ sequenceId: draft.id },
		)
		expect(refused.status).toBe(409)
	})
})
