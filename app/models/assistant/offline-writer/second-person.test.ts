import { describe, expect, test } from 'vitest'
import { notesAsClause, painPhrase } from './second-person.ts'

describe('notesAsClause', () => {
	test.each([
		[
			'Runs operations; recently announced a new warehouse in Gothenburg',
			'you run operations and recently announced a new warehouse in Gothenburg',
		],
		['She manages a team of 12 SDRs in Madrid.', 'you manage a team of 12 SDRs in Madrid'],
		['Oversees the Kubernetes migration.', 'you oversee the Kubernetes migration'],
		[
			'He founded the company in 2015 and still signs every invoice himself.',
			'you founded the company in 2015 and still sign every invoice yourself',
		],
	])('%s → %s', (notes, expected) => {
		expect(notesAsClause(notes)).toBe(expected)
	})

	test('gives up on notes it cannot rephrase rather than pasting them', () => {
		expect(notesAsClause('Team of 12; Gothenburg')).toBeNull()
		expect(notesAsClause('')).toBeNull()
	})
})

describe('painPhrase', () => {
	test('a noun phrase stays a noun phrase, in the second person', () => {
		expect(painPhrase('Staffing their new Gothenburg warehouse')).toEqual({
			kind: 'noun',
			text: 'staffing your new Gothenburg warehouse',
		})
	})

	test("a clause becomes the reader's", () => {
		expect(painPhrase('Reps lose hours to manual prospecting')).toEqual({
			kind: 'clause',
			text: 'your reps lose hours to manual prospecting',
		})
		expect(painPhrase('his team lives in spreadsheets').text).toBe('your team lives in spreadsheets')
	})
})
