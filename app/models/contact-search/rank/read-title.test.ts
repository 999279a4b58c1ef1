import { describe, expect, test } from 'vitest'
import { readQuery, readTitle } from './read-title.ts'

describe('readTitle', () => {
	test.each([
		['Vice President, Sales EMEA', 5, ['sales']],
		['VP Sales', 5, ['sales']],
		['Head of Revenue', 4, ['sales']],
		['Chief Technology Officer', 6, ['engineering']],
		['CTO', 6, ['engineering']],
		['CRO', 6, ['sales']],
		['Co-Founder & CEO', 6, ['executive', 'founder']],
		['Geschäftsführer', 6, ['executive']],
		['Vertriebsleiter', 4, ['sales']],
		['Directeur Commercial', 4, ['sales']],
		['Jefe de Compras', 4, ['procurement']],
		['Directrice des Ressources Humaines', 4, ['hr']],
		['Engineering Manager', 3, ['engineering']],
		['Sales Engineer', 1, ['engineering', 'sales']],
		['Account Executive', 1, ['sales']],
		['Assistant to the CFO', 0, ['finance']],
		['Executive Assistant to the CEO', 0, ['executive']],
		['Marketing Intern', 0, ['marketing']],
		['Head of IT', 4, ['it']],
		['director of sales - dach', 4, ['sales']],
	])('%s', (title, level, functions) => {
		const reading = readTitle(title)
		expect(reading.level).toBe(level)
		expect([...reading.functions].sort()).toEqual(functions)
	})

	test('an unknown or empty title says nothing', () => {
		expect(readTitle('Wizard of Light')).toMatchObject({ level: null, functions: new Set() })
		expect(readTitle(null)).toMatchObject({ level: null, functions: new Set() })
	})

	test('"it" in lower case is a word, not IT', () => {
		expect(readTitle('Make it happen').functions.has('it')).toBe(false)
	})
})

describe('readQuery', () => {
	test('levels, functions and places, with the words used', () => {
		const reading = readQuery('VP of Sales or Head of Revenue in Europe')
		expect(reading.levels.map((part) => part.value).sort()).toEqual([4, 5])
		expect(reading.functions.map((part) => [part.value, part.surface])).toEqual([
			['sales', 'sales'],
			['sales', 'revenue'],
		])
		expect(reading.places.map((part) => part.value)).toEqual(['europe'])
	})

	test('group words ask for a range of levels; plurals are read as titles', () => {
		expect(readQuery('engineering leaders').levels.map((part) => part.value)).toEqual([6, 5, 4])
		expect(readQuery('founders').functions.map((part) => part.value)).toEqual(['founder'])
		expect(readQuery('the CFO').levels.map((part) => part.value)).toEqual([6])
	})

	test('"people" means persons unless next to a title word', () => {
		expect(readQuery('people in procurement').functions.map((part) => part.value)).toEqual(['procurement'])
		expect(readQuery('Head of People').functions.map((part) => part.value)).toEqual(['hr'])
	})

	test('the other words are keywords, lightly stemmed', () => {
		const keywords = readQuery('someone who owns partnerships and alliances').keywords.map(
			(part) => part.value,
		)
		expect(keywords).toEqual(['partnership', 'alliance'])
	})
})
