import { COMPANY_IMPORT_MAX_TEXT_LENGTH, COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { CompanyCsvError } from '../csv/company-csv-error.ts'
import { decodeCsvBytes } from '../csv/decode-csv-bytes.ts'
import { cutText } from './cut-text.ts'

// The text tab's file: a .txt or .csv, decoded (UTF-8, UTF-16 with BOM, Windows-1252 and what
// chardet recognises), capped. Refusals are a CompanyTextError carrying the spec's words.

export class CompanyTextError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'CompanyTextError'
	}
}

export const TEXT_UPLOAD_MESSAGES = {
	truncated: `The text is long: only its first ${COMPANY_IMPORT_MAX_TEXT_LENGTH.toLocaleString('en-US')} characters were kept`,
} as const

const TEXT_TYPES = new Set([
	'text/plain',
	'text/csv',
	'application/csv',
	'text/comma-separated-values',
	'application/vnd.ms-excel',
	'text/tab-separated-values',
])

/** Enough bytes for the longest text we keep, in any encoding (UTF-8 needs up to 4 per character). */
const MAX_BYTES_READ = COMPANY_IMPORT_MAX_TEXT_LENGTH * 4

export function isTextUpload(file: { name: string; type: string }) {
	const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase()
	if (extension) return extension === 'txt' || extension === 'csv'
	return TEXT_TYPES.has(file.type.split(';')[0]!.trim().toLowerCase())
}

export async function readTextUpload(
	file: File,
): Promise<{ text: string; encoding: string; warnings: string[] }> {
	if (!isTextUpload(file)) throw new CompanyTextError(COMPANY_IMPORT_MESSAGES.textFileType)
	let bytes: Buffer
	try {
		bytes = Buffer.from(await file.slice(0, MAX_BYTES_READ).arrayBuffer())
	} catch {
		throw new CompanyTextError(COMPANY_IMPORT_MESSAGES.couldNotRead)
	}
	// A multi-byte character cut at the read limit is not an encoding error.
	const { text: decoded, encoding } = decodeText(file.size > MAX_BYTES_READ ? trimPartialUtf8(bytes) : bytes)
	// A .txt that is really an image or a zip: NUL bytes do not occur in text.
	if (decoded.includes('\u0000')) throw new CompanyTextError(COMPANY_IMPORT_MESSAGES.couldNotRead)
	const warnings: string[] = []
	let text = decoded
	if (text.length > COMPANY_IMPORT_MAX_TEXT_LENGTH || file.size > MAX_BYTES_READ) {
		text = cutText(text, COMPANY_IMPORT_MAX_TEXT_LENGTH)
		warnings.push(TEXT_UPLOAD_MESSAGES.truncated)
	}
	if (!text.trim()) throw new CompanyTextError(COMPANY_IMPORT_MESSAGES.noText)
	return { text, encoding, warnings }
}

/** One decoder for every uploaded text (the CSV reader's: BOM, UTF-16, UTF-8, the code pages). */
export function decodeText(bytes: Buffer): { text: string; encoding: string } {
	if (bytes.length === 0) return { text: '', encoding: 'utf-8' }
	try {
		return decodeCsvBytes(bytes)
	} catch (error) {
		// A blank file is "No text content provided" (the caller's check); anything else is unreadable.
		if (error instanceof CompanyCsvError && error.message === COMPANY_IMPORT_MESSAGES.noHeaders)
			return { text: '', encoding: 'utf-8' }
		if (error instanceof CompanyCsvError) throw new CompanyTextError(COMPANY_IMPORT_MESSAGES.couldNotRead)
		throw error
	}
}

function trimPartialUtf8(bytes: Buffer) {
	let end = bytes.length
	// Up to 3 continuation bytes and their lead byte at the very end.
	for (let back = 1; back <= 4 && end - back >= 0; back++) {
		const byte = bytes[end - back]!
		if ((byte & 0xc0) === 0x80) continue
		const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
		if (needed > back) end -= back
		break
	}
	return bytes.subarray(0, end)
}
