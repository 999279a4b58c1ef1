import { describe, expect, test } from 'vitest'
import { action, loader } from '#app/routes/api+/v1+/settings.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

function getSettings(cookie?: string) {
	return callRoute(() =>
		loader({ request: makeRequest('/api/v1/settings', { cookie }), params: {}, context: {} }),
	)
}

function postSettings(cookie: string | undefined, json: unknown) {
	return callRoute(() =>
		action({
			request: makeRequest('/api/v1/settings', { method: 'POST', cookie, json }),
			params: {},
			context: {},
		}),
	)
}

describe('GET /api/v1/settings', () => {
	test('401 without a session', async () => {
		const result = await getSettings()
		expect(result.status).toBe(401)
		expect(result.body).toEqual({ error: 'unauthorized', message: expect.any(String) })
	})

	test("returns the organization's summary, description, users and documents, and only its own", async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const member = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		await prisma.organization.update({
			where: { id: owner.organization.id },
			data: { summary: 'We sell rockets', description: 'Reusable rockets for small satellites' },
		})
		const document = await prisma.organizationDocument.create({
			data: { organizationId: owner.organization.id, name: 'Pitch deck', content: 'Rockets, cheaper.' },
		})
		const other = await createSignedInUser({ role: 'OWNER' })
		await prisma.organization.update({ where: { id: other.organization.id }, data: { summary: 'Other org' } })
		await prisma.organizationDocument.create({
			data: { organizationId: other.organization.id, name: 'Secret', content: 'Not yours' },
		})

		// Members may read the settings (the assistant uses them for everyone).
		const result = await getSettings(member.cookie)
		expect(result.status).toBe(200)
		expect(result.body).toEqual({
			summary: 'We sell rockets',
			description: 'Reusable rockets for small satellites',
			users: [
				{ id: owner.user.id, name: owner.user.name, email: owner.user.email, role: 'OWNER' },
				{ id: member.user.id, name: member.user.name, email: member.user.email, role: 'MEMBER' },
			],
			documents: [{ id: document.id, name: 'Pitch deck', content: 'Rockets, cheaper.' }],
		})
	})
})

describe('POST /api/v1/settings', () => {
	test('401 without a session', async () => {
		const result = await postSettings(undefined, { summary: 'x' })
		expect(result.status).toBe(401)
	})

	test('403 for a member, and nothing changes', async () => {
		const member = await createSignedInUser({ role: 'MEMBER' })
		const result = await postSettings(member.cookie, { summary: 'Hijacked' })
		expect(result.status).toBe(403)
		expect(result.body).toEqual({ error: 'forbidden', message: expect.any(String) })
		const organization = await prisma.organization.findUniqueOrThrow({
			where: { id: member.organization.id },
		})
		expect(organization.summary).toBe('')
	})

	test('405 for other methods', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const result = await callRoute(() =>
			action({
				request: makeRequest('/api/v1/settings', { method: 'PUT', cookie: owner.cookie, json: {} }),
				params: {},
				context: {},
			}),
		)
		expect(result.status).toBe(405)
	})

	test('updates summary and description, leaving omitted fields and documents alone', async () => {
		const admin = await createSignedInUser({ role: 'ADMIN' })
		await prisma.organizationDocument.create({
			data: { organizationId: admin.organization.id, name: 'Kept', content: 'Still here' },
		})
		const first = await postSettings(admin.cookie, { summary: '  Rockets  ', description: 'Long text' })
		expect(first.status).toBe(200)
		expect(first.body).toMatchObject({
			summary: 'Rockets',
			description: 'Long text',
			documents: [{ name: 'Kept' }],
		})

		const second = await postSettings(admin.cookie, { description: 'Changed' })
		expect(second.body).toMatchObject({ summary: 'Rockets', description: 'Changed' })
	})

	test('a documents list replaces the set: keeps given ids, creates new ones, deletes the rest', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const organizationId = owner.organization.id
		const kept = await prisma.organizationDocument.create({
			data: { organizationId, name: 'Kept', content: 'Old' },
		})
		const dropped = await prisma.organizationDocument.create({
			data: { organizationId, name: 'Dropped', content: 'Bye' },
		})

		const result = await postSettings(owner.cookie, {
			documents: [
				{ id: kept.id, name: 'Kept (renamed)', content: 'New content' },
				{ name: 'Fresh', content: 'Brand new' },
			],
		})
		expect(result.status).toBe(200)
		const documents = await prisma.organizationDocument.findMany({
			where: { organizationId },
			select: { id: true, name: true, content: true },
			orderBy: { createdAt: 'asc' },
		})
		expect(documents).toHaveLength(2)
		expect(documents).toContainEqual({ id: kept.id, name: 'Kept (renamed)', content: 'New content' })
		expect(documents).toContainEqual({ id: expect.any(String), name: 'Fresh', content: 'Brand new' })
		expect(documents.map((document) => document.id)).not.toContain(dropped.id)
		expect(result.body.documents).toHaveLength(2)

		// An empty list removes every document.
		const cleared = await postSettings(owner.cookie, { documents: [] })
		expect(cleared.body.documents).toEqual([])
	})

	test('400 with { error, message } for invalid bodies', async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const invalidBodies: Array<[unknown, string | RegExp]> = [
			[{ documents: [{ name: 'Empty', content: '   ' }] }, 'Document content cannot be empty'],
			[{ documents: [{ name: '', content: 'Text' }] }, 'Document name is required'],
			[{ documents: [{ content: 'Text' }] }, 'Document name is required'],
			[{ documents: 'not a list' }, 'Documents must be a list'],
			[{ summary: 42 }, 'Summary must be text'],
			[{ summary: 'x'.repeat(2_001) }, /Summary must be at most/],
			[
				{
					documents: [
						{ id: 'a', name: 'A', content: 'a' },
						{ id: 'a', name: 'B', content: 'b' },
					],
				},
				'Each document id may appear only once',
			],
			[[1, 2], 'Request body must be an object'],
		]
		for (const [body, message] of invalidBodies) {
			const result = await postSettings(owner.cookie, body)
			expect(result.status, JSON.stringify(body).slice(0, 80)).toBe(400)
			expect(result.body.error).toBe('validation_error')
			expect(result.body.message).toMatch(message)
		}

		const request = new Request('http://localhost:3000/api/v1/settings', {
			method: 'POST',
			headers: { Cookie: owner.cookie, 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
			body: '{not json',
		})
		const malformed = await callRoute(() => action({ request, params: {}, context: {} }))
		expect(malformed.status).toBe(400)
		expect(malformed.body).toEqual({ error: 'invalid_json', message: expect.any(String) })
	})

	test("404 for another organization's document id, and nothing changes on either side", async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const other = await createSignedInUser({ role: 'OWNER' })
		const mine = await prisma.organizationDocument.create({
			data: { organizationId: owner.organization.id, name: 'Mine', content: 'Mine' },
		})
		const theirs = await prisma.organizationDocument.create({
			data: { organizationId: other.organization.id, name: 'Theirs', content: 'Theirs' },
		})

		const result = await postSettings(owner.cookie, {
			summary: 'Should not be saved',
			documents: [{ id: theirs.id, name: 'Stolen', content: 'Overwritten' }],
		})
		expect(result.status).toBe(404)
		expect(result.body).toEqual({ error: 'not_found', message: expect.any(String) })

		expect(await prisma.organizationDocument.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
			organizationId: other.organization.id,
			name: 'Theirs',
			content: 'Theirs',
		})
		expect(await prisma.organizationDocument.findUnique({ where: { id: mine.id } })).not.toBeNull()
		const organization = await prisma.organization.findUniqueOrThrow({ where: { id: owner.organization.id } })
		expect(organization.summary).toBe('')
	})

	test("one organization's save never touches another's settings or documents", async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const other = await createSignedInUser({ role: 'OWNER' })
		await prisma.organization.update({ where: { id: other.organization.id }, data: { summary: 'Theirs' } })
		const theirs = await prisma.organizationDocument.create({
			data: { organizationId: other.organization.id, name: 'Theirs', content: 'Theirs' },
		})

		await postSettings(owner.cookie, { summary: 'Mine', documents: [] })

		const otherSettings = await getSettings(other.cookie)
		expect(otherSettings.body.summary).toBe('Theirs')
		expect(otherSettings.body.documents).toEqual([{ id: theirs.id, name: 'Theirs', content: 'Theirs' }])
		expect(otherSettings.body.users.map((user: { id: string }) => user.id)).toEqual([other.user.id])
	})
})
