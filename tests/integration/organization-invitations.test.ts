import { type LoaderFunctionArgs } from '@remix-run/node'
import { afterEach, describe, expect, test } from 'vitest'
import { createHash } from 'node:crypto'
import { createSession } from '#app/models/session/session.server.ts'
import { signInIdentity } from '#app/models/user/sign-in.server.ts'
import {
	action as appInvitationsAction,
	loader as appInvitationsLoader,
} from '#app/routes/_app+/invitations.tsx'
import { loader as layoutLoader } from '#app/routes/_app+/_layout.tsx'
import { action as settingsAction, loader as settingsLoader } from '#app/routes/_app+/settings.tsx'
import { action as linkAction, loader as linkLoader } from '#app/routes/_auth+/invitations.$token.tsx'
import { action as resendAction } from '#app/routes/api+/v1+/organizations.invite.$id.resend.ts'
import { action as inviteAction } from '#app/routes/api+/v1+/organizations.invite.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { commitSessionToken } from '#app/utils/session.server.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { startSmtpSink } from '#tests/fakes/smtp-sink.ts'

const DAY_MS = 24 * 60 * 60 * 1000

afterEach(() => {
	delete process.env.SMTP_URL
	delete process.env.MAIL_FROM
	resetEnvCache()
})

function apiInvite(cookie: string, email: string) {
	return callRoute(() =>
		inviteAction({
			request: makeRequest('/api/v1/organizations/invite', { method: 'POST', cookie, json: { email } }),
			params: {},
			context: {},
		}),
	)
}

function apiResend(cookie: string, id: string) {
	return callRoute(() =>
		resendAction({
			request: makeRequest(`/api/v1/organizations/invite/${id}/resend`, { method: 'POST', cookie }),
			params: { id },
			context: {},
		}),
	)
}

/** A page loader as a signed-in browser calls it. */
function load(pageLoader: (args: LoaderFunctionArgs) => Promise<unknown>, path: string, cookie: string) {
	return callRoute(() => pageLoader({ request: makeRequest(path, { cookie }), params: {}, context: {} }))
}

function postSettings(cookie: string, form: Record<string, string>) {
	return callRoute(() =>
		settingsAction({
			request: makeRequest('/settings', { method: 'POST', cookie, form }),
			params: {},
			context: {},
		}),
	)
}

function openLink(token: string, cookie?: string) {
	return callRoute(() =>
		linkLoader({ request: makeRequest(`/invitations/${token}`, { cookie }), params: { token }, context: {} }),
	)
}

function acceptLink(token: string, cookie: string) {
	return callRoute(() =>
		linkAction({
			request: makeRequest(`/invitations/${token}`, { method: 'POST', cookie, form: {} }),
			params: { token },
			context: {},
		}),
	)
}

function acceptById(inviteId: string, cookie: string) {
	return callRoute(() =>
		appInvitationsAction({
			request: makeRequest('/invitations', { method: 'POST', cookie, form: { inviteId } }),
			params: {},
			context: {},
		}),
	)
}

/** The link in the newest outbox email to this address, and the email. */
async function outboxLink(organizationId: string, to: string) {
	const message = await prisma.outboxMessage.findFirstOrThrow({
		where: { organizationId, toAddress: to },
		orderBy: { createdAt: 'desc' },
	})
	return { message, token: tokenIn(message.text) }
}

function tokenIn(text: string | null) {
	const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(text ?? '')
	expect(match, text ?? '').not.toBeNull()
	return match![1]!
}

async function toastOf(result: { headers: Headers }) {
	const cookie = result.headers.get('Set-Cookie')?.split(';')[0]
	if (!cookie) return null
	return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } }))).toast
}

async function cookieFor(userId: string) {
	const session = await createSession({ userId })
	return (await commitSessionToken(session.token)).split(';')[0]!
}

async function membershipsOf(userId: string) {
	return prisma.membership.findMany({ where: { userId }, select: { organizationId: true, role: true } })
}

describe('sending an invitation', () => {
	test('the API invite is emailed (to the outbox without SMTP) with a link whose token is stored only as a hash', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const created = await apiInvite(owner.cookie, 'new.person@example.com')
		expect(created.status).toBe(201)

		const { message, token } = await outboxLink(owner.organization.id, 'new.person@example.com')
		expect(message.subject).toBe(`Join ${owner.organization.name} on Reachout`)
		expect(message.text).toContain(`${owner.user.name} (${owner.user.email}) invited you`)
		expect(message.html).toContain(`/invitations/${token}`)
		const invite = await prisma.invite.findUniqueOrThrow({ where: { id: created.body.id } })
		expect(invite.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
		expect(JSON.stringify(invite)).not.toContain(token)

		// Inviting again while it is valid sends nothing more: Resend is for that.
		expect((await apiInvite(owner.cookie, 'new.person@example.com')).status).toBe(200)
		expect(await prisma.outboxMessage.count({ where: { organizationId: owner.organization.id } })).toBe(1)
	})

	test('with SMTP_URL and MAIL_FROM the invitation goes out by SMTP from MAIL_FROM', async () => {
		const sink = await startSmtpSink()
		try {
			process.env.SMTP_URL = `smtp://127.0.0.1:${sink.port}`
			process.env.MAIL_FROM = 'Reachout Team <team@reachout.example>'
			resetEnvCache()
			const admin = await createSignedInUser({ role: 'ADMIN' })
			expect((await apiInvite(admin.cookie, 'smtp.person@example.com')).status).toBe(201)
			const [received] = await sink.waitForMessages(1)
			expect(received!.envelopeTo).toEqual(['smtp.person@example.com'])
			expect(received!.envelopeFrom).toBe('team@reachout.example')
			expect(received!.text).toMatch(/\/invitations\/[A-Za-z0-9_-]+/)
			expect(await prisma.outboxMessage.count({ where: { organizationId: admin.organization.id } })).toBe(0)
		} finally {
			await sink.close()
		}
	})

	test('an SMTP failure keeps the invite and says so; the settings page invites without JavaScript', async () => {
		process.env.SMTP_URL = 'smtp://127.0.0.1:1'
		resetEnvCache()
		const owner = await createSignedInUser({ role: 'OWNER' })
		const result = await postSettings(owner.cookie, { intent: 'invite', email: 'failing@example.com' })
		expect(result.status).toBe(302)
		expect(await toastOf(result)).toMatchObject({ type: 'error', title: 'Invitation not sent' })
		expect(await prisma.invite.count({ where: { organizationId: owner.organization.id } })).toBe(1)
	})

	test('settings shows when each invite expires; Resend replaces the link and restarts the 7 days', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const created = await apiInvite(owner.cookie, 'late@example.com')
		const { token: first } = await outboxLink(owner.organization.id, 'late@example.com')
		await prisma.invite.update({
			where: { id: created.body.id },
			data: { sentAt: new Date(Date.now() - 8 * DAY_MS) },
		})

		const settings = await load(settingsLoader, '/settings', owner.cookie)
		expect(settings.body.invites).toEqual([
			expect.objectContaining({ email: 'late@example.com', expired: true }),
		])
		expect((await openLink(first)).status).toBe(410)

		const resent = await postSettings(owner.cookie, { intent: 'resend-invite', inviteId: created.body.id })
		expect(await toastOf(resent)).toMatchObject({ type: 'success', title: 'Invitation in the outbox' })
		const { token: second } = await outboxLink(owner.organization.id, 'late@example.com')
		expect(second).not.toBe(first)
		expect((await openLink(first)).status).toBe(404)
		const opened = await openLink(second)
		expect(opened.status).toBe(200)
		expect(opened.body).toMatchObject({
			state: 'signed-out',
			signIn: `/login?redirectTo=%2Finvitations%2F${second}`,
		})

		// The API's resend does the same.
		const again = await apiResend(owner.cookie, created.body.id)
		expect(again.status).toBe(200)
		expect(again.body).toEqual({
			id: created.body.id,
			email: 'late@example.com',
			sent: true,
			transport: 'OUTBOX',
		})
		expect((await openLink(second)).status).toBe(404)
	})
})

describe('accepting an invitation', () => {
	test('a new user signs in from the link and joins; the link then leads home', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		await apiInvite(owner.cookie, 'fresh@example.com')
		const { token } = await outboxLink(owner.organization.id, 'fresh@example.com')

		const signedIn = await signInIdentity({ email: 'fresh@example.com', emailVerified: true })
		expect(signedIn.joined).toBe(owner.organization.id)
		expect(await membershipsOf(signedIn.userId)).toEqual([
			{ organizationId: owner.organization.id, role: 'MEMBER' },
		])

		const opened = await openLink(token, await cookieFor(signedIn.userId))
		expect(opened.status).toBe(302)
		expect(opened.headers.get('Location')).toBe('/contacts')
	})

	test('an expired invitation does not join at sign-in and cannot be accepted', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const created = await apiInvite(owner.cookie, 'expired@example.com')
		const { token } = await outboxLink(owner.organization.id, 'expired@example.com')
		await prisma.invite.update({
			where: { id: created.body.id },
			data: { sentAt: new Date(Date.now() - 7 * DAY_MS - 1000) },
		})

		const signedIn = await signInIdentity({ email: 'expired@example.com', emailVerified: true })
		expect(signedIn.created).toBe(true)
		const [own] = await membershipsOf(signedIn.userId)
		expect(own!.organizationId).not.toBe(owner.organization.id)

		const refused = await acceptLink(token, await cookieFor(signedIn.userId))
		expect(refused.status).toBe(410)
		expect(refused.body.error).toMatch(/expired/)
	})

	test('a member of another organization sees the invitation after signing in, with the warning, and moves on Accept', async () => {
		const inviter = await createSignedInUser({ role: 'OWNER' })
		const invitee = await createSignedInUser({ role: 'OWNER', email: 'busy@example.com' })
		await createSignedInUser({ role: 'MEMBER', organizationId: invitee.organization.id })
		await prisma.membership.updateMany({
			where: { organizationId: invitee.organization.id, role: 'MEMBER' },
			data: { role: 'OWNER' },
		})
		const created = await apiInvite(inviter.cookie, 'busy@example.com')
		const { token } = await outboxLink(inviter.organization.id, 'busy@example.com')

		// Signing in does not move them.
		const signedIn = await signInIdentity({ email: 'busy@example.com', emailVerified: true })
		expect(signedIn.joined).toBeNull()
		expect(await membershipsOf(invitee.user.id)).toEqual([
			{ organizationId: invitee.organization.id, role: 'OWNER' },
		])

		const layout = await load(layoutLoader, '/contacts', invitee.cookie)
		expect(layout.body.invitedTo).toEqual([inviter.organization.name])
		const listed = await load(appInvitationsLoader, '/invitations', invitee.cookie)
		expect(listed.body.invitations).toEqual([
			expect.objectContaining({ id: created.body.id, organizationName: inviter.organization.name }),
		])
		expect(listed.body.warning).toEqual({
			organizationName: invitee.organization.name,
			otherMembers: 1,
			runningSequences: 0,
			soleOwner: false,
		})
		const opened = await openLink(token, invitee.cookie)
		expect(opened.body).toMatchObject({
			state: 'valid',
			warning: { organizationName: invitee.organization.name },
		})

		const accepted = await acceptLink(token, invitee.cookie)
		expect(accepted.status).toBe(302)
		expect(await toastOf(accepted)).toMatchObject({
			title: `You joined ${inviter.organization.name}`,
			description: `You left ${invitee.organization.name}.`,
		})
		expect(await membershipsOf(invitee.user.id)).toEqual([
			{ organizationId: inviter.organization.id, role: 'MEMBER' },
		])
		expect(
			(await prisma.invite.findUniqueOrThrow({ where: { id: created.body.id } })).acceptedAt,
		).not.toBeNull()
		// A second click changes nothing.
		expect((await acceptById(created.body.id, invitee.cookie)).status).toBe(404)
	})

	test('the only owner of an organization with members is told to hand it over first', async () => {
		const inviter = await createSignedInUser({ role: 'OWNER' })
		const invitee = await createSignedInUser({ role: 'OWNER', email: 'boss@example.com' })
		await createSignedInUser({ role: 'MEMBER', organizationId: invitee.organization.id })
		const created = await apiInvite(inviter.cookie, 'boss@example.com')
		const refused = await acceptById(created.body.id, invitee.cookie)
		expect(refused.status).toBe(409)
		expect(refused.body.error).toBe(
			`You are the only owner of ${invitee.organization.name}: make another member an owner first.`,
		)
		expect(await membershipsOf(invitee.user.id)).toEqual([
			{ organizationId: invitee.organization.id, role: 'OWNER' },
		])
	})

	test('another organization cannot see, resend or accept the invitation', async () => {
		const inviter = await createSignedInUser({ role: 'OWNER' })
		const created = await apiInvite(inviter.cookie, 'target@example.com')
		const { token } = await outboxLink(inviter.organization.id, 'target@example.com')
		const stranger = await createSignedInUser({ role: 'OWNER' })

		expect((await apiResend(stranger.cookie, created.body.id)).status).toBe(404)
		const listed = await load(appInvitationsLoader, '/invitations', stranger.cookie)
		expect(listed.body.invitations).toEqual([])
		expect((await openLink(token, stranger.cookie)).body).toMatchObject({
			state: 'other-email',
			signedInAs: stranger.user.email,
		})
		expect((await acceptLink(token, stranger.cookie)).status).toBe(404)
		expect((await acceptById(created.body.id, stranger.cookie)).status).toBe(404)
		expect(await membershipsOf(stranger.user.id)).toEqual([
			{ organizationId: stranger.organization.id, role: 'OWNER' },
		])
		expect((await prisma.invite.findUniqueOrThrow({ where: { id: created.body.id } })).acceptedAt).toBeNull()
	})
})
