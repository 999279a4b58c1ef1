import { describe, expect, test } from 'vitest'
import { AddContactsToListSchema, contactsAddedToListMessage, CreateListSchema } from './list.ts'

describe('CreateListSchema', () => {
	test('name is required, with the spec message', () => {
		for (const name of [undefined, '', '   ']) {
			const result = CreateListSchema.safeParse({ name })
			expect(result.success).toBe(false)
			expect(result.error?.issues[0]?.message).toBe('List name is required')
		}
	})

	test('name and description are trimmed; an empty description is null', () => {
		expect(CreateListSchema.parse({ name: '  Q3 prospects ', description: '  Warm leads  ' })).toEqual({
			name: 'Q3 prospects',
			description: 'Warm leads',
		})
		expect(CreateListSchema.parse({ name: 'A', description: '   ' })).toEqual({
			name: 'A',
			description: null,
		})
		expect(CreateListSchema.parse({ name: 'A' })).toEqual({ name: 'A', description: null })
		expect(CreateListSchema.parse({ name: 'A', description: null })).toEqual({ name: 'A', description: null })
	})
})

describe('AddContactsToListSchema', () => {
	test('contactIds is a list of ids or all, with the filter fields', () => {
		expect(AddContactsToListSchema.parse({ contactIds: ['a', 'b'] }).contactIds).toEqual(['a', 'b'])
		const all = AddContactsToListSchema.parse({
			contactIds: 'all',
			tags: 'x,y',
			search: ' ada ',
			exclude_ids: ['z'],
		})
		expect(all).toMatchObject({ contactIds: 'all', tags: ['x', 'y'], search: 'ada', exclude_ids: ['z'] })
		expect(AddContactsToListSchema.safeParse({ contactIds: [] }).success).toBe(false)
		expect(AddContactsToListSchema.safeParse({}).success).toBe(false)
	})

	test('the success message', () => {
		expect(contactsAddedToListMessage(3)).toBe('3 contacts added to list')
	})
})
