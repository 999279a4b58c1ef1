import { describe, expect, test } from 'vitest'
import { htmlToEditorJson } from '#app/utils/editor-json/from-html.ts'
import {
	invalidFieldTitle,
	TEST_EMAIL_MESSAGES as M,
	TestEmailSchema,
	testEmailContent,
} from './test-email.ts'

const valid = { mailbox_id: 'mb_1', to: 'ada@example.com', subject: 'Hello there', body: '<p>Ten chars!</p>' }

function firstError(input: unknown) {
	const result = TestEmailSchema.safeParse(input)
	if (result.success) return null
	const issue = result.error.issues[0]!
	return { field: issue.path.join('.'), message: issue.message }
}

describe('TestEmailSchema', () => {
	test('a valid email: recipients become a list, the subject is trimmed', () => {
		const result = TestEmailSchema.parse({
			...valid,
			to: ' ada@example.com, bob@example.com ;',
			subject: '  Hello there ',
		})
		expect(result.to).toEqual(['ada@example.com', 'bob@example.com'])
		expect(result.subject).toBe('Hello there')
		expect(TestEmailSchema.parse({ ...valid, to: ['ada@example.com'] }).to).toEqual(['ada@example.com'])
	})

	test.each([
		[{ ...valid, subject: undefined }, 'subject', M.subjectRequired],
		[{ ...valid, subject: '   ' }, 'subject', M.subjectRequired],
		[{ ...valid, subject: 'Hi  ' }, 'subject', M.subjectMin],
		[{ ...valid, body: undefined }, 'body', M.bodyRequired],
		[{ ...valid, body: '<p> </p>' }, 'body', M.bodyRequired],
		// Tags do not count: 9 visible characters.
		[{ ...valid, body: '<p><strong>Nine char</strong></p>' }, 'body', M.bodyMin],
		[{ ...valid, mailbox_id: '' }, 'mailbox_id', M.mailboxRequired],
		[{ ...valid, mailbox_id: undefined }, 'mailbox_id', M.mailboxRequired],
		[{ ...valid, to: '' }, 'to', M.toRequired],
		[{ ...valid, to: ' , ' }, 'to', M.toRequired],
		[{ ...valid, to: [] }, 'to', M.toRequired],
		[{ ...valid, to: 'ada@example.com, nope' }, 'to', M.toInvalid],
		[{ ...valid, to: 42 }, 'to', M.toRequired],
		[
			{ ...valid, to: Array.from({ length: 11 }, (_, i) => `u${i}@example.com`).join(',') },
			'to',
			M.toTooMany,
		],
	])('%o → %s: %s', (input, field, message) => {
		expect(firstError(input)).toEqual({ field, message })
	})

	test('the editor JSON is what is sent when given, and is checked too', () => {
		const proseMirrorJson = JSON.stringify(htmlToEditorJson('<p>Short</p>'))
		expect(firstError({ ...valid, proseMirrorJson })).toEqual({ field: 'body', message: M.bodyMin })
		const long = JSON.stringify(htmlToEditorJson('<p>Hello <a href="https://example.com">world</a></p>'))
		const parsed = TestEmailSchema.parse({ ...valid, body: '<p>Hello world</p>', proseMirrorJson: long })
		expect(testEmailContent(parsed)).toEqual({
			html: '<p>Hello <a href="https://example.com">world</a></p>',
			text: 'Hello world (https://example.com)',
		})
	})

	test('plain text keeps its paragraphs', () => {
		const parsed = TestEmailSchema.parse({ ...valid, body: 'Hi Ada,\n\nThis is a test.' })
		expect(testEmailContent(parsed).html).toBe('<p>Hi Ada,</p><p>This is a test.</p>')
	})

	test('every field reports at once, the body with the others', () => {
		const result = TestEmailSchema.safeParse({ mailbox_id: '', to: '', subject: '', body: '' })
		expect(result.success).toBe(false)
		expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
			['mailbox_id', M.mailboxRequired],
			['to', M.toRequired],
			['subject', M.subjectRequired],
			['body', M.bodyRequired],
		])
	})

	test('invalidFieldTitle names the field', () => {
		expect(invalidFieldTitle('subject')).toBe('Invalid subject')
		expect(invalidFieldTitle('to')).toBe('Invalid recipient')
		expect(invalidFieldTitle('mailbox_id')).toBe('Invalid mailbox')
	})
})
