import { describe, expect, test } from 'vitest'
import { shortCompanyName } from '#app/models/assistant/draft-rules.ts'
import { writeSequenceOffline } from '#app/models/assistant/offline-writer.ts'
import { evalCases } from './eval-cases.ts'
import { scoreDraft } from './eval-score.ts'

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

	describe.each(evalCases)('$name', (evalCase) => {
		const { request } = evalCase
		const draft = writeSequenceOffline(request)

		test("passes every draft rule, names the contact and company, and meets the case's expectations", () => {
			// The checks `npm run eval` scores a model with (tests/assistant/eval-score.ts).
			expect(scoreDraft(evalCase, draft).filter((check) => !check.passed)).toEqual([])
		})

		test('is deterministic', () => {
			expect(writeSequenceOffline(request)).toEqual(draft)
		})

		test('writes paragraphs, and a subject on the first email only', () => {
			for (const [index, email] of draft.emailSteps.entries()) {
				expect(email.body).toMatch(/\n\n/)
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
