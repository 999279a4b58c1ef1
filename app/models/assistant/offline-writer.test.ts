import { describe, expect, test } from 'vitest'
import { checkDraft } from './draft-rules.ts'
import { modifySequenceOffline, writeSequenceOffline } from './offline-writer.ts'
import { readInstruction } from './offline-writer/read-instruction.ts'
import { type GenerationRequest, type ModifyRequest } from './sequence-draft.ts'

const generation: GenerationRequest = {
	contact: { firstName: 'Priya', lastName: 'Raman', role: 'CTO', painPoints: 'Flaky internal tooling' },
	company: { name: 'Acme', industry: 'Software', summary: 'Acme builds scheduling software for clinics.' },
	organization: {
		name: 'Northwind Outreach',
		summary: 'Northwind Outreach writes personal outbound sequences for B2B teams.',
		description: 'More than 300 companies book meetings with Northwind Outreach every week.',
		passages: ['Case study: Kestrel Logistics doubled its reply rate in six weeks.'],
	},
	sender: { name: 'Sam Carter', email: 'sam@northwind.test' },
	instruction: '',
	useOrganizationPrompt: true,
	linkedin: false,
	phoneCall: false,
}

const existing = writeSequenceOffline(generation).emailSteps

function modify(instruction: string): ModifyRequest {
	const { linkedin: _linkedin, phoneCall: _phoneCall, ...rest } = generation
	return { ...rest, instruction, existing }
}

function words(text: string) {
	return text.split(/\s+/).filter(Boolean).length
}

function passesRules(steps: ReturnType<typeof modifySequenceOffline>) {
	return checkDraft({ emailSteps: steps, linkedInSteps: [], phoneCallSteps: [] }, generation)
}

describe('modifySequenceOffline', () => {
	test('keeps the step count, the days, and the subject only on the first step', () => {
		const steps = modifySequenceOffline(modify('Make it more casual'))
		expect(steps).toHaveLength(existing.length)
		expect(steps.map((step) => step.daysAfter)).toEqual(existing.map((step) => step.daysAfter))
		expect(steps[0]?.subject).toBe(existing[0]?.subject)
		expect(steps.slice(1).every((step) => step.subject === '')).toBe(true)
		expect(passesRules(steps)).toEqual([])
	})

	test('"shorter" makes every body shorter', () => {
		const steps = modifySequenceOffline(modify('Make it shorter'))
		steps.forEach((step, index) => expect(words(step.body)).toBeLessThan(words(existing[index]?.body ?? '')))
		expect(passesRules(steps)).toEqual([])
	})

	test('"casual" changes the greeting of every step', () => {
		const steps = modifySequenceOffline(modify('casual please'))
		for (const step of steps) expect(step.body.split('\n')[0]).toMatch(/^(Hey|Hi) Priya\b/)
	})

	test('"schedule a call" adds a call to action to every step', () => {
		const steps = modifySequenceOffline(modify('Ask them to schedule a call'))
		for (const step of steps) expect(step.body).toMatch(/\bcall\b/i)
		expect(passesRules(steps)).toEqual([])
	})

	test('"social proof" adds a line from the organization', () => {
		const [first] = modifySequenceOffline(modify('add social proof'))
		expect(first?.body).toMatch(/300 companies|Kestrel Logistics/)
	})

	test('an instruction it cannot interpret still yields a valid rewrite', () => {
		const steps = modifySequenceOffline(modify('Rewrite this please'))
		expect(steps).toHaveLength(existing.length)
		expect(passesRules(steps)).toEqual([])
	})

	test('"shorter and more casual" keeps the offer, the question and the signature (issue 19)', () => {
		const steps = modifySequenceOffline(modify('make it shorter and more casual'))
		expect(steps[0]?.body).toContain('Northwind Outreach writes personal outbound sequences')
		expect(steps[0]?.body).toMatch(/\?/)
		for (const step of steps) expect(step.body.trimEnd()).toMatch(/Sam Carter$/)
	})

	test('is deterministic', () => {
		expect(modifySequenceOffline(modify('shorter'))).toEqual(modifySequenceOffline(modify('shorter')))
	})

	test('repairs broken existing steps', () => {
		const request = modify('casual')
		request.existing = [
			{ subject: '', body: 'Hi {{firstName}},\n\nAbout [Company].', daysAfter: 2 },
			{ subject: 'Re', body: 'Following up.', daysAfter: 1 },
		]
		const steps = modifySequenceOffline(request)
		expect(passesRules(steps)).toEqual([])
		expect(steps[1]?.subject).toBe('')
	})
})

describe('writeSequenceOffline, from a real draft (issue 19)', () => {
	const request: GenerationRequest = {
		...generation,
		contact: {
			firstName: 'Karin',
			lastName: 'Holm',
			role: 'Head of Operations',
			roleDetails: 'Runs operations; recently announced a new warehouse in Gothenburg',
			painPoints: 'Staffing their new Gothenburg warehouse',
		},
		company: { name: 'Nordhaven', industry: 'Logistics' },
		organization: { ...generation.organization, description: 'Our customers book twice as many meetings.' },
		instruction: 'add social proof',
	}
	const bodies = writeSequenceOffline(request).emailSteps.map((step) => step.body)

	test('speaks to the reader, not about them, and pastes no notes', () => {
		for (const body of bodies) {
			expect(body).not.toMatch(/\btheir new Gothenburg\b|— runs operations|caught my eye/)
		}
	})

	test('leaves out a pain point that has nothing to do with what the organization sells', () => {
		for (const body of bodies) expect(body).not.toMatch(/staffing/i)
	})

	test('a fact after a colon or comma keeps no capital of its own', () => {
		expect(bodies.join('\n')).not.toMatch(/[:,] Our customers/)
	})
})

describe('readInstruction', () => {
	test.each([
		['Write 4 emails', 4],
		['only two short steps', 2],
		['Write 12 emails', 6],
		['Make it shorter', null],
	])('%s → %s emails', (instruction, count) => {
		expect(readInstruction(instruction).emailCount).toBe(count)
	})

	test('reads several intents at once', () => {
		expect(readInstruction('casual, shorter, and ask for a call with social proof')).toMatchObject({
			casual: true,
			shorter: true,
			call: true,
			socialProof: true,
		})
	})
})
