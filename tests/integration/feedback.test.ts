import { describe, expect, test } from 'vitest'
import { action as feedbackApi } from '#app/routes/api+/v1+/science.f.ts'
import { action as feedbackAction } from '#app/routes/_app+/feedback.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

function postApi(cookie: string | undefined, json: unknown) {
	return callRoute(() =>
		feedbackApi({
			request: makeRequest('/api/v1/science/f', { method: 'POST', cookie, json }),
			params: {},
			context: {},
		}),
	)
}

function postForm(cookie: string | undefined, form: Record<string, string>) {
	return callRoute(() =>
		feedbackAction({
			request: makeRequest('/feedback', { method: 'POST', cookie, form }),
			params: {},
			context: {},
		}),
	)
}

describe('POST /api/v1/science/f', () => {
	test('401 without a session, and nothing is stored', async () => {
		const before = await prisma.feedback.count()
		const result = await postApi(undefined, { type: 'bug', message: 'It broke' })
		expect(result.status).toBe(401)
		expect(result.body).toEqual({ error: 'unauthorized', message: expect.any(String) })
		expect(await prisma.feedback.count()).toBe(before)
	})

	test.each([
		['an unknown type', { type: 'rant', message: 'Hello' }, 'Please choose a category'],
		['a missing type', { message: 'Hello' }, 'Please choose a category'],
		['a missing message', { type: 'bug' }, 'Message is required'],
		['a blank message', { type: 'bug', message: '   ' }, 'Message is required'],
		['a message that is not text', { type: 'bug', message: 42 }, 'Message is required'],
	])('400 for %s', async (_, body, message) => {
		const { cookie, organization } = await createSignedInUser()
		const result = await postApi(cookie, body)
		expect(result.status).toBe(400)
		expect(result.body).toEqual({ error: 'validation_error', message })
		expect(await prisma.feedback.count({ where: { organizationId: organization.id } })).toBe(0)
	})

	test('400 for a body that is not JSON', async () => {
		const { cookie } = await createSignedInUser()
		const request = new Request('http://localhost:3000/api/v1/science/f', {
			method: 'POST',
			headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
			body: '{not json',
		})
		const result = await callRoute(() => feedbackApi({ request, params: {}, context: {} }))
		expect(result.status).toBe(400)
		expect(result.body).toMatchObject({ error: 'invalid_json' })
	})

	test("201 with the id; the row belongs to the actor's organization and user", async () => {
		const { cookie, organization, user } = await createSignedInUser({ role: 'MEMBER' })
		const other = await createSignedInUser()
		const result = await postApi(cookie, { type: 'feature_request', message: '  Please add dark mode  ' })
		expect(result.status).toBe(201)
		expect(result.body).toEqual({ id: expect.any(String) })
		const row = await prisma.feedback.findUniqueOrThrow({ where: { id: result.body.id } })
		expect(row).toMatchObject({
			organizationId: organization.id,
			userId: user.id,
			type: 'feature_request',
			message: 'Please add dark mode',
		})
		expect(await prisma.feedback.count({ where: { organizationId: other.organization.id } })).toBe(0)
	})

	test('405 for other methods', async () => {
		const { cookie } = await createSignedInUser()
		const result = await callRoute(() =>
			feedbackApi({
				request: makeRequest('/api/v1/science/f', { method: 'PUT', cookie, json: {} }),
				params: {},
				context: {},
			}),
		)
		expect(result.status).toBe(405)
	})
})

describe('the "Help us improve" form action', () => {
	test('without a session it sends the browser to sign in', async () => {
		const result = await postForm(undefined, { type: 'bug', message: 'Hi' })
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toMatch(/^\/login/)
	})

	test('400 with the field error for an empty message', async () => {
		const { cookie } = await createSignedInUser()
		const result = await postForm(cookie, { type: 'bug', message: '' })
		expect(result.status).toBe(400)
		expect(result.body.status).toBe('error')
		expect(result.body.result.error).toEqual({ message: ['Message is required'] })
	})

	test('from the dialog (fetcher): stores it and answers with the "Feedback submitted!" toast cookie', async () => {
		const { cookie, organization, user } = await createSignedInUser()
		const result = await postForm(cookie, { type: 'general_feedback', message: 'Lovely app' })
		expect(result.status).toBe(200)
		expect(result.body.status).toBe('success')
		expect(result.headers.get('Set-Cookie')).toMatch(/^en_toast=/)
		const rows = await prisma.feedback.findMany({ where: { organizationId: organization.id } })
		expect(rows).toEqual([
			expect.objectContaining({ userId: user.id, type: 'general_feedback', message: 'Lovely app' }),
		])
	})

	test('without JavaScript: redirects back (same-site only) with the toast', async () => {
		const { cookie } = await createSignedInUser()
		const back = await postForm(cookie, { type: 'bug', message: 'Oops', redirectTo: '/campaigns?page=2' })
		expect(back.status).toBe(302)
		expect(back.headers.get('Location')).toBe('/campaigns?page=2')
		expect(back.headers.get('Set-Cookie')).toMatch(/^en_toast=/)

		const foreign = await postForm(cookie, { type: 'bug', message: 'Oops', redirectTo: '//evil.example' })
		expect(foreign.headers.get('Location')).toBe('/contacts')
	})
})
