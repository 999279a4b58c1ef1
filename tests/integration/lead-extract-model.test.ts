import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { extractLeads } from '#app/models/lead-import/extract/extract-leads.server.ts'
import { LEAD_MODEL_MESSAGES } from '#app/models/lead-import/extract/extract-leads-with-model.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import {
	type FakeChatMessage,
	startFakeOpenAI,
	type FakeOpenAI,
	pointModelAt,
	unsetModel,
} from '#tests/fakes/openai-server.ts'

// The lead extractors' dispatcher (issue 14) with a model: the real openai client against the fake
// OpenAI server, structured output normalized like the offline extractors' output, the page's
// markup merged under the model's answer, CSV read offline first, failures falling back offline,
// usage recorded for the organization.

const bytes = (text: string) => new TextEncoder().encode(text)
const userMessage = (messages: FakeChatMessage[]) =>
	messages.find((message) => message.role === 'user')!.content

const blank = {
	middleName: null,
	email: null,
	phone: null,
	linkedin: null,
	role: null,
	roleDetails: null,
	companyName: null,
	companyDescription: null,
}

let fake: FakeOpenAI
beforeAll(async () => {
	fake = await startFakeOpenAI()
})
afterAll(async () => {
	await fake.close()
	unsetModel()
})
beforeEach(() => {
	fake.reset()
	pointModelAt(fake, { OPENAI_TIMEOUT_MS: '5000' })
})

async function usageRequests(organizationId: string) {
	// Usage is recorded without holding up the extraction: wait for the write (by a deadline: a
	// loaded CI machine can take more than a second).
	const deadline = Date.now() + 10_000
	while (Date.now() < deadline) {
		const rows = await prisma.assistantUsage.findMany({ where: { organizationId } })
		if (rows.length) return rows.reduce((total, row) => total + row.requests, 0)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
	return 0
}

describe('extractLeads with a model', () => {
	test('text: structured output, normalized; the instructions reach the model; usage is recorded', async () => {
		const { organization } = await createSignedInUser()
		fake.setHandler(() => ({
			leads: [
				{
					...blank,
					firstName: ' JANE ',
					lastName: 'doe',
					email: 'Jane.Doe@Acme.com',
					role: ' cto ',
					companyName: 'Acme',
				},
				{
					...blank,
					firstName: 'Jane',
					lastName: 'Doe',
					linkedin: 'https://de.linkedin.com/in/JaneDoe/?trk=x',
				},
				{ ...blank, firstName: '', lastName: 'Ghost' },
			],
		}))
		const result = await extractLeads({
			organizationId: organization.id,
			kind: 'text',
			text: 'Met Jane Doe (CTO at Acme) at the booth.',
			instructions: 'only technical people',
		})
		expect(result).toEqual({
			extractor: 'model',
			warnings: [],
			leads: [
				{
					firstName: 'Jane',
					middleName: null,
					lastName: 'Doe',
					email: 'jane.doe@acme.com',
					phone: null,
					linkedin: 'https://www.linkedin.com/in/janedoe',
					role: 'CTO',
					roleDetails: null,
					companyName: 'Acme',
					companyDescription: null,
				},
			],
		})
		const [request] = fake.requests()
		expect(userMessage(request!.body.messages)).toContain('only technical people')
		expect(userMessage(request!.body.messages)).toContain('Met Jane Doe')
		expect(JSON.stringify(request!.body.response_format)).toContain('extracted_leads')
		expect(await usageRequests(organization.id)).toBe(1)
	})

	test("page: the model reads the page's text; the markup fills in profiles and the team page's company, adding nobody", async () => {
		const { organization } = await createSignedInUser()
		fake.setHandler(() => ({
			leads: [{ ...blank, firstName: 'John', lastName: 'Smith', role: 'Head of Engineering' }],
		}))
		const html = `<html><head><title>Team – Northwind</title><meta property="og:site_name" content="Northwind"></head><body>
<h1>Our team</h1>
<div class="card"><h3 class="name">Jane Doe</h3><p class="role">CEO</p></div>
<div class="card"><h3 class="name">John Smith</h3><p class="role">Head of Engineering</p><a href="https://www.linkedin.com/in/johnsmith">in</a></div>
</body></html>`
		const result = await extractLeads({
			organizationId: organization.id,
			kind: 'page',
			html,
			url: 'https://northwind.io/team',
			instructions: 'only engineers',
		})
		expect(result.extractor).toBe('model')
		expect(result.leads).toEqual([
			expect.objectContaining({
				firstName: 'John',
				lastName: 'Smith',
				linkedin: 'https://www.linkedin.com/in/johnsmith',
				role: 'Head of Engineering',
				companyName: 'Northwind',
			}),
		])
		const text = userMessage(fake.requests()[0]!.body.messages)
		expect(text).toContain('Team – Northwind')
		expect(text).toContain('Head of Engineering')
	})

	test('CSV with a name column: read offline, the model is not asked', async () => {
		const { organization } = await createSignedInUser()
		const result = await extractLeads({
			organizationId: organization.id,
			kind: 'csv',
			bytes: bytes('Name,Title,Company\nJane Doe,CTO,Acme\n'),
		})
		expect(result).toMatchObject({
			extractor: 'offline',
			totalRows: 1,
			leads: [{ firstName: 'Jane', role: 'CTO' }],
		})
		expect(fake.requests()).toHaveLength(0)
	})

	test('CSV without a name column: the model reads it', async () => {
		const { organization } = await createSignedInUser()
		fake.setHandler(() => ({
			leads: [
				{ ...blank, firstName: 'Jane', lastName: 'Doe', companyName: 'Acme', role: 'Head of Engineering' },
			],
		}))
		const result = await extractLeads({
			organizationId: organization.id,
			kind: 'csv',
			bytes: bytes('Notes\nmet jane doe at the booth - she runs engineering at acme\nfollow up next week\n'),
		})
		expect(result).toMatchObject({
			extractor: 'model',
			totalRows: 2,
			leads: [{ firstName: 'Jane', lastName: 'Doe', companyName: 'Acme' }],
		})
		expect(userMessage(fake.requests()[0]!.body.messages)).toContain('met jane doe at the booth')
	})

	test('a model that keeps failing: the offline extractors answer, and the user is told', async () => {
		const { organization } = await createSignedInUser()
		fake.queue('500', '500', '500')
		const text = await extractLeads({
			organizationId: organization.id,
			kind: 'text',
			text: 'Jane Doe, CTO at Acme',
		})
		expect(text.extractor).toBe('offline')
		expect(text.leads).toMatchObject([
			{ firstName: 'Jane', lastName: 'Doe', role: 'CTO', companyName: 'Acme' },
		])
		expect(text.warnings[0]).toContain(LEAD_MODEL_MESSAGES.fellBack)

		fake.queue('malformed', 'malformed', 'malformed')
		const csv = await extractLeads({
			organizationId: organization.id,
			kind: 'csv',
			bytes: bytes('Contact details\njane.doe@acme.com\nbob.stone@globex.com\n'),
		})
		expect(csv.extractor).toBe('offline')
		expect(csv.leads.map((lead) => lead.email)).toEqual(['jane.doe@acme.com', 'bob.stone@globex.com'])
		expect(csv.warnings[0]).toContain(LEAD_MODEL_MESSAGES.fellBack)
	})

	test('a cancelled import stays cancelled', async () => {
		const { organization } = await createSignedInUser()
		fake.setDelayMs(2_000)
		const controller = new AbortController()
		const pending = extractLeads({
			organizationId: organization.id,
			kind: 'text',
			text: 'Jane Doe, CTO at Acme',
			signal: controller.signal,
		})
		setTimeout(() => controller.abort(), 50)
		await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
	})

	test('without a key, the offline extractors and no request', async () => {
		delete process.env.OPENAI_API_KEY
		resetEnvCache()
		const { organization } = await createSignedInUser()
		const result = await extractLeads({
			organizationId: organization.id,
			kind: 'page',
			html: '<html><body><h3>Jane Doe</h3><p>CTO</p><h3>John Smith</h3><p>CEO</p></body></html>',
			url: 'https://acme.com/about',
		})
		expect(result.extractor).toBe('offline')
		expect(result.leads.map((lead) => [lead.firstName, lead.role, lead.companyName])).toEqual([
			['Jane', 'CTO', 'Acme'],
			['John', 'CEO', 'Acme'],
		])
		expect(fake.requests()).toHaveLength(0)
	})
})
