import { describe, expect, test } from 'vitest'
import { csvCell, csvRow } from './csv.ts'

describe('csvCell', () => {
	test('leaves plain values alone and writes empty cells for missing ones', () => {
		expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace')
		expect(csvCell(42)).toBe('42')
		expect(csvCell(null)).toBe('')
		expect(csvCell(undefined)).toBe('')
		expect(csvCell(new Date('2025-01-02T03:04:05.000Z'))).toBe('2025-01-02T03:04:05.000Z')
	})

	test('quotes values holding commas, quotes or line breaks and doubles the quotes', () => {
		expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."')
		expect(csvCell('The "best" company')).toBe('"The ""best"" company"')
		expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
		expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
		expect(csvCell('"')).toBe('""""')
	})

	test('neutralises formula-leading cells with a single quote', () => {
		expect(csvCell('=HYPERLINK("http://evil.test")')).toBe(`"'=HYPERLINK(""http://evil.test"")"`)
		expect(csvCell('+1 555 0100')).toBe("'+1 555 0100")
		expect(csvCell('-2+3')).toBe("'-2+3")
		expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)")
		expect(csvCell('\t=1')).toBe("'\t=1")
		expect(csvCell('\r=1')).toBe(`"'\r=1"`)
		expect(csvCell('=1,2')).toBe(`"'=1,2"`)
	})

	test('only a leading character counts', () => {
		expect(csvCell('a=b')).toBe('a=b')
		expect(csvCell('jane@example.com')).toBe('jane@example.com')
	})
})

describe('csvRow', () => {
	test('joins cells with commas and ends with CRLF', () => {
		expect(csvRow(['a', 'b,c', null, '=x'])).toBe(`a,"b,c",,'=x\r\n`)
	})
})
