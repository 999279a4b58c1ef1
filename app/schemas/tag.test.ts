import { describe, expect, test } from 'vitest'
import { AddContactsToTagSchema, CreateTagSchema, TagListQuerySchema } from './tag.ts'

describe('CreateTagSchema', () => {
	test('trims the name', () => {
		expect(CreateTagSchema.parse({ name: '  Leads 2025 ' })).toEqual({ name: 'Leads 2025' })
	})

	test.each([{}, { name: '' }, { name: '   ' }, { name: null }])('%j → Tag name is required', (input) => {
		const result = CreateTagSchema.safeParse(input)
		expect(result.success).toBe(false)
		expect(result.error?.issues[0]?.message).toBe('Tag name is required')
	})

	test('at most 100 characters', () => {
		expect(CreateTagSchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true)
		expect(CreateTagSchema.safeParse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
			'Tag name must be at most 100 characters',
		)
	})
})

describe('TagListQuerySchema', () => {
	test('defaults: 15 per page from the start, no search, all fields', () => {
		expect(TagListQuerySchema.parse({})).toEqual({ take: 15, skip: 0, search: undefined, select: undefined })
	})

	test('reads take, skip, search and select', () => {
		expect(TagListQuerySchema.parse({ take: '50', skip: '100', search: ' sal ', select: 'id,name' })).toEqual(
			{
				take: 50,
				skip: 100,
				search: 'sal',
				select: ['id', 'name'],
			},
		)
	})

	test.each([
		[{ take: '0' }, 'take must be a whole number between 1 and 1,000'],
		[{ take: '1001' }, 'take must be a whole number between 1 and 1,000'],
		[{ take: 'ten' }, 'take must be a whole number between 1 and 1,000'],
		[{ skip: '-1' }, 'skip must be a whole number between 0 and 100,000,000'],
		[{ select: 'id,email' }, 'select may only name id, name, contactCount'],
	])('%j → %s', (input, message) => {
		expect(TagListQuerySchema.safeParse(input).error?.issues[0]?.message).toBe(message)
	})
})

describe('AddContactsToTagSchema', () => {
	test('ids or all, with the filter and exclusions', () => {
		expect(AddContactsToTagSchema.parse({ contact_ids: ['a', 'b'] }).contact_ids).toEqual(['a', 'b'])
		const all = AddContactsToTagSchema.parse({
			contact_ids: 'all',
			search: ' ada ',
			tags: 'x,y',
			exclude_ids: ['c'],
		})
		expect(all).toMatchObject({ contact_ids: 'all', search: 'ada', tags: ['x', 'y'], exclude_ids: ['c'] })
	})

	test('an empty list is refused', () => {
		expect(AddContactsToTagSchema.safeParse({ contact_ids: [] }).error?.issues[0]?.message).toBe(
			'Select at least one contact',
		)
	})
})
