import { expect, test } from 'vitest'
import { checkPdfFile, hasPdfContentType, isDocumentParseResult } from './document-upload.ts'

test('checkPdfFile gives the server answers before uploading', () => {
	expect(checkPdfFile({ name: 'a.pdf', type: 'application/pdf', size: 1000 })).toBeNull()
	expect(checkPdfFile({ name: 'a.PDF', type: '', size: 1000 })).toBeNull()
	expect(checkPdfFile({ name: 'a.txt', type: 'text/plain', size: 10 })).toBe('Only PDF files are supported')
	expect(checkPdfFile({ name: 'a.docx', type: '', size: 10 })).toBe('Only PDF files are supported')
	expect(checkPdfFile({ name: 'a.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe(
		'PDF must be 10 MB or smaller',
	)
	expect(checkPdfFile({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe(
		'The file is not a readable PDF',
	)
})

test('hasPdfContentType accepts generic types only with a .pdf name', () => {
	expect(hasPdfContentType({ name: 'x.pdf', type: 'application/octet-stream' })).toBe(true)
	expect(hasPdfContentType({ name: 'x.bin', type: 'application/octet-stream' })).toBe(false)
	expect(hasPdfContentType({ name: 'x', type: 'application/x-pdf' })).toBe(true)
	expect(hasPdfContentType({ name: 'x.pdf', type: 'image/png' })).toBe(false)
})

test('isDocumentParseResult', () => {
	expect(isDocumentParseResult({ name: 'a', content: 'b', pages: 1 })).toBe(true)
	expect(isDocumentParseResult({ name: 'a', content: 'b' })).toBe(false)
	expect(isDocumentParseResult(null)).toBe(false)
})
