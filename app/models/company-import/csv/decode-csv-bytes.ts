import chardet from 'chardet'
import iconv from 'iconv-lite'
import { COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { CompanyCsvError } from './company-csv-error.ts'

// Spreadsheets save CSV as UTF-8 (with or without a BOM), UTF-16 (Excel's "Unicode text") or the
// Windows code page (Excel on Windows: 1252 in the West). Order: BOM, UTF-16 by its zero bytes,
// strict UTF-8, mostly-UTF-8 with a few broken bytes, chardet's best guess when it is a
// multi-byte, Cyrillic, Central European, Greek, Hebrew or Arabic code page, else Windows-1252 (every byte decodes, and it is what Western Excel writes).

/** Signatures of files that are not text: zip (xlsx), xls, PDF, images, gzip. */
const BINARY_SIGNATURES = [
	[0x50, 0x4b, 0x03, 0x04],
	[0xd0, 0xcf, 0x11, 0xe0],
	[0x25, 0x50, 0x44, 0x46],
	[0x89, 0x50, 0x4e, 0x47],
	[0x47, 0x49, 0x46, 0x38],
	[0xff, 0xd8, 0xff],
	[0x1f, 0x8b],
]

/** Encodings worth trusting from chardet's guess (single-byte Western guesses are 1252's job). */
const TRUSTED_GUESSES = new Set([
	'Shift_JIS',
	'EUC-JP',
	'GB18030',
	'Big5',
	'EUC-KR',
	'windows-1251',
	'KOI8-R',
	'ISO-8859-5',
	'windows-1250',
	'ISO-8859-2',
	'windows-1253',
	'ISO-8859-7',
	'windows-1255',
	'ISO-8859-8',
	'windows-1256',
	'ISO-8859-6',
])

export type DecodedCsv = { text: string; encoding: string }

function startsWith(bytes: Uint8Array, signature: number[]) {
	return signature.every((byte, index) => bytes[index] === byte)
}

function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
	const length = Math.min(bytes.length, 4_000) & ~1
	if (length < 4) return null
	let evenZeros = 0
	let oddZeros = 0
	for (let index = 0; index < length; index += 2) {
		if (bytes[index] === 0) evenZeros++
		if (bytes[index + 1] === 0) oddZeros++
	}
	const pairs = length / 2
	if (oddZeros > pairs * 0.5 && evenZeros < pairs * 0.05) return 'utf-16le'
	if (evenZeros > pairs * 0.5 && oddZeros < pairs * 0.05) return 'utf-16be'
	return null
}

function decodeNonUtf8(bytes: Uint8Array): DecodedCsv {
	// Mostly UTF-8 with a few broken bytes (a file cut mid-character, one bad paste): stay UTF-8.
	const lossy = new TextDecoder('utf-8').decode(bytes)
	const broken = lossy.match(/\uFFFD/g)?.length ?? 0
	const multibyte = lossy.match(/[\u0080-\uFFFC\uFFFE\uFFFF]/g)?.length ?? 0
	if (multibyte >= 2 && multibyte >= broken * 3)
		return { text: lossy.replace(/\uFFFD/g, ''), encoding: 'utf-8' }
	const sample = bytes.subarray(0, 64_000)
	// chardet's best guess only: a runner-up non-Latin code page on Western text would garble it.
	const [best] = chardet.analyse(sample)
	const guess = best && best.confidence >= 40 && TRUSTED_GUESSES.has(best.name) ? best : null
	const encoding = guess && iconv.encodingExists(guess.name) ? guess.name.toLowerCase() : 'windows-1252'
	return { text: iconv.decode(Buffer.from(bytes), encoding), encoding }
}

/** The file's text and the encoding it was read as; an empty or binary file is a CompanyCsvError. */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
	if (bytes.length === 0) throw new CompanyCsvError(COMPANY_IMPORT_MESSAGES.noHeaders)
	if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature))) {
		throw new CompanyCsvError(COMPANY_IMPORT_MESSAGES.couldNotRead)
	}
	let decoded: DecodedCsv
	if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
		decoded = { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' }
	} else if (startsWith(bytes, [0xff, 0xfe])) {
		decoded = { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16le'), encoding: 'utf-16le' }
	} else if (startsWith(bytes, [0xfe, 0xff])) {
		decoded = { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16be'), encoding: 'utf-16be' }
	} else {
		const utf16 = utf16WithoutBom(bytes)
		if (utf16) decoded = { text: iconv.decode(Buffer.from(bytes), utf16), encoding: utf16 }
		else {
			try {
				decoded = { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
			} catch {
				decoded = decodeNonUtf8(bytes)
			}
		}
	}
	const text = decoded.text.replace(/^\uFEFF/, '')
	if (looksBinary(text)) throw new CompanyCsvError(COMPANY_IMPORT_MESSAGES.couldNotRead)
	if (!text.trim()) throw new CompanyCsvError(COMPANY_IMPORT_MESSAGES.noHeaders)
	return { text, encoding: decoded.encoding }
}

/** Text files hold no NUL and almost no other control characters. */
function looksBinary(text: string) {
	const sample = text.slice(0, 8_000)
	if (sample.includes('\u0000')) return true
	// eslint-disable-next-line no-control-regex -- counting control characters is the point
	const controls = sample.match(/[\u0001-\u0008\u000E-\u001F\uFFFD]/g)?.length ?? 0
	return controls > sample.length * 0.02
}
