import { describe, expect, test } from 'vitest'
import { signInIdentity } from '#app/models/user/sign-in.server.ts'
import {
	action as deleteAction,
	loader as inviteIdLoader,
} from '#app/routes/api+/v1+/organizations.invite.$id.ts'
import { action, loader } from '#app/routes/api+/v1+/organizations.invite.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

function listInvites(cookie?: string) {
	return callRoute(() =>
		loader({ request: makeRequest('/api/v1/organizations/invite', { cookie }), params: {}, context: {} }),
	)
}

function invite(cookie: string | undefined, json: unknown) {
	return callRoute(() =>
		action({
			request: makeRequest('/api/v1/organizations/invite', { method: 'POST', cookie, json }),
			params: {},
			context: {},
		}),
	)
}

function cancel(cookie: string | undefined, id: string) {
	return callRoute(() =>
		deleteAction({
			request: makeRequest(`/api/v1/organizations/invite/${id}`, { method: 'DELETE', cookie }),
			params: { id },
			context: {},
		}),
	)
}

describe('/api/v1/organizations/invite', () => {
	test('401 without a session on every method', async () => {
		expect((await listInvites()).status).toBe(401)
		expect((await invite(undefined, { email: 'a@example.com' })).status).toBe(401)
		expect((await cancel(undefined, 'anything')).status).toBe(401)
	})

	test('an admin invites, lists and cancels; the invite has the spec shape', async () => {
		const admin = await createSignedInUser({ role: 'ADMIN' })
		const created = await invite(admin.cookie, { email: '  New.Teammate@Example.com ' })
		expect(created.status).toBe(201)
		expect(created.body).toEqual({
			id: expect.any(String),
			email: 'new.teammate@example.com',
			acceptedAt: null,
		})

		const listed = await listInvites(admin.cookie)
		expect(listed.status).toBe(200)
		expect(listed.body).toEqual([
			{ id: created.body.id, email: 'new.teammate@example.com', acceptedAt: null },
		])

		const cancelled = await cancel(admin.cookie, created.body.id)
		expect(cancelled.status).toBe(200)
		expect((await listInvites(admin.cookie)).body).toEqual([])
		// Cancelling again: it is gone.
		expect((await cancel(admin.cookie, created.body.id)).status).toBe(404)
	})

	test('inviting the same pending email twice returns the same invite', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const first = await invite(owner.cookie, { email: 'twice@example.com' })
		const second = await invite(owner.cookie, { email: 'TWICE@example.com' })
		expect(first.status).toBe(201)
		expect(second.status).toBe(200)
		expect(second.body.id).toBe(first.body.id)
		expect(await prisma.invite.count({ where: { organizationId: owner.organization.id } })).toBe(1)
	})

	test('concurrent invites of one email make one invite', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const results = await Promise.all(
			Array.from({ length: 5 }, () => invite(owner.cookie, { email: 'race@example.com' })),
		)
		expect(results.every((result) => [200, 201].includes(result.status))).toBe(true)
		expect(new Set(results.map((result) => result.body.id)).size).toBe(1)
		expect(await prisma.invite.count({ where: { organizationId: owner.organization.id } })).toBe(1)
	})

	test('409 when the email already belongs to a member', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const member = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		const result = await invite(owner.cookie, { email: member.user.email.toUpperCase() })
		expect(result.status).toBe(409)
		expect(result.body).toEqual({
			error: 'already_member',
			message: 'This person is already a member of your organization',
		})
	})

	test('400 "Please enter a valid email address" for invalid bodies', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		for (const body of [{ email: 'not-an-email' }, { email: '' }, {}, { email: 42 }, { email: 'a@b' }]) {
			const result = await invite(owner.cookie, body)
			expect(result.status, JSON.stringify(body)).toBe(400)
			expect(result.body).toEqual({
				error: 'validation_error',
				message: 'Please enter a valid email address',
			})
		}
		expect(await prisma.invite.count({ where: { organizationId: owner.organization.id } })).toBe(0)
	})

	test('members may list but not invite or cancel', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const member = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		const created = await invite(owner.cookie, { email: 'pending@example.com' })

		const listed = await listInvites(member.cookie)
		expect(listed.status).toBe(200)
		expect(listed.body).toHaveLength(1)

		const forbiddenInvite = await invite(member.cookie, { email: 'another@example.com' })
		expect(forbiddenInvite.status).toBe(403)
		expect(forbiddenInvite.body).toEqual({ error: 'forbidden', message: expect.any(String) })
		expect((await cancel(member.cookie, created.body.id)).status).toBe(403)
		expect(await prisma.invite.count({ where: { organizationId: owner.organization.id } })).toBe(1)
	})

	test("organizations never see or cancel each other's invites", async () => {
		const mine = await createSignedInUser({ role: 'OWNER' })
		const theirs = await createSignedInUser({ role: 'OWNER' })
		await invite(mine.cookie, { email: 'mine@example.com' })
		const theirInvite = await invite(theirs.cookie, { email: 'theirs@example.com' })

		const listed = await listInvites(mine.cookie)
		expect(listed.body.map((entry: { email: string }) => entry.email)).toEqual(['mine@example.com'])

		const result = await cancel(mine.cookie, theirInvite.body.id)
		expect(result.status).toBe(404)
		expect(result.body).toEqual({ error: 'not_found', message: 'Invite not found' })
		expect(await prisma.invite.findUnique({ where: { id: theirInvite.body.id } })).not.toBeNull()

		// The same email may be invited by two organizations independently.
		const shared = await invite(mine.cookie, { email: 'theirs@example.com' })
		expect(shared.status).toBe(201)
		expect(shared.body.id).not.toBe(theirInvite.body.id)
	})

	test('405 for methods the routes do not serve', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const put = await callRoute(() =>
			action({
				request: makeRequest('/api/v1/organizations/invite', {
					method: 'PUT',
					cookie: owner.cookie,
					json: {},
				}),
				params: {},
				context: {},
			}),
		)
		expect(put.status).toBe(405)
		const get = await callRoute(async () => inviteIdLoader())
		expect(get.status).toBe(405)
	})
})

describe('accepting an invite by signing in', () => {
	test('the invited email joins the organization as a member and the invite shows acceptedAt', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const created = await invite(owner.cookie, { email: 'joiner@example.com' })
		expect(created.body.acceptedAt).toBeNull()

		const {
			userId,
			joined,
			created: createdOrganization,
		} = await signInIdentity({
			email: 'Joiner@Example.com',
			name: 'Jo Iner',
			emailVerified: true,
		})
		expect(joined).toBe(owner.organization.id)
		expect(createdOrganization).toBe(false)

		const membership = await prisma.membership.findUniqueOrThrow({
			where: { organizationId_userId: { organizationId: owner.organization.id, userId } },
		})
		expect(membership.role).toBe('MEMBER')

		const listed = await listInvites(owner.cookie)
		expect(listed.body).toEqual([
			{ id: created.body.id, email: 'joiner@example.com', acceptedAt: expect.any(String) },
		])

		// Now a member: inviting them again is refused, and the settings list them.
		expect((await invite(owner.cookie, { email: 'joiner@example.com' })).status).toBe(409)
	})

	test('a user removed after accepting can be invited again', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const first = await invite(owner.cookie, { email: 'returning@example.com' })
		const { userId } = await signInIdentity({ email: 'returning@example.com', emailVerified: true })
		await prisma.membership.delete({
			where: { organizationId_userId: { organizationId: owner.organization.id, userId } },
		})

		const again = await invite(owner.cookie, { email: 'returning@example.com' })
		expect(again.status).toBe(201)
		expect(again.body).toEqual({ id: first.body.id, email: 'returning@example.com', acceptedAt: null })

		const { joined } = await signInIdentity({ email: 'returning@example.com', emailVerified: true })
		expect(joined).toBe(owner.organization.id)
	})
})
