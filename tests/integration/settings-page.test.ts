import { describe, expect, test } from 'vitest'
import { getActor } from '#app/models/session/auth.server.ts'
import { action, loader } from '#app/routes/_app+/settings.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

function load(cookie?: string) {
	return callRoute(() => loader({ request: makeRequest('/settings', { cookie }), params: {}, context: {} }))
}

function post(cookie: string | undefined, form: Record<string, string>) {
	return callRoute(() =>
		action({ request: makeRequest('/settings', { method: 'POST', cookie, form }), params: {}, context: {} }),
	)
}

/** The flash toast a response sets, read back as the next page load would. */
async function toastOf(result: { headers: Headers }) {
	const cookie = result.headers.get('Set-Cookie')?.split(';')[0]
	if (!cookie) return null
	return (await getToast(new Request('http://localhost:3000/settings', { headers: { Cookie: cookie } })))
		.toast
}

async function expectSuccessRedirect(result: Awaited<ReturnType<typeof post>>, title: string) {
	expect(result.status, JSON.stringify(result.body)).toBe(302)
	expect(result.headers.get('Location')).toBe('/settings')
	expect(await toastOf(result)).toMatchObject({ type: 'success', title })
}

describe('/settings loader', () => {
	test('redirects to sign-in without a session', async () => {
		const result = await load()
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe('/login?redirectTo=%2Fsettings')
	})

	test("shows the organization's settings, documents, users and pending invites, nothing of others", async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const organizationId = owner.organization.id
		const member = await createSignedInUser({ role: 'MEMBER', organizationId })
		await prisma.organization.update({
			where: { id: organizationId },
			data: { summary: 'Sum', description: 'Desc' },
		})
		const longDocument = await prisma.organizationDocument.create({
			data: { organizationId, name: 'Long', content: 'a'.repeat(5_000) },
		})
		await prisma.invite.create({ data: { organizationId, email: 'pending@example.com' } })
		await prisma.invite.create({
			data: { organizationId, email: 'accepted@example.com', acceptedAt: new Date() },
		})

		const other = await createSignedInUser({ role: 'OWNER' })
		await prisma.organizationDocument.create({
			data: { organizationId: other.organization.id, name: 'Other', content: 'x' },
		})
		await prisma.invite.create({
			data: { organizationId: other.organization.id, email: 'other@example.com' },
		})

		const result = await load(owner.cookie)
		expect(result.status).toBe(200)
		const body = result.body
		expect(body.organization).toMatchObject({ summary: 'Sum', description: 'Desc' })
		expect(body.documents).toEqual([
			{
				id: longDocument.id,
				name: 'Long',
				preview: 'a'.repeat(160),
				truncated: true,
				createdAt: expect.any(String),
			},
		])
		expect(body.users).toEqual([
			{ id: owner.user.id, name: owner.user.name, email: owner.user.email, role: 'OWNER' },
			{ id: member.user.id, name: member.user.name, email: member.user.email, role: 'MEMBER' },
		])
		expect(body.invites.map((invite: { email: string }) => invite.email)).toEqual(['pending@example.com'])
		expect(body.canManage).toBe(true)

		const asMember = await load(member.cookie)
		expect(asMember.body.canManage).toBe(false)
		expect(asMember.body.users).toHaveLength(2)
	})
})

describe('/settings action', () => {
	test('redirects to sign-in without a session', async () => {
		const result = await post(undefined, { intent: 'update-settings', summary: 'x' })
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toMatch(/^\/login/)
	})

	test('members may not change anything (403)', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const organizationId = owner.organization.id
		const member = await createSignedInUser({ role: 'MEMBER', organizationId })
		const document = await prisma.organizationDocument.create({
			data: { organizationId, name: 'Doc', content: 'x' },
		})
		const invite = await prisma.invite.create({ data: { organizationId, email: 'pending@example.com' } })
		const forms: Array<Record<string, string>> = [
			{ intent: 'update-settings', summary: 'Hijacked' },
			{ intent: 'add-document', name: 'Doc', content: 'Text' },
			{ intent: 'delete-document', documentId: document.id },
			{ intent: 'change-role', userId: owner.user.id, role: 'MEMBER' },
			{ intent: 'remove-user', userId: owner.user.id },
			{ intent: 'invite', email: 'new@example.com' },
			{ intent: 'cancel-invite', inviteId: invite.id },
		]
		for (const form of forms) {
			const result = await post(member.cookie, form)
			expect(result.status, form.intent).toBe(403)
		}
		expect(await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })).toMatchObject({
			summary: '',
		})
		expect(await prisma.organizationDocument.count({ where: { organizationId } })).toBe(1)
		expect(await prisma.invite.count({ where: { organizationId } })).toBe(1)
		expect(await prisma.membership.count({ where: { organizationId, role: 'OWNER' } })).toBe(1)
	})

	test('400 for an unknown intent', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		expect((await post(owner.cookie, { intent: 'drop-tables' })).status).toBe(400)
		expect((await post(owner.cookie, {})).status).toBe(400)
	})

	test('saves summary and description with a toast', async () => {
		const admin = await createSignedInUser({ role: 'ADMIN' })
		const result = await post(admin.cookie, {
			intent: 'update-settings',
			summary: ' We sell rockets ',
			description: 'Reusable rockets',
		})
		await expectSuccessRedirect(result, 'Settings saved')
		const organization = await prisma.organization.findUniqueOrThrow({ where: { id: admin.organization.id } })
		expect(organization).toMatchObject({ summary: 'We sell rockets', description: 'Reusable rockets' })

		// Emptied fields are saved as empty.
		await post(admin.cookie, { intent: 'update-settings', summary: '', description: '' })
		expect(
			await prisma.organization.findUniqueOrThrow({ where: { id: admin.organization.id } }),
		).toMatchObject({
			summary: '',
			description: '',
		})
	})

	test('invalid settings return the form errors with 400', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const result = await post(owner.cookie, { intent: 'update-settings', summary: 'x'.repeat(2_001) })
		expect(result.status).toBe(400)
		expect(result.body.intent).toBe('update-settings')
		expect(result.body.result.error.summary).toEqual(['Summary must be at most 2,000 characters'])
	})

	test('adds a document; empty content is refused', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const organizationId = owner.organization.id
		const empty = await post(owner.cookie, { intent: 'add-document', name: 'Empty', content: '   ' })
		expect(empty.status).toBe(400)
		expect(empty.body.result.error.content).toEqual(['Document content cannot be empty'])
		expect(await toastOf(empty)).toMatchObject({ type: 'error', title: 'Document content cannot be empty' })

		const added = await post(owner.cookie, {
			intent: 'add-document',
			name: 'Pitch.pdf',
			content: 'Our pitch',
		})
		await expectSuccessRedirect(added, 'Document added')
		const documents = await prisma.organizationDocument.findMany({ where: { organizationId } })
		expect(documents).toMatchObject([{ name: 'Pitch.pdf', content: 'Our pitch' }])
	})

	test("deletes a document; another organization's document id is 404 and stays", async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const other = await createSignedInUser({ role: 'OWNER' })
		const mine = await prisma.organizationDocument.create({
			data: { organizationId: owner.organization.id, name: 'Mine', content: 'x' },
		})
		const theirs = await prisma.organizationDocument.create({
			data: { organizationId: other.organization.id, name: 'Theirs', content: 'y' },
		})

		const foreign = await post(owner.cookie, { intent: 'delete-document', documentId: theirs.id })
		expect(foreign.status).toBe(404)
		expect(await prisma.organizationDocument.findUnique({ where: { id: theirs.id } })).not.toBeNull()

		await expectSuccessRedirect(
			await post(owner.cookie, { intent: 'delete-document', documentId: mine.id }),
			'Document deleted',
		)
		expect(await prisma.organizationDocument.findUnique({ where: { id: mine.id } })).toBeNull()
	})

	test('invites by email: invalid, already a member, created once, cancelled', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const organizationId = owner.organization.id
		const member = await createSignedInUser({ role: 'MEMBER', organizationId })

		const invalid = await post(owner.cookie, { intent: 'invite', email: 'nope' })
		expect(invalid.status).toBe(400)
		expect(invalid.body.result.error.email).toEqual(['Please enter a valid email address'])

		const missing = await post(owner.cookie, { intent: 'invite' })
		expect(missing.body.result.error.email).toEqual(['Please enter a valid email address'])

		const existing = await post(owner.cookie, { intent: 'invite', email: member.user.email })
		expect(existing.status).toBe(400)
		expect(existing.body.result.error.email).toEqual(['This person is already a member of your organization'])

		await expectSuccessRedirect(
			await post(owner.cookie, { intent: 'invite', email: 'Teammate@Example.com' }),
			'Invitation in the outbox',
		)
		const again = await post(owner.cookie, { intent: 'invite', email: 'teammate@example.com' })
		expect(again.status).toBe(302)
		expect(await toastOf(again)).toMatchObject({ type: 'info', title: 'Already invited' })
		const invites = await prisma.invite.findMany({ where: { organizationId } })
		expect(invites).toMatchObject([
			{ email: 'teammate@example.com', acceptedAt: null, invitedById: owner.user.id },
		])

		const other = await createSignedInUser({ role: 'OWNER' })
		const foreign = await post(other.cookie, { intent: 'cancel-invite', inviteId: invites[0]!.id })
		expect(foreign.status).toBe(404)
		expect(await prisma.invite.count({ where: { organizationId } })).toBe(1)

		await expectSuccessRedirect(
			await post(owner.cookie, { intent: 'cancel-invite', inviteId: invites[0]!.id }),
			'Invitation cancelled',
		)
		expect(await prisma.invite.count({ where: { organizationId } })).toBe(0)
	})
})

describe('/settings users', () => {
	async function organizationWithRoles() {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const organizationId = owner.organization.id
		const admin = await createSignedInUser({ role: 'ADMIN', organizationId })
		const member = await createSignedInUser({ role: 'MEMBER', organizationId })
		return { owner, admin, member, organizationId }
	}

	async function roleOf(organizationId: string, userId: string) {
		const membership = await prisma.membership.findUnique({
			where: { organizationId_userId: { organizationId, userId } },
			select: { role: true },
		})
		return membership?.role ?? null
	}

	test('an admin changes a member to admin and back', async () => {
		const { admin, member, organizationId } = await organizationWithRoles()
		await expectSuccessRedirect(
			await post(admin.cookie, { intent: 'change-role', userId: member.user.id, role: 'ADMIN' }),
			'Role updated',
		)
		expect(await roleOf(organizationId, member.user.id)).toBe('ADMIN')
		await post(admin.cookie, { intent: 'change-role', userId: member.user.id, role: 'MEMBER' })
		expect(await roleOf(organizationId, member.user.id)).toBe('MEMBER')
	})

	test('only an owner touches owners or grants ownership', async () => {
		const { owner, admin, member, organizationId } = await organizationWithRoles()
		expect(
			(await post(admin.cookie, { intent: 'change-role', userId: member.user.id, role: 'OWNER' })).status,
		).toBe(403)
		expect(
			(await post(admin.cookie, { intent: 'change-role', userId: owner.user.id, role: 'MEMBER' })).status,
		).toBe(403)
		expect((await post(admin.cookie, { intent: 'remove-user', userId: owner.user.id })).status).toBe(403)
		expect(await roleOf(organizationId, owner.user.id)).toBe('OWNER')

		await expectSuccessRedirect(
			await post(owner.cookie, { intent: 'change-role', userId: member.user.id, role: 'OWNER' }),
			'Role updated',
		)
		expect(await roleOf(organizationId, member.user.id)).toBe('OWNER')
		// With two owners, one may demote the other.
		await expectSuccessRedirect(
			await post(owner.cookie, { intent: 'change-role', userId: member.user.id, role: 'ADMIN' }),
			'Role updated',
		)
		expect(await roleOf(organizationId, member.user.id)).toBe('ADMIN')
	})

	test('nobody changes or removes themselves; an invalid role is 400', async () => {
		const { owner, admin, organizationId } = await organizationWithRoles()
		const ownRole = await post(owner.cookie, { intent: 'change-role', userId: owner.user.id, role: 'MEMBER' })
		expect(ownRole.status).toBe(400)
		expect((await post(admin.cookie, { intent: 'remove-user', userId: admin.user.id })).status).toBe(400)
		expect(
			(await post(owner.cookie, { intent: 'change-role', userId: admin.user.id, role: 'KING' })).status,
		).toBe(400)
		expect(await roleOf(organizationId, owner.user.id)).toBe('OWNER')
		expect(await roleOf(organizationId, admin.user.id)).toBe('ADMIN')
	})

	test('two owners demoting each other at once leave one owner', async () => {
		const { owner, member, organizationId } = await organizationWithRoles()
		await prisma.membership.update({
			where: { organizationId_userId: { organizationId, userId: member.user.id } },
			data: { role: 'OWNER' },
		})
		const results = await Promise.all([
			post(owner.cookie, { intent: 'change-role', userId: member.user.id, role: 'MEMBER' }),
			post(member.cookie, { intent: 'change-role', userId: owner.user.id, role: 'MEMBER' }),
		])
		expect(results.map((result) => result.status).sort()).toEqual([302, 403])
		expect(await prisma.membership.count({ where: { organizationId, role: 'OWNER' } })).toBe(1)
	})

	test('removes a user, who then has no access; other organizations are 404', async () => {
		const { admin, member, organizationId } = await organizationWithRoles()
		const other = await createSignedInUser({ role: 'MEMBER' })

		const foreign = await post(admin.cookie, { intent: 'remove-user', userId: other.user.id })
		expect(foreign.status).toBe(404)
		expect(await roleOf(other.organization.id, other.user.id)).toBe('MEMBER')
		const foreignRole = await post(admin.cookie, {
			intent: 'change-role',
			userId: other.user.id,
			role: 'ADMIN',
		})
		expect(foreignRole.status).toBe(404)

		await expectSuccessRedirect(
			await post(admin.cookie, { intent: 'remove-user', userId: member.user.id }),
			'User removed',
		)
		expect(await roleOf(organizationId, member.user.id)).toBeNull()
		expect(await prisma.user.findUnique({ where: { id: member.user.id } })).not.toBeNull()
		expect(await getActor(makeRequest('/settings', { cookie: member.cookie }))).toBeNull()
	})
})
