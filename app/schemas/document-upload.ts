// PDF uploads for organization documents (spec: Document upload). Shared by the
// upload endpoint, the parse job and the Add Document dialog.

export const DOCUMENT_PARSE_TYPE = 'document.parse'
export const PDF_MAX_BYTES = 10 * 1024 * 1024
export const PDF_MAX_PAGES = 15

export const PDF_ONLY_MESSAGE = 'Only PDF files are supported'
export const PDF_MISSING_MESSAGE = 'Please choose a PDF file'
export const PDF_TOO_LARGE_MESSAGE = 'PDF must be 10 MB or smaller'
export const PDF_NO_PAGES_MESSAGE = 'PDF has no pages'
export const PDF_TOO_MANY_PAGES_MESSAGE = `PDF has more than ${PDF_MAX_PAGES} pages`
export const PDF_UNREADABLE_MESSAGE = 'The file is not a readable PDF'
export const PDF_PARSE_FAILED_MESSAGE = 'Could not read the PDF, please try again'
export const UPLOAD_GONE_MESSAGE = 'The uploaded file is no longer available, please upload it again'

/** What a finished parse job leaves in `result`. */
export type DocumentParseResult = { name: string; content: string; pages: number }

export function isDocumentParseResult(value: unknown): value is DocumentParseResult {
	if (!value || typeof value !== 'object') return false
	const candidate = value as Record<string, unknown>
	return (
		typeof candidate.name === 'string' &&
		typeof candidate.content === 'string' &&
		typeof candidate.pages === 'number'
	)
}

const PDF_TYPES = ['application/pdf', 'application/x-pdf']
// Some systems label any file this way; the name and then the bytes decide.
const GENERIC_TYPES = ['', 'application/octet-stream', 'binary/octet-stream']

export function hasPdfContentType(file: { name: string; type: string }) {
	const type = file.type.split(';')[0]!.trim().toLowerCase()
	return (
		PDF_TYPES.includes(type) || (GENERIC_TYPES.includes(type) && file.name.toLowerCase().endsWith('.pdf'))
	)
}

/** Client-side pre-check with the same answers as the server (which also checks the bytes). */
export function checkPdfFile(file: { name: string; type: string; size: number }): string | null {
	if (!hasPdfContentType(file)) return PDF_ONLY_MESSAGE
	if (file.size > PDF_MAX_BYTES) return PDF_TOO_LARGE_MESSAGE
	if (file.size === 0) return PDF_UNREADABLE_MESSAGE
	return null
}
