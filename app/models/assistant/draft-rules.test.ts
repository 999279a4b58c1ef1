import { describe, expect, test } from 'vitest'
import { checkDraft, repairDraft, shortCompanyName, truncateAtWord } from './draft-rules.ts'
import { type GenerationRequest, type SequenceDraft } from './sequence-draft.ts'

const request: GenerationRequest = {
	contact: { firstName: 'Zoë', lastName: 'Ørsted', role: 'CTO' },
	company: { name: 'Acme, Inc.', industry: 'Software' },
	organization: { name: 'Northwind', summary: '', description: '', passages: [] },
	sender: { name: 'Sam Carter', email: 'sam@northwind.test' },
	instruction: '',
	useOrganizationPrompt: false,
	linkedin: true,
	phoneCall: true,
}

const body = (text: string) => `Hi Zoë,\n\n${text}\n\nBest,\nSam Carter`

function validDraft(): SequenceDraft {
	return {
		emailSteps: [
			{ subject: 'Idea for Acme', body: body('A thought about engineering time at Acme.'), daysAfter: 0 },
			{ subject: '', body: body('Following up.'), daysAfter: 3 },
			{ subject: '', body: body('Last note from me.'), daysAfter: 4 },
		],
		linkedInSteps: [
			{ requestNote: 'Hi Zoë, glad to connect.', message: null, daysAfter: 0 },
			{ requestNote: null, message: 'Thanks for connecting!', daysAfter: 2 },
		],
		phoneCallSteps: [{ talkingPoints: '- Ask about release cycles', daysAfter: 2 }],
	}
}

function rulesBroken(draft: SequenceDraft) {
	return checkDraft(draft, request).map((problem) => problem.rule)
}

describe('checkDraft and repairDraft', () => {
	test('a valid draft has no problems and survives repair unchanged', () => {
		expect(checkDraft(validDraft(), request)).toEqual([])
		expect(repairDraft(validDraft(), request)).toEqual(validDraft())
	})

	const cases: Array<[string, (draft: SequenceDraft) => void]> = [
		[
			'request-note-length',
			(draft) => {
				draft.linkedInSteps[0]!.requestNote = `Hi Zoë, ${'we help engineering teams ship faster, '.repeat(8)}`
			},
		],
		[
			'days-after',
			(draft) => {
				draft.emailSteps[1]!.daysAfter = -2
				draft.emailSteps[2]!.daysAfter = 0
				draft.linkedInSteps[1]!.daysAfter = -1
			},
		],
		[
			'placeholder',
			(draft) => {
				draft.emailSteps[0]!.body =
					'Hi {{firstName}},\n\nI saw [Company] is hiring, {role}.\n\nBest,\n[Your Name]'
				draft.emailSteps[1]!.body = body('Ping <NAME> at XXX about it.')
				draft.linkedInSteps[0]!.requestNote = 'Hi {firstName}, glad to connect.'
			},
		],
		[
			'subject-length',
			(draft) => {
				draft.emailSteps[0]!.subject =
					'A very long subject line about engineering time at Acme that goes on and on forever'
			},
		],
		[
			'signature',
			(draft) => {
				draft.emailSteps[0]!.body = 'Hi Zoë,\n\nA thought about Acme.\n\nBest,'
				draft.emailSteps[1]!.body = 'Hi Zoë,\n\nFollowing up.'
			},
		],
		[
			'empty-body',
			(draft) => {
				draft.emailSteps[1]!.body = '  '
				draft.linkedInSteps[1]!.message = ''
				draft.phoneCallSteps[0]!.talkingPoints = ''
			},
		],
		[
			'missing-name',
			(draft) => {
				draft.emailSteps[0]!.body = 'Hello there,\n\nA thought about Acme.\n\nBest,\nSam Carter'
			},
		],
		[
			'missing-company',
			(draft) => {
				draft.emailSteps[0] = { subject: 'Hello', body: body('A thought about your team.'), daysAfter: 0 }
			},
		],
	]

	test.each(cases)('%s: detected, then repaired', (rule, breakIt) => {
		const draft = validDraft()
		breakIt(draft)
		expect(rulesBroken(draft)).toContain(rule)
		expect(checkDraft(repairDraft(draft, request), request)).toEqual([])
	})

	test('the first subject must not be empty, and repair writes one', () => {
		const draft = validDraft()
		draft.emailSteps[0]!.subject = ''
		expect(rulesBroken(draft)).toEqual(['subject-length'])
		expect(repairDraft(draft, request).emailSteps[0]!.subject).toBe('A question for Acme')
	})

	test('placeholders are filled with real values, not just removed', () => {
		const draft = validDraft()
		draft.emailSteps[0]!.body = 'Hi {{firstName}},\n\nI saw [Company] is growing.\n\nBest,\n[Your Name]'
		expect(repairDraft(draft, request).emailSteps[0]!.body).toBe(
			'Hi Zoë,\n\nI saw Acme is growing.\n\nBest,\nSam Carter',
		)
	})

	test('days are made non-negative and strictly increasing', () => {
		const draft = validDraft()
		draft.emailSteps.forEach((email, index) => (email.daysAfter = [-1, 0, 0][index]!))
		expect(repairDraft(draft, request).emailSteps.map((email) => email.daysAfter)).toEqual([0, 1, 2])
	})

	test('a missing name is put into the existing greeting', () => {
		const draft = validDraft()
		draft.emailSteps[0]!.body = 'Hello there,\n\nA thought about Acme.\n\nBest,\nSam Carter'
		expect(repairDraft(draft, request).emailSteps[0]!.body.split('\n')[0]).toBe('Hello Zoë,')
	})

	test('a bare sign-off gets the name, no second sign-off', () => {
		const draft = validDraft()
		draft.emailSteps[1]!.body = 'Hi Zoë,\n\nFollowing up.\n\nCheers,'
		expect(repairDraft(draft, request).emailSteps[1]!.body).toBe(
			'Hi Zoë,\n\nFollowing up.\n\nCheers,\nSam Carter',
		)
	})
})

describe('truncateAtWord', () => {
	test('cuts at a word boundary within the limit, with no dangling punctuation', () => {
		const note = `Hi Zoë, ${'we help teams, '.repeat(20)}`
		const cut = truncateAtWord(note, 200)
		expect(Array.from(cut).length).toBeLessThanOrEqual(200)
		expect(cut).toMatch(/\bhelp$|\bteams$/)
		expect(cut).not.toMatch(/[\s,;:]$/)
		expect(note.startsWith(cut)).toBe(true)
	})

	test('prefers a late sentence end', () => {
		const text = `${'word '.repeat(30).trim()}. And then a second sentence that runs past the limit.`
		expect(truncateAtWord(text, 160)).toBe(`${'word '.repeat(30).trim()}.`)
	})

	test('leaves short text alone', () => {
		expect(truncateAtWord('  short  ', 200)).toBe('short')
	})
})

test('shortCompanyName drops legal suffixes', () => {
	expect(shortCompanyName('Acme, Inc.')).toBe('Acme')
	expect(shortCompanyName('Brown & Sons Co. Ltd')).toBe('Brown & Sons')
	expect(shortCompanyName('Inc')).toBe('Inc')
})
