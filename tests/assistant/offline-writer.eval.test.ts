import { describe, expect, test } from 'vitest'
import { checkDraft, mentions, shortCompanyName } from '#app/models/assistant/draft-rules.ts'
import { writeSequenceOffline } from '#app/models/assistant/offline-writer.ts'
import { evalCases } from './eval-cases.ts'

function wordCount(text: string) {
	return text.split(/\s+/).filter(Boolean).length
}

/** The first sentence after the greeting, with the names masked, so templates can be compared. */
function openingSentence(body: string, names: string[]) {
	const paragraph = body.split(/\n\s*\n/)[1] ?? ''
	const sentence = paragraph.split(/(?<=[.!?])\s/)[0] ?? ''
	return names.filter(Boolean).reduce((text, name) => text.split(name).join('<name>'), sentence)
}

describe('offline writer evaluation set', () => {
	test('has at least 30 cases', () => {
		expect(evalCases.length).toBeGreaterThanOrEqual(30)
	})

	describe.each(evalCases)('$name', ({ request, expect: expectations }) => {
		const draft = writeSequenceOffline(request)
		const [first] = draft.emailSteps
		const firstText = `${first?.subject}\n${first?.body}`

		test('passes every draft rule', () => {
			expect(checkDraft(draft, request)).toEqual([])
		})

		test("mentions the contact's first name and company", () => {
			expect(mentions(firstText, request.contact.firstName)).toBe(true)
			if (request.company) expect(mentions(firstText, shortCompanyName(request.company.name))).toBe(true)
		})

		test('is deterministic', () => {
			expect(writeSequenceOffline(request)).toEqual(draft)
		})

		test('meets the case expectations', () => {
			const { emailSteps, linkedInSteps, phoneCallSteps, maxWordsPerEmail, includes, greeting } = expectations
			if (emailSteps !== undefined) expect(draft.emailSteps).toHaveLength(emailSteps)
			expect(draft.linkedInSteps).toHaveLength(linkedInSteps ?? (request.linkedin ? 2 : 0))
			expect(draft.phoneCallSteps).toHaveLength(phoneCallSteps ?? (request.phoneCall ? 1 : 0))
			for (const needle of expectations.mentions ?? []) expect(firstText).toContain(needle)
			if (includes) expect(first?.body).toMatch(includes)
			for (const email of draft.emailSteps) {
				if (maxWordsPerEmail) expect(wordCount(email.body)).toBeLessThanOrEqual(maxWordsPerEmail)
				if (greeting) expect(email.body.split('\n')[0]).toMatch(greeting)
				expect(email.body).toMatch(/\n\n/)
			}
			for (const [index, email] of draft.emailSteps.entries()) {
				if (index > 0) expect(email.subject).toBe('')
			}
		})
	})

	test('first emails are varied across contacts', () => {
		const drafts = evalCases.map(({ request }) => ({ request, draft: writeSequenceOffline(request) }))
		const bodies = drafts.map(({ draft }) => draft.emailSteps[0]?.body)
		expect(new Set(bodies).size).toBe(bodies.length)

		const openings = drafts.map(({ request, draft }) =>
			openingSentence(draft.emailSteps[0]?.body ?? '', [
				request.contact.firstName,
				request.company ? shortCompanyName(request.company.name) : '',
				request.company?.industry ?? '',
			]),
		)
		const counts = new Map<string, number>()
		for (const opening of openings) counts.set(opening, (counts.get(opening) ?? 0) + 1)
		const mostCommon = Math.max(...counts.values())
		expect(mostCommon / openings.length).toBeLessThanOrEqual(0.2)
	})
})
