import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import {
	assistantUsageSummary,
	recordAssistantUsage,
	startOfUtcMonth,
} from '#app/models/assistant/assistant-usage.server.ts'
import { writeSequenceWithModel } from '#app/models/assistant/model-writer.server.ts'
import { type GenerationRequest } from '#app/models/assistant/sequence-draft.ts'
import { loader as settingsLoader } from '#app/routes/_app+/settings.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { startFakeOpenAI, type FakeOpenAI, pointModelAt, unsetModel } from '#tests/fakes/openai-server.ts'

// Token usage per organization, day and model: exact under concurrency, scoped to the organization,
// recorded by every model call, and shown on the settings page.

async function organization() {
	return prisma.organization.create({ data: { name: 'Usage org' } })
}

test('concurrent recordings add up exactly in one row per day and model', async () => {
	const org = await organization()
	await Promise.all(
		Array.from({ length: 40 }, (_, index) =>
			recordAssistantUsage({
				organizationId: org.id,
				model: 'gpt-test',
				promptTokens: 10 + index,
				completionTokens: 1,
			}),
		),
	)
	const rows = await prisma.assistantUsage.findMany({ where: { organizationId: org.id } })
	expect(rows).toHaveLength(1)
	// 40 × 10 + (0 + … + 39)
	expect(rows[0]).toMatchObject({ model: 'gpt-test', requests: 40, promptTokens: 1180, completionTokens: 40 })
	expect(rows[0]!.day.toISOString().slice(0, 10)).toBe(new Date().toISOString().slice(0, 10))
})

test('the day is the UTC day of the call', async () => {
	const org = await organization()
	const lateEvening = new Date('2026-03-31T23:30:00-05:00') // April 1st in UTC
	await recordAssistantUsage(
		{ organizationId: org.id, model: 'm', promptTokens: 1, completionTokens: 1 },
		lateEvening,
	)
	const row = await prisma.assistantUsage.findFirstOrThrow({ where: { organizationId: org.id } })
	expect(row.day.toISOString()).toBe('2026-04-01T00:00:00.000Z')
})

test('the summary totals per model since a day, for that organization only', async () => {
	const org = await organization()
	const other = await organization()
	const record = (organizationId: string, model: string, at: string, promptTokens: number) =>
		recordAssistantUsage({ organizationId, model, promptTokens, completionTokens: 2 }, new Date(at))
	await record(org.id, 'a', '2026-05-01T10:00:00Z', 100)
	await record(org.id, 'a', '2026-05-20T10:00:00Z', 50)
	await record(org.id, 'a', '2026-05-20T11:00:00Z', 5)
	await record(org.id, 'b', '2026-05-02T00:00:00Z', 7)
	await record(org.id, 'a', '2026-04-30T23:59:59Z', 1000) // the month before
	await record(other.id, 'a', '2026-05-10T00:00:00Z', 9999)

	const may = await assistantUsageSummary(org.id, {
		since: startOfUtcMonth(new Date('2026-05-15T00:00:00Z')),
	})
	expect(may).toEqual([
		{ model: 'a', requests: 3, promptTokens: 155, completionTokens: 6 },
		{ model: 'b', requests: 1, promptTokens: 7, completionTokens: 2 },
	])
	expect(await assistantUsageSummary(other.id, { since: new Date('2026-05-01T00:00:00Z') })).toEqual([
		{ model: 'a', requests: 1, promptTokens: 9999, completionTokens: 2 },
	])
	expect(await assistantUsageSummary(org.id, { since: new Date('2026-06-01T00:00:00Z') })).toEqual([])
})

const request: GenerationRequest = {
	contact: { firstName: 'Dana', lastName: 'Whitfield', role: 'VP of Operations' },
	company: { name: 'Northwind Logistics' },
	organization: { name: 'Routewise', summary: '', description: '', passages: [] },
	sender: { name: 'Sam Seller', email: 'sam@routewise.test' },
	instruction: '',
	useOrganizationPrompt: false,
	linkedin: false,
	phoneCall: false,
}

const goodDraft = {
	emailSteps: [
		{
			subject: 'Planning routes at Northwind Logistics',
			body: 'Hi Dana,\n\nA short note about route planning at Northwind Logistics.\n\nSam Seller',
			daysAfter: 0,
		},
	],
	linkedInSteps: [],
	phoneCallSteps: [],
}

let fake: FakeOpenAI
beforeAll(async () => {
	fake = await startFakeOpenAI()
	pointModelAt(fake, { OPENAI_MODEL: 'fake-model' })
})
afterAll(async () => {
	await fake.close()
	unsetModel(['OPENAI_MODEL'])
})
beforeEach(() => fake.reset())

test('a model generation records every call for its organization, and still reports to onUsage', async () => {
	const org = await organization()
	fake.setHandler(() => goodDraft)
	// A malformed answer is retried: two calls, both billed.
	fake.queue('malformed')
	const reported: unknown[] = []
	await writeSequenceWithModel(request, { organizationId: org.id, onUsage: (usage) => reported.push(usage) })
	expect(fake.requests()).toHaveLength(2)
	expect(reported).toHaveLength(2)
	expect(await assistantUsageSummary(org.id, { since: startOfUtcMonth() })).toEqual([
		{ model: 'fake-model', requests: 2, promptTokens: 200, completionTokens: 100 },
	])
})

test('a failed recording is logged and the draft still comes back', async () => {
	fake.setHandler(() => goodDraft)
	const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
	try {
		// No such organization: the insert breaks its foreign key.
		const draft = await writeSequenceWithModel(request, { organizationId: 'no-such-organization' })
		expect(draft.emailSteps[0]!.subject).toBe(goodDraft.emailSteps[0]!.subject)
		expect(errors).toHaveBeenCalledWith(expect.stringContaining('assistant usage'), expect.anything())
	} finally {
		errors.mockRestore()
	}
})

test('settings show the model and this month’s usage of the organization', async () => {
	const { cookie, organization: org } = await createSignedInUser()
	const other = await createSignedInUser()
	await recordAssistantUsage({
		organizationId: org.id,
		model: 'fake-model',
		promptTokens: 30,
		completionTokens: 4,
	})
	await recordAssistantUsage({
		organizationId: other.organization.id,
		model: 'x',
		promptTokens: 1,
		completionTokens: 1,
	})
	const result = await callRoute(() =>
		settingsLoader({ request: makeRequest('/settings', { cookie }), params: {}, context: {} }),
	)
	expect(result.body.assistant).toEqual({
		model: 'fake-model',
		usage: [{ model: 'fake-model', requests: 1, promptTokens: 30, completionTokens: 4 }],
	})

	delete process.env.OPENAI_API_KEY
	resetEnvCache()
	try {
		const offline = await callRoute(() =>
			settingsLoader({
				request: makeRequest('/settings', { cookie: other.cookie }),
				params: {},
				context: {},
			}),
		)
		expect(offline.body.assistant.model).toBeNull()
	} finally {
		process.env.OPENAI_API_KEY = 'test-key'
		resetEnvCache()
	}
})
