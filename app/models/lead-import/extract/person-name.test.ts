import { describe, expect, test } from 'vitest'
import {
	capitalizeNameWord,
	isLikelyPersonName,
	nameFromEmail,
	nameFromLinkedinSlug,
	splitPersonName,
} from './person-name.ts'

describe('splitPersonName', () => {
	test('first, middle and last name; the surname starts at its particle', () => {
		expect(splitPersonName('Jane Doe')).toEqual({ firstName: 'Jane', middleName: null, lastName: 'Doe' })
		expect(splitPersonName('John Ronald Reuel Tolkien')).toEqual({
			firstName: 'John',
			middleName: 'Ronald Reuel',
			lastName: 'Tolkien',
		})
		expect(splitPersonName('ludwig van beethoven')).toEqual({
			firstName: 'Ludwig',
			middleName: null,
			lastName: 'van Beethoven',
		})
		expect(splitPersonName('José María de la Cruz')).toEqual({
			firstName: 'José',
			middleName: 'María',
			lastName: 'de la Cruz',
		})
		expect(splitPersonName('Madonna')).toEqual({ firstName: 'Madonna', middleName: null, lastName: '' })
	})

	test('titles, degrees, nicknames and remarks are not part of the name', () => {
		expect(splitPersonName('Dr. Amelia Hart, PhD')).toEqual({
			firstName: 'Amelia',
			middleName: null,
			lastName: 'Hart',
		})
		expect(splitPersonName("Robert 'Bob' Smith (he/him)")).toEqual({
			firstName: 'Robert',
			middleName: null,
			lastName: 'Smith',
		})
		expect(splitPersonName('Prof. Dr. Anna Weber MBA')?.lastName).toBe('Weber')
	})

	test('"Last, First" only when asked (CSV name columns, e-mail headers)', () => {
		expect(splitPersonName('Doe, Jane', { lastFirst: true })).toEqual({
			firstName: 'Jane',
			middleName: null,
			lastName: 'Doe',
		})
		expect(splitPersonName('Van der Berg, Pieter', { lastFirst: true })?.lastName).toBe('van der Berg')
		expect(splitPersonName('Doe, Jane')?.firstName).toBe('Doe')
	})

	test('names are capitalised as people write them', () => {
		expect(splitPersonName("JOHN O'BRIEN")).toMatchObject({ firstName: 'John', lastName: "O'Brien" })
		expect(splitPersonName('mary-ann mcdonald')).toMatchObject({
			firstName: 'Mary-Ann',
			lastName: 'McDonald',
		})
		expect(splitPersonName('Jean DUPONT')).toMatchObject({ firstName: 'Jean', lastName: 'Dupont' })
		// Mixed case is kept as typed.
		expect(splitPersonName('DeAndre McKenzie')).toMatchObject({ firstName: 'DeAndre', lastName: 'McKenzie' })
		expect(capitalizeNameWord('ÉLODIE')).toBe('Élodie')
		expect(splitPersonName('Thanh Le')).toMatchObject({ lastName: 'Le' })
	})
})

describe('isLikelyPersonName', () => {
	test.each([
		'Jane Doe',
		'Jürgen Weiß',
		"Liam O'Connor",
		'Mary-Ann Lee',
		'Jane M. Doe',
		'JANE DOE',
		'Иван Петров',
		'Ludwig van Beethoven',
	])('%s is a name', (text) => expect(isLikelyPersonName(text)).toBe(true))
	test.each([
		'Contact us',
		'Our Team',
		'Meet the Speakers',
		'Privacy Policy',
		'New York',
		'San Francisco',
		'Head of Sales',
		'Chief Executive Officer',
		'jane doe',
		'Jane',
		'Acme Inc',
		'Read more',
		'Thanks for reading',
		'Max Mustermann, Erika Musterfrau',
		'Jane Doe 2024',
		'jane@acme.com',
		'Enterprise Cloud',
		'Germany',
	])('%s is not', (text) => expect(isLikelyPersonName(text)).toBe(false))

	test('loose case and one word when the caller allows them', () => {
		expect(isLikelyPersonName('jane doe', { strictCase: false })).toBe(true)
		expect(isLikelyPersonName('Jane', { minWords: 1 })).toBe(true)
	})
})

describe('names from addresses and profile slugs', () => {
	test('first.last, first_last and first-last spell a name; other local parts do not', () => {
		expect(nameFromEmail('jane.doe@acme.com')).toMatchObject({ firstName: 'Jane', lastName: 'Doe' })
		expect(nameFromEmail('mark_taylor@unilever.co.uk')).toMatchObject({
			firstName: 'Mark',
			lastName: 'Taylor',
		})
		expect(nameFromEmail('john.q.public+news@x.com')).toEqual({
			firstName: 'John',
			middleName: 'Q',
			lastName: 'Public',
		})
		expect(nameFromEmail('jdoe@acme.com')).toBeNull()
		expect(nameFromEmail('sales.team@acme.com')).toBeNull()
		expect(nameFromEmail('j.doe@acme.com')).toBeNull()
	})

	test('a slug of words with a trailing id spells a name; a run-together slug does not', () => {
		expect(nameFromLinkedinSlug('jane-doe-4a5b6c7')).toMatchObject({ firstName: 'Jane', lastName: 'Doe' })
		expect(nameFromLinkedinSlug('lukas-m%C3%BCller-123456789')).toMatchObject({
			firstName: 'Lukas',
			lastName: 'Müller',
		})
		expect(nameFromLinkedinSlug('janedoe')).toBeNull()
		expect(nameFromLinkedinSlug('xyz123')).toBeNull()
		expect(nameFromLinkedinSlug('sales-team')).toBeNull()
	})
})
