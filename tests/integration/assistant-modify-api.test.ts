import { expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertCompany, insertContact } from '#tests/factories/contact.ts'

// POST /api/sequences/modify through the real router, with no model configured: the offline
// writer rewrites the steps, grounded in what the database knows, never in what the client sent.

const send = setupApiRouter()

const existing = [
	{ id: 's1', subject: 'Quick question', body: '<p>Hello Grace, a first email.</p>', daysAfter: 0 },
	{ id: 's2', subject: 'Quick question', body: 'A follow-up.', daysAfter: 3 },
]

async function contactOf(organizationId: string) {
	const company = await insertCompany(organizationId, { name: 'Hopper Freight', industry: 'Logistics' })
	return insertContact(organizationId, {
		firstName: 'Grace',
		lastName: 'Hopper',
		email: 'grace@hopper.example',
		role: 'VP Operations',
		companyId: company.id,
	})
}

test('rewrites the steps by position from the instruction, grounded in the contact and company', async () => {
	const { cookie, organization } = await createSignedInUser()
	const contact = await contactOf(organization.id)
	const result = await send('POST', '/api/sequences/modify', {
		cookie,
		json: {
			prompt: 'Make it more casual and focus on scheduling a call',
			contact: { id: contact.id, firstName: 'Mallory', lastName: 'Client-side', email: null },
			organization: { summary: 'ignored: the server reads its own settings' },
			existingSequence: existing,
			linkedinSteps: [],
		},
	})
	expect(result.status).toBe(200)
	const body = result.json as {
		steps: Array<{ subject: string; body: string; daysAfter: number }>
		writer: string
	}
	expect(body.writer).toBe('offline')
	expect(body.steps).toHaveLength(2)
	expect(body.steps[0]!.body).toContain('Grace')
	expect(body.steps[0]!.body).not.toContain('Mallory')
	expect(body.steps[0]!.body).toMatch(/call/i)
	expect(body.steps.map((step) => step.body).join(' ')).not.toMatch(/\{\{|\[Company\]/)
})

test('400 for an empty instruction or no steps, 401 signed out, 404 for another organization’s contact', async () => {
	const { cookie, organization } = await createSignedInUser()
	const contact = await contactOf(organization.id)
	const base = { contact: { id: contact.id }, existingSequence: existing }
	expectApiError(
		await send('POST', '/api/sequences/modify', { cookie, json: { ...base, prompt: '   ' } }),
		400,
	)
	expectApiError(
		await send('POST', '/api/sequences/modify', {
			cookie,
			json: { ...base, prompt: 'Shorter', existingSequence: [] },
		}),
		400,
	)
	expectApiError(await send('POST', '/api/sequences/modify', { json: { ...base, prompt: 'Shorter' } }), 401)
	const other = await createSignedInUser()
	expectApiError(
		await send('POST', '/api/sequences/modify', {
			cookie: other.cookie,
			json: { ...base, prompt: 'Shorter' },
		}),
		404,
	)
	expect(await prisma.contact.count({ where: { id: contact.id, firstName: 'Grace' } })).toBe(1)
})
