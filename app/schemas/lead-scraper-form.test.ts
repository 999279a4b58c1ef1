import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { LEAD_IMPORT_MESSAGES } from './lead-import.ts'
import { LeadScraperFormSchema, postFilterOf } from './lead-scraper-form.ts'

function formOf(fields: Record<string, string | File | Array<string | File>>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields))
		for (const item of Array.isArray(value) ? value : [value]) form.append(name, item)
	return form
}

function errorsOf(fields: Record<string, string | File | Array<string | File>>) {
	const submission = parseWithZod(formOf(fields), { schema: LeadScraperFormSchema })
	return submission.status === 'error' ? submission.error : null
}

const csv = (name = 'leads.csv', body = 'name\nAda Lovelace\n', type = 'text/csv') =>
	new File([body], name, { type })
// What a browser posts for a file input with nothing chosen.
const noFile = new File([], '', { type: 'application/octet-stream' })

describe('Scrape file', () => {
	test('no file: "No file selected"', () => {
		expect(errorsOf({ source: 'FILE', file: noFile })).toMatchObject({ file: [LEAD_IMPORT_MESSAGES.noFile] })
		expect(errorsOf({ source: 'FILE' })).toMatchObject({ file: [LEAD_IMPORT_MESSAGES.noFile] })
	})

	test('CSV only, at most 1 MB each; several files pass', () => {
		expect(errorsOf({ source: 'FILE', file: [csv(), csv('people.txt', 'x', 'text/plain')] })).toMatchObject({
			'file[1]': [LEAD_IMPORT_MESSAGES.csvOnly],
		})
		expect(errorsOf({ source: 'FILE', file: csv('big.csv', 'a'.repeat(1_000_001)) })).toMatchObject({
			'file[0]': [LEAD_IMPORT_MESSAGES.fileTooLarge],
		})
		expect(errorsOf({ source: 'FILE', file: [csv(), csv('more.csv')] })).toBeNull()
	})
})

test('Scrape a plain text: blank is "No text content provided"', () => {
	expect(errorsOf({ source: 'TEXT', text: '   \n ' })).toMatchObject({ text: [LEAD_IMPORT_MESSAGES.noText] })
	expect(errorsOf({ source: 'TEXT' })).toMatchObject({ text: [LEAD_IMPORT_MESSAGES.noText] })
	expect(errorsOf({ source: 'TEXT', text: 'Ada Lovelace, CTO at Acme' })).toBeNull()
})

describe('Scrape link', () => {
	test.each([
		['', LEAD_IMPORT_MESSAGES.noLinkPasted],
		['not a link', LEAD_IMPORT_MESSAGES.invalidUrl],
		['ftp://example.com/team', LEAD_IMPORT_MESSAGES.invalidUrl],
	])('%j: %s', (url, message) => {
		expect(errorsOf({ source: 'LINK', url })).toMatchObject({ url: [message] })
	})

	test('a page, with or without its scheme', () => {
		expect(errorsOf({ source: 'LINK', url: 'https://example.com/team' })).toBeNull()
		expect(errorsOf({ source: 'LINK', url: 'example.com/team' })).toBeNull()
	})
})

describe('Scrape a linkedin post', () => {
	const post = 'https://www.linkedin.com/posts/ada_engines-activity-7250000000000000000-abcd'

	test('the link must be a LinkedIn post', () => {
		expect(errorsOf({ source: 'LINKEDIN_POST', postUrl: '' })).toMatchObject({
			postUrl: [LEAD_IMPORT_MESSAGES.noLinkPasted],
		})
		expect(errorsOf({ source: 'LINKEDIN_POST', postUrl: 'https://www.linkedin.com/in/ada' })).toMatchObject({
			postUrl: [LEAD_IMPORT_MESSAGES.notLinkedInPost],
		})
		expect(errorsOf({ source: 'LINKEDIN_POST', postUrl: 'https://example.com/posts/1' })).toMatchObject({
			postUrl: [LEAD_IMPORT_MESSAGES.notLinkedInPost],
		})
	})

	test('the sliders default to 50–250 and run 0–250, low to high', () => {
		const submission = parseWithZod(formOf({ source: 'LINKEDIN_POST', postUrl: post }), {
			schema: LeadScraperFormSchema,
		})
		expect(submission.status).toBe('success')
		if (submission.status !== 'success' || submission.value.source !== 'LINKEDIN_POST') return
		expect(postFilterOf(submission.value)).toEqual({
			channel: 'all',
			comments: [50, 250],
			reactions: [50, 250],
		})
		expect(
			errorsOf({
				source: 'LINKEDIN_POST',
				postUrl: post,
				commentsMin: '300',
				reactionsMin: '90',
				reactionsMax: '10',
			}),
		).toMatchObject({
			commentsMin: expect.arrayContaining(['Must be 250 or less']),
			reactionsMin: ['The lowest value must not be above the highest'],
		})
	})
})

test('no source chosen', () => {
	expect(errorsOf({ text: 'Ada' })).toMatchObject({ source: ['Choose where the leads come from'] })
})
