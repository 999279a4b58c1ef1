import { describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// Sweeps every API route of the foundation through the real router: 401 without a session,
// 403 for a role that may not act, 400 with { error, message } for invalid bodies — and never a
// 500 for user input. Another organization's ids, and hostile input on every route, are swept from
// the route list in tests/reliability/ (cross-org-sweep.test.ts, route-fuzz.test.ts).

const send = setupApiRouter()

type Route = { method: string; path: string; body?: unknown }

const authenticatedRoutes: Route[] = [
	{ method: 'GET', path: '/api/v1/auth/user' },
	{ method: 'GET', path: '/api/v1/linkedin/auth-status' },
	{ method: 'POST', path: '/api/v1/linkedin/auth-status', body: { isAuthenticated: false } },
	{ method: 'GET', path: '/api/v1/sequence-generations' },
	{ method: 'POST', path: '/api/v1/sequence-generations', body: { campaignId: 'x' } },
	{ method: 'GET', path: '/api/v1/sequence-generations/x' },
	{ method: 'POST', path: '/api/v1/sequence-generations/x/activate' },
	{ method: 'POST', path: '/api/v1/sequence-generations/x/cancel' },
	{ method: 'GET', path: '/api/v1/settings' },
	{ method: 'POST', path: '/api/v1/settings', body: { summary: 'x' } },
	{ method: 'GET', path: '/api/v1/organizations/invite' },
	{ method: 'POST', path: '/api/v1/organizations/invite', body: { email: 'new@example.com' } },
	{ method: 'DELETE', path: '/api/v1/organizations/invite/some-id' },
	{ method: 'POST', path: '/api/v1/science/f', body: { type: 'bug', message: 'It broke' } },
	{ method: 'GET', path: '/api/v1/queueables/some-id' },
	{ method: 'PUT', path: '/api/v1/queueables/some-id', body: { action: 'cancel' } },
	// CRM core (issue 3); tests/integration/crm-cross-org.test.ts sweeps them across organizations
	{ method: 'GET', path: '/api/v1/contacts' },
	{ method: 'POST', path: '/api/v1/contacts', body: { firstName: 'A' } },
	{ method: 'GET', path: '/api/v1/contacts/some-id?company=true' },
	{ method: 'PUT', path: '/api/v1/contacts/some-id', body: { firstName: 'A' } },
	{ method: 'DELETE', path: '/api/v1/contacts/some-id' },
	{ method: 'POST', path: '/api/v1/contacts/some-id/tag', body: { tagIds: [] } },
	{ method: 'POST', path: '/api/v1/contacts/check-batch', body: { linkedinUrls: [] } },
	{ method: 'GET', path: '/api/v1/companies?take=20' },
	{ method: 'POST', path: '/api/v1/companies', body: { name: 'A' } },
	{ method: 'GET', path: '/api/v1/companies/some-id' },
	{ method: 'PUT', path: '/api/v1/companies/some-id', body: { name: 'A' } },
	{ method: 'DELETE', path: '/api/v1/companies/some-id' },
	{ method: 'GET', path: '/api/v1/tags?take=15&select=id,name' },
	{ method: 'POST', path: '/api/v1/tags', body: { name: 'A' } },
	{ method: 'POST', path: '/api/v1/tags/some-id/contacts', body: { contact_ids: 'all' } },
	{ method: 'GET', path: '/api/v1/lists' },
	{ method: 'POST', path: '/api/v1/lists', body: { name: 'A' } },
	{ method: 'GET', path: '/api/v1/lists/some-slug' },
	{ method: 'POST', path: '/api/v1/lists/some-id/contacts', body: { contactIds: 'all' } },
	{ method: 'GET', path: '/api/v1/campaigns' },
	{ method: 'POST', path: '/api/v1/campaigns', body: { name: 'A' } },
	{ method: 'POST', path: '/api/v1/campaigns/some-id/contacts/batch', body: { contact_ids: 'all' } },
]

describe('API sweep', () => {
	test('401 without a session on every route that needs one', async () => {
		for (const route of authenticatedRoutes) {
			const result = await send(route.method, route.path, {
				body: route.body ? JSON.stringify(route.body) : undefined,
			})
			expectApiError(result, 401)
		}
	})

	test('403 for members on organization management', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const managerOnly: Route[] = [
			{ method: 'POST', path: '/api/v1/settings', body: { summary: 'x' } },
			{ method: 'POST', path: '/api/v1/organizations/invite', body: { email: 'new@example.com' } },
		]
		for (const route of managerOnly) {
			expectApiError(await send(route.method, route.path, { cookie, body: JSON.stringify(route.body) }), 403)
		}
		const owner = await createSignedInUser({ role: 'OWNER' })
		const invite = await prisma.invite.create({
			data: { organizationId: owner.organization.id, email: 'x@example.com' },
		})
		const member = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		expectApiError(
			await send('DELETE', `/api/v1/organizations/invite/${invite.id}`, { cookie: member.cookie }),
			403,
		)
	})

	test('400 with { error, message } for invalid or malformed bodies, never a 500', async () => {
		const { cookie, organization } = await createSignedInUser({ role: 'OWNER' })
		const queueable = await prisma.queueable.create({
			data: { organizationId: organization.id, type: 'document.parse' },
		})
		const invalid: Route[] = [
			{ method: 'POST', path: '/api/v1/settings', body: { documents: [{ name: 'x', content: '' }] } },
			{ method: 'POST', path: '/api/v1/organizations/invite', body: { email: 'not-an-email' } },
			{ method: 'POST', path: '/api/v1/science/f', body: { type: 'nonsense', message: '' } },
			{ method: 'PUT', path: `/api/v1/queueables/${queueable.id}`, body: { action: 'explode' } },
			{ method: 'POST', path: '/api/v1/auth/login', body: {} },
			{ method: 'POST', path: '/api/v1/contacts', body: {} },
			{ method: 'POST', path: '/api/v1/contacts/check-batch', body: { linkedinUrls: 'x' } },
			{ method: 'POST', path: '/api/v1/companies', body: { name: '' } },
			{ method: 'POST', path: '/api/v1/tags', body: { name: '   ' } },
			{ method: 'POST', path: '/api/v1/campaigns', body: { name: '' } },
		]
		for (const route of invalid) {
			expectApiError(await send(route.method, route.path, { cookie, body: JSON.stringify(route.body) }), 400)
			expectApiError(await send(route.method, route.path, { cookie, body: '{"unterminated' }), 400)
		}
	})

	test('successes keep their status through the real router (resource routes ignore data())', async () => {
		const { cookie } = await createSignedInUser({ role: 'OWNER' })
		const feedback = await send('POST', '/api/v1/science/f', {
			cookie,
			body: JSON.stringify({ type: 'bug', message: 'Broken' }),
		})
		expect(feedback.status).toBe(201)
		const invite = await send('POST', '/api/v1/organizations/invite', {
			cookie,
			body: JSON.stringify({ email: 'teammate@example.com' }),
		})
		expect(invite.status).toBe(201)
		expect((await send('GET', '/api/v1/settings', { cookie })).status).toBe(200)
		expect((await send('GET', '/api/v1/auth/user', { cookie })).status).toBe(200)
	})

	test("the CRM API answers with the spec's messages", async () => {
		const { cookie } = await createSignedInUser({ role: 'OWNER' })
		const contact = await send('POST', '/api/v1/contacts', { cookie, json: { lastName: 'Lovelace' } })
		expectApiError(contact, 400, 'First name is required')
		const company = await send('POST', '/api/v1/companies', { cookie, json: { description: 'x' } })
		expectApiError(company, 400, 'Company name is required')
		const created = await send('POST', '/api/v1/companies', {
			cookie,
			json: { name: 'Acme', description: 'x' },
		})
		expect(created.status).toBe(201)
		expect(typeof created.json.id).toBe('string')
		const duplicate = await send('POST', '/api/v1/companies', {
			cookie,
			json: { name: 'ACME', description: 'y' },
		})
		expectApiError(duplicate, 409, 'A company with these details already exists.')
	})

	test('unknown API paths answer 404 in the API shape', async () => {
		expectApiError(await send('GET', '/api/v1/no-such-thing'), 404)
	})

	test('the invite message is the spec message', async () => {
		const { cookie } = await createSignedInUser({ role: 'OWNER' })
		const result = await send('POST', '/api/v1/organizations/invite', {
			cookie,
			body: JSON.stringify({ email: 'nope' }),
		})
		expect(result.json?.message).toBe('Please enter a valid email address')
	})
})

// Sequences (issue 4, sequence routes); tests/integration/sequence-cross-org.test.ts sweeps
// them across organizations and tests/integration/sequence-api.test.ts checks their rules.
describe('API sweep: sequences', () => {
	const sequenceRoutes: Route[] = [
		{ method: 'GET', path: '/api/v1/ses/email' },
		{ method: 'GET', path: '/api/v1/sequences' },
		{ method: 'POST', path: '/api/v1/sequences', body: { contactId: 'x' } },
		{ method: 'GET', path: '/api/v1/sequences/some-id' },
		{ method: 'PUT', path: '/api/v1/sequences/some-id', body: { status: 'ACTIVE' } },
		{ method: 'DELETE', path: '/api/v1/sequences/some-id' },
		{ method: 'GET', path: '/api/v1/sequences/some-id/stats' },
		{ method: 'GET', path: '/api/v1/sequences/some-id/ledger?page=x' },
		{ method: 'POST', path: '/api/v1/sequences/some-id/steps', body: { body: 'x' } },
		{ method: 'PUT', path: '/api/v1/sequences/some-id/steps/step-id', body: { daysAfter: 1 } },
		{ method: 'DELETE', path: '/api/v1/sequences/some-id/steps/step-id' },
		{ method: 'POST', path: '/api/v1/sequences/some-id/linkedin-steps', body: { daysAfter: 1 } },
		{ method: 'PUT', path: '/api/v1/sequences/some-id/linkedin-steps/step-id', body: { daysAfter: 1 } },
		{ method: 'DELETE', path: '/api/v1/sequences/some-id/linkedin-steps/step-id' },
		{ method: 'PUT', path: '/api/v1/sequences/some-id/phone-call-steps/step-id', body: { daysAfter: 1 } },
		{ method: 'DELETE', path: '/api/v1/sequences/some-id/phone-call-steps/step-id' },
		{ method: 'PUT', path: '/api/v1/steps/step-id', body: { daysAfter: 1 } },
		{ method: 'DELETE', path: '/api/v1/steps/step-id' },
		{ method: 'GET', path: '/api/v1/contacts/some-id/sequences?steps=true&contact=true' },
		{ method: 'GET', path: '/api/v1/conversations?sequence=some-id' },
		{ method: 'POST', path: '/api/v1/sequences/reply', body: { sequenceId: 'some-id', body: 'Hi' } },
		{
			method: 'POST',
			path: '/api/v1/emails',
			body: { mailbox_id: 'x', subject: 'Hello', body: 'x', to: 'a@b.co' },
		},
	]

	test('401 without a session', async () => {
		for (const route of sequenceRoutes) {
			const result = await send(route.method, route.path, {
				body: route.body ? JSON.stringify(route.body) : undefined,
			})
			expectApiError(result, 401)
		}
	})

	test('400 with { error, message } for invalid or malformed bodies, never a 500', async () => {
		const { cookie, organization, user } = await createSignedInUser()
		const sequence = await insertSequence({ organizationId: organization.id, user, linkedInSteps: [{}] })
		const phoneCall = await prisma.phoneCallStep.create({
			data: { organizationId: organization.id, sequenceId: sequence.id, order: 1 },
		})
		const base = `/api/v1/sequences/${sequence.id}`
		const emailStepId = sequence.emailSteps[0]!.id
		const invalid: Route[] = [
			{ method: 'POST', path: '/api/v1/sequences', body: { contactId: 'x', steps: [] } },
			{ method: 'PUT', path: base, body: { status: 'EXPLODED' } },
			{ method: 'POST', path: `${base}/steps`, body: { daysAfter: -1 } },
			{ method: 'PUT', path: `${base}/steps/${emailStepId}`, body: { daysAfter: 'soon' } },
			{ method: 'POST', path: `${base}/linkedin-steps`, body: { requestNote: 'x'.repeat(201) } },
			{ method: 'PUT', path: `${base}/linkedin-steps/${sequence.linkedInSteps[0]!.id}`, body: {} },
			{ method: 'PUT', path: `${base}/phone-call-steps/${phoneCall.id}`, body: { daysAfter: -5 } },
			{ method: 'PUT', path: `/api/v1/steps/${emailStepId}`, body: { proseMirrorJson: { root: 1 } } },
			{ method: 'POST', path: '/api/v1/sequences/reply', body: { sequenceId: sequence.id, body: '   ' } },
			{
				method: 'POST',
				path: '/api/v1/emails',
				body: { mailbox_id: '', subject: 'Hi', body: 'short', to: 'nope' },
			},
		]
		for (const route of invalid) {
			expectApiError(await send(route.method, route.path, { cookie, body: JSON.stringify(route.body) }), 400)
			expectApiError(await send(route.method, route.path, { cookie, body: '{"unterminated' }), 400)
		}
		expect(await prisma.emailStep.count({ where: { sequenceId: sequence.id } })).toBe(3)
	})
})
