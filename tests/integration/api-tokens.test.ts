import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createApiToken } from '#app/models/api-token/create-api-token.server.ts'
import { loader as authUserLoader } from '#app/routes/api+/v1+/auth.user.ts'
import { loader as contactLoader } from '#app/routes/api+/v1+/contacts.$id.ts'
import { loader as contactsLoader } from '#app/routes/api+/v1+/contacts.ts'
import { action as inviteAction } from '#app/routes/api+/v1+/organizations.invite.ts'
import { action as tagsAction } from '#app/routes/api+/v1+/tags.ts'
import {
	action as pageAction,
	loader as pageLoader,
} from '#app/routes/_app+/settings_.api-tokens.tsx'
import { API_TOKEN_MESSAGES } from '#app/schemas/api-token.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'

// Personal access tokens (issue 16, decision 041): created on the settings page, shown once,
// stored hashed; `Authorization: Bearer` on the JSON API acts as the token's user in the token's
// organization with their role; a read token only reads; forged, revoked and orphaned tokens get 401.

type Who = Awaited<ReturnType<typeof createSignedInUser>>

function bearer(token: string) {
	return { Authorization: `Bearer ${token}` }
}

async function tokenFor(who: Who, scope: 'READ' | 'READ_WRITE', name = 'Script') {
	const created = await createApiToken({
		organizationId: who.organization.id,
		userId: who.user.id,
		name,
		scope,
	})
	return created
}

function listContacts(headers: Record<string, string>, cookie?: string) {
	return callRoute(() =>
		contactsLoader({ request: makeRequest('/api/v1/contacts', { headers, cookie }), params: {}, context: {} }),
	)
}

function readContact(headers: Record<string, string>, id: string) {
	return callRoute(() =>
		contactLoader({
			request: makeRequest(`/api/v1/contacts/${id}`, { headers }),
			params: { id },
			context: {},
		}),
	)
}

function createTag(headers: Record<string, string>, name: string) {
	return callRoute(() =>
		tagsAction({
			request: makeRequest('/api/v1/tags', { method: 'POST', headers, json: { name } }),
			params: {},
			context: {},
		}),
	)
}

function postPage(cookie: string, form: Record<string, string>) {
	return callRoute(() =>
		pageAction({
			request: makeRequest('/settings/api-tokens', { method: 'POST', cookie, form }),
			params: {},
			context: {},
		}),
	)
}

function expectError(result: { status: number; body: { error?: unknown; message?: unknown } }, status: number) {
	expect(result.status).toBe(status)
	expect(typeof result.body.error).toBe('string')
	expect(typeof result.body.message).toBe('string')
}

describe('bearer tokens on the JSON API', () => {
	test('a read token reads its organization and nothing of another', async () => {
		const alice = await createSignedInUser({ role: 'MEMBER' })
		const bob = await createSignedInUser()
		const mine = await insertContact(alice.organization.id, { firstName: 'Mine' })
		const theirs = await insertContact(bob.organization.id, { firstName: 'Theirs' })
		const { token } = await tokenFor(alice, 'READ')

		const listed = await listContacts(bearer(token))
		expect(listed.status).toBe(200)
		const ids = listed.body.data.map((contact: { id: string }) => contact.id)
		expect(ids).toContain(mine.id)
		expect(ids).not.toContain(theirs.id)

		expect((await readContact(bearer(token), mine.id)).status).toBe(200)
		expectError(await readContact(bearer(token), theirs.id), 404)
	})

	test('a read token gets 403 on a write; a read-write token writes in its organization', async () => {
		const owner = await createSignedInUser()
		const read = await tokenFor(owner, 'READ')
		const refused = await createTag(bearer(read.token), 'From a read token')
		expectError(refused, 403)
		expect(refused.body.message).toBe(API_TOKEN_MESSAGES.readOnly)
		expect(await prisma.tag.count({ where: { name: 'From a read token' } })).toBe(0)

		const write = await tokenFor(owner, 'READ_WRITE')
		const created = await createTag(bearer(write.token), 'From a write token')
		expect(created.status).toBe(201)
		const tag = await prisma.tag.findUniqueOrThrow({ where: { id: created.body.id } })
		expect(tag.organizationId).toBe(owner.organization.id)
	})

	test("the token carries its user's role: a member's read-write token cannot invite", async () => {
		const member = await createSignedInUser({ role: 'MEMBER' })
		const { token } = await tokenFor(member, 'READ_WRITE')
		const result = await callRoute(() =>
			inviteAction({
				request: makeRequest('/api/v1/organizations/invite', {
					method: 'POST',
					headers: bearer(token),
					json: { email: 'someone@example.com' },
				}),
				params: {},
				context: {},
			}),
		)
		expectError(result, 403)
	})

	test('forged, malformed, revoked and orphaned tokens get 401 { error, message }', async () => {
		const owner = await createSignedInUser()
		const { token, id } = await tokenFor(owner, 'READ_WRITE')
		expect((await listContacts(bearer(token))).status).toBe(200)

		// Same shape, other secret.
		const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
		expectError(await listContacts(bearer(forged)), 401)
		expect((await listContacts(bearer(forged))).body.message).toBe(API_TOKEN_MESSAGES.invalid)
		expectError(await listContacts(bearer('not-a-token')), 401)
		expectError(await listContacts({ Authorization: 'Basic abc' }), 401)
		expect((await listContacts({ Authorization: 'Basic abc' })).body.message).toBe(API_TOKEN_MESSAGES.malformed)
		// The header decides: a bad token is refused even beside a valid session cookie.
		expectError(await listContacts(bearer(forged), owner.cookie), 401)

		await prisma.apiToken.update({ where: { id }, data: { revokedAt: new Date() } })
		expectError(await listContacts(bearer(token)), 401)

		// A user who left the organization leaves their tokens unusable.
		const leaver = await createSignedInUser({ role: 'MEMBER' })
		const left = await tokenFor(leaver, 'READ')
		await prisma.membership.deleteMany({ where: { userId: leaver.user.id } })
		expectError(await listContacts(bearer(left.token)), 401)
	})

	test('GET /api/v1/auth/user answers for the token, with the token id in place of a session id', async () => {
		const owner = await createSignedInUser()
		const { token, id } = await tokenFor(owner, 'READ')
		const result = await callRoute(() =>
			authUserLoader({ request: makeRequest('/api/v1/auth/user', { headers: bearer(token) }), params: {}, context: {} }),
		)
		expect(result.status).toBe(200)
		expect(result.body.id).toBe(id)
		expect(result.body.user).toMatchObject({ id: owner.user.id, email: owner.user.email })
	})

	test('a use is recorded in lastUsedAt', async () => {
		const owner = await createSignedInUser()
		const { token, id } = await tokenFor(owner, 'READ')
		expect((await prisma.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).toBeNull()
		await listContacts(bearer(token))
		const used = await prisma.apiToken.findUniqueOrThrow({ where: { id } })
		expect(used.lastUsedAt).toBeInstanceOf(Date)
	})

	test('outside /api/ the header is ignored: pages and resources go by the session only', async () => {
		const owner = await createSignedInUser()
		const { token } = await tokenFor(owner, 'READ_WRITE')
		const page = await callRoute(() =>
			pageLoader({ request: makeRequest('/settings/api-tokens', { headers: bearer(token) }), params: {}, context: {} }),
		)
		// No session: the page sends to sign in, whatever the header holds.
		expect(page.status).toBe(302)
		expect(page.headers.get('Location')).toMatch(/^\/login/)
	})
})

describe('Settings → API tokens', () => {
	test('creates a token shown once and stores only its SHA-256', async () => {
		const owner = await createSignedInUser()
		const created = await postPage(owner.cookie, { intent: 'create-token', name: 'Nightly export', scope: 'READ' })
		expect(created.status).toBe(200)
		expect(created.headers.get('Cache-Control')).toBe('no-store')
		const token: string = created.body.created.token
		expect(token).toMatch(/^ro_pat_[A-Za-z0-9_-]{43}$/)

		const row = await prisma.apiToken.findUniqueOrThrow({ where: { id: created.body.created.id } })
		expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
		expect(row.scope).toBe('READ')
		// The secret part is nowhere in the row (the display prefix keeps 4 of its 43 characters).
		const secret = token.slice('ro_pat_'.length)
		expect(JSON.stringify(row)).not.toContain(secret)
		expect(token.startsWith(row.displayPrefix)).toBe(true)

		// The page lists it without the token.
		const page = await callRoute(() =>
			pageLoader({ request: makeRequest('/settings/api-tokens', { cookie: owner.cookie }), params: {}, context: {} }),
		)
		expect(page.body.tokens).toHaveLength(1)
		expect(page.body.tokens[0]).toMatchObject({ name: 'Nightly export', scope: 'READ', revokedAt: null })
		expect(JSON.stringify(page.body)).not.toContain(secret)
	})

	test('bad input is a 400 with the field message; nothing is stored', async () => {
		const owner = await createSignedInUser()
		const result = await postPage(owner.cookie, { intent: 'create-token', name: '  ', scope: 'ADMIN' })
		expect(result.status).toBe(400)
		expect(result.body.result.error.name).toEqual([API_TOKEN_MESSAGES.nameRequired])
		expect(result.body.result.error.scope).toEqual([API_TOKEN_MESSAGES.scopeRequired])
		expect(await prisma.apiToken.count({ where: { userId: owner.user.id } })).toBe(0)
	})

	test("revoking: one's own token only; another user's or organization's id changes nothing", async () => {
		const owner = await createSignedInUser()
		const colleague = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		const stranger = await createSignedInUser()
		const own = await tokenFor(owner, 'READ')
		const colleagues = await tokenFor(colleague, 'READ')
		const strangers = await tokenFor(stranger, 'READ')

		for (const other of [colleagues, strangers]) {
			const refused = await postPage(owner.cookie, { intent: 'revoke-token', tokenId: other.id })
			expect(refused.status).toBe(404)
			expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: other.id } })).revokedAt).toBeNull()
			expect((await listContacts(bearer(other.token))).status).toBe(200)
		}

		const revoked = await postPage(owner.cookie, { intent: 'revoke-token', tokenId: own.id })
		expect(revoked.status).toBe(302)
		expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: own.id } })).revokedAt).toBeInstanceOf(Date)
		expectError(await listContacts(bearer(own.token)), 401)
		// Revoking again: nothing left to revoke.
		expect((await postPage(owner.cookie, { intent: 'revoke-token', tokenId: own.id })).status).toBe(404)
	})

	test('the page lists only the actor’s own tokens', async () => {
		const owner = await createSignedInUser()
		const colleague = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		await tokenFor(owner, 'READ', 'Owner token')
		await tokenFor(colleague, 'READ', 'Colleague token')
		const page = await callRoute(() =>
			pageLoader({ request: makeRequest('/settings/api-tokens', { cookie: owner.cookie }), params: {}, context: {} }),
		)
		expect(page.body.tokens.map((token: { name: string }) => token.name)).toEqual(['Owner token'])
	})
})
