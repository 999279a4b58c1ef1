import { describe, expect, test } from 'vitest'
import { SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { htmlToEditorJson } from '#app/utils/editor-json/from-html.ts'
import {
	CreateSequenceFormSchema,
	daysAfterMinMessage,
	minDaysAfter,
	nextStepDaysAfter,
	raiseToMinimums,
	toCreateSequenceInput,
} from './form-schema.ts'

describe('the Create dialog timing rules', () => {
	test('the first step from 0, every later one at least a day after the previous', () => {
		expect(minDaysAfter([5, 2, 9], 0)).toBe(0)
		expect(minDaysAfter([5, 2, 9], 1)).toBe(6)
		expect(minDaysAfter([5, 2, 9], 2)).toBe(3)
	})

	test('a new step comes 3 days after the last (day 0 when there is none)', () => {
		expect(nextStepDaysAfter([])).toBe(0)
		expect(nextStepDaysAfter([0])).toBe(3)
		expect(nextStepDaysAfter([0, 4])).toBe(7)
	})

	test('raising a step carries to the later ones, and only as far as needed', () => {
		expect(raiseToMinimums([0, 3, 6])).toEqual([0, 3, 6])
		expect(raiseToMinimums([5, 3, 6])).toEqual([5, 6, 7])
		expect(raiseToMinimums([0, 0, 10])).toEqual([0, 1, 10])
		expect(raiseToMinimums([])).toEqual([])
	})
})

const body = (html: string) => JSON.stringify(htmlToEditorJson(html))
const valid = {
	contactId: 'c1',
	subject: 'Quick question',
	emailAddressId: 'm1',
	steps: [
		{ daysAfter: '0', proseMirrorJson: body('<p>Hello</p>'), body: '<p>Hello</p>' },
		{ daysAfter: '3', body: 'Plain text follow-up' },
	],
}

function errors(input: unknown) {
	const result = CreateSequenceFormSchema.safeParse(input)
	return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

describe('CreateSequenceFormSchema', () => {
	test('a valid form becomes the POST /sequences input: a PENDING draft from one sender', () => {
		const form = CreateSequenceFormSchema.parse(valid)
		expect(toCreateSequenceInput(form)).toEqual({
			status: 'PENDING',
			contactId: 'c1',
			subject: 'Quick question',
			shouldStartImmediately: false,
			steps: [
				expect.objectContaining({
					daysAfter: 0,
					status: 'PENDING',
					emailAddressId: 'm1',
					proseMirrorJson: expect.any(Object),
				}),
				expect.objectContaining({
					daysAfter: 3,
					status: 'PENDING',
					emailAddressId: 'm1',
					body: 'Plain text follow-up',
				}),
			],
			linkedInSteps: [],
		})
	})

	test('the spec messages: subject, sender, steps and empty bodies', () => {
		expect(errors({ ...valid, subject: ' ', emailAddressId: '' })).toEqual([
			['subject', SEQUENCE_MESSAGES.subjectRequired],
			['emailAddressId', SEQUENCE_MESSAGES.senderRequired],
		])
		expect(errors({ ...valid, steps: [] })).toEqual([['steps', SEQUENCE_MESSAGES.stepsRequired]])
		expect(
			errors({
				...valid,
				steps: [
					{ daysAfter: '0', proseMirrorJson: body('<p> </p>') },
					{ daysAfter: '2', body: '' },
				],
			}),
		).toEqual([
			['steps.0.body', SEQUENCE_MESSAGES.bodyRequired],
			['steps.1.body', SEQUENCE_MESSAGES.bodyRequired],
		])
	})

	test('a later step before its minimum is refused with the minimum', () => {
		const steps = [
			{ daysAfter: '4', body: 'One' },
			{ daysAfter: '4', body: 'Two' },
		]
		expect(errors({ ...valid, steps })).toEqual([['steps.1.daysAfter', daysAfterMinMessage(5)]])
		expect(errors({ ...valid, steps: [{ daysAfter: '-1', body: 'One' }] })).toEqual([
			['steps.0.daysAfter', SEQUENCE_MESSAGES.daysAfterMin],
		])
	})
})
