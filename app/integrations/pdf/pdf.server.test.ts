import { expect, test } from 'vitest'
import { createBrokenPdf, createPdf } from '#tests/pdf-fixtures.ts'
import { hasPdfSignature, InvalidPdfError, openPdf } from './pdf.server.ts'

test('hasPdfSignature looks for %PDF- near the start', () => {
	expect(hasPdfSignature(new TextEncoder().encode('%PDF-1.4\n...'))).toBe(true)
	expect(hasPdfSignature(new TextEncoder().encode('\r\n%PDF-1.4'))).toBe(true)
	expect(hasPdfSignature(new TextEncoder().encode('PK\u0003\u0004 a zip'))).toBe(false)
	expect(hasPdfSignature(new Uint8Array())).toBe(false)
})

test('openPdf counts pages, reads the title and each page on its own', async () => {
	const pdf = await openPdf(await createPdf({ pages: 2, text: 'Hello', title: 'Greeting' }))
	try {
		expect(pdf.pageCount).toBe(2)
		expect(pdf.title).toBe('Greeting')
		expect(await pdf.readPage(2)).toBe('Hello page 2')
		expect(await pdf.readPage(1)).toBe('Hello page 1')
	} finally {
		await pdf.close()
	}
	const untitled = await openPdf(await createPdf({ pages: 0 }))
	expect([untitled.pageCount, untitled.title]).toEqual([0, null])
	await untitled.close()
})

test('openPdf refuses what is not a PDF', async () => {
	await expect(openPdf(createBrokenPdf())).rejects.toBeInstanceOf(InvalidPdfError)
	await expect(openPdf(new TextEncoder().encode('hello'))).rejects.toThrow('The file is not a readable PDF')
})
