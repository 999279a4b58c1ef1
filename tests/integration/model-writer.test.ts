import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { checkDraft } from '#app/models/assistant/draft-rules.ts'
import { modifySequenceWithModel, writeSequenceWithModel } from '#app/models/assistant/model-writer.server.ts'
import { type GenerationRequest, type SequenceDraft } from '#app/models/assistant/sequence-draft.ts'
import { prisma } from '#app/utils/db.server.ts'
import { startFakeOpenAI, type FakeOpenAI, pointModelAt, unsetModel } from '#tests/fakes/openai-server.ts'

// The model writer through the real openai SDK and the fake server: prompts carry the request,
// and a draft that breaks our rules never reaches the user as it came.

const request: GenerationRequest = {
	contact: {
		firstName: 'Dana',
		lastName: 'Whitfield',
		role: 'VP of Operations',
		painPoints: 'Manual scheduling',
	},
	company: { name: 'Northwind Logistics', industry: 'Logistics', employeeCountRange: '200-500' },
	organization: {
		name: 'Routewise',
		summary: 'Route planning for regional carriers',
		description: 'Routewise plans delivery routes automatically.',
		passages: ['Carriers using Routewise cut planning time by 40%.'],
	},
	sender: { name: 'Sam Seller', email: 'sam@routewise.test' },
	instruction: 'Mention our pilot offer',
	useOrganizationPrompt: true,
	linkedin: true,
	phoneCall: false,
}

const goodDraft: SequenceDraft = {
	emailSteps: [
		{
			subject: 'Planning routes at Northwind Logistics',
			body: 'Hi Dana,\n\nA short note about route planning.\n\nSam Seller',
			daysAfter: 0,
		},
		{
			subject: 'Re: Planning routes at Northwind Logistics',
			body: 'Hi Dana,\n\nA pilot, perhaps?\n\nSam Seller',
			daysAfter: 3,
		},
	],
	linkedInSteps: [
		{
			requestNote:
				'Hi Dana, I work on route planning for carriers like Northwind. Glad to connect. Sam Seller',
			message: null,
			daysAfter: 0,
		},
		{ requestNote: null, message: 'Thanks for connecting, Dana. Sam Seller', daysAfter: 2 },
	],
	phoneCallSteps: [],
}

// 260 characters: well over LinkedIn's 200.
const longNote =
	'Hi Dana, I saw that Northwind Logistics is growing its regional network and I wanted to reach out because we help carriers plan routes automatically, which saves planning teams many hours every single week. Would love to connect here.'.padEnd(
		260,
		'!',
	)

const brokenDraft: SequenceDraft = {
	emailSteps: [
		{
			subject: 'Hello {{firstName}}',
			body: 'Hi {{firstName}},\n\nRoute planning at Northwind.\n\nSam Seller',
			daysAfter: 0,
		},
		{ subject: 'Re: Hello', body: 'Hi Dana,\n\nA pilot for [Company]?\n\nSam Seller', daysAfter: 3 },
		{ subject: 'Last note', body: 'Hi Dana,\n\nOne last note.\n\nSam Seller', daysAfter: 1 },
	],
	linkedInSteps: [{ requestNote: longNote, message: null, daysAfter: 0 }],
	phoneCallSteps: [],
}

let fake: FakeOpenAI

// Usage is recorded against the organization: a real one.
let organizationId = ''

beforeAll(async () => {
	organizationId = (await prisma.organization.create({ data: { name: 'Routewise' } })).id
	fake = await startFakeOpenAI()
	pointModelAt(fake)
})
afterAll(async () => {
	await fake.close()
	unsetModel()
})
beforeEach(() => fake.reset())

test('a good draft comes back as the model wrote it, from a prompt grounded in the request', async () => {
	fake.setHandler(() => goodDraft)
	const usage: unknown[] = []
	const draft = await writeSequenceWithModel(request, {
		organizationId,
		onUsage: (entry) => usage.push(entry),
	})
	expect(draft).toEqual(goodDraft)
	expect(usage).toHaveLength(1)
	const [system, user] = fake.requests()[0]!.body.messages
	expect(system?.content).toMatch(/Sam Seller/)
	for (const text of [
		'Dana Whitfield',
		'VP of Operations',
		'Northwind Logistics',
		'Route planning for regional carriers',
		'cut planning time',
		'Mention our pilot offer',
		'LinkedIn steps',
	]) {
		expect(user?.content).toContain(text)
	}
})

test('the organization is left out without the Organization Prompt toggle', async () => {
	fake.setHandler(() => goodDraft)
	await writeSequenceWithModel({ ...request, useOrganizationPrompt: false }, { organizationId })
	const user = fake.requests()[0]!.body.messages[1]!.content
	expect(user).not.toContain('Route planning for regional carriers')
	expect(user).not.toContain('cut planning time')
})

test('a draft that breaks the rules is repaired or regenerated, and passes them', async () => {
	expect(checkDraft(brokenDraft, request).length).toBeGreaterThan(0)
	fake.setHandler(() => brokenDraft)
	const draft = await writeSequenceWithModel(request, { organizationId })
	expect(checkDraft(draft, request)).toEqual([])
	expect(draft.linkedInSteps[0]!.requestNote!.length).toBeLessThanOrEqual(200)
	expect(JSON.stringify(draft)).not.toContain('{{firstName}}')
	const days = draft.emailSteps.map((step) => step.daysAfter)
	expect(days).toEqual([...days].sort((a, b) => a - b))
	expect(fake.requests().length).toBeLessThanOrEqual(2)
	// A regeneration, when there was one, told the model what to fix.
	const retry = fake.requests()[1]
	if (retry) expect(retry.body.messages[1]!.content).toMatch(/broke these rules/)
})

test('a modified sequence that breaks the rules is repaired too', async () => {
	fake.setHandler(() => ({ steps: brokenDraft.emailSteps }))
	const { steps } = await modifySequenceWithModel(
		{ ...request, instruction: 'More casual', existing: goodDraft.emailSteps },
		{ organizationId },
	)
	expect(checkDraft({ emailSteps: steps, linkedInSteps: [], phoneCallSteps: [] }, request)).toEqual([])
	expect(fake.requests()[0]!.body.messages[1]!.content).toContain('Planning routes at Northwind Logistics')
})
