/**
 * A small RFC 822 / MIME reader for the fakes and test fixtures: headers (unfolded, encoded
 * words decoded), multipart trees, base64 and quoted-printable bodies.
 */

export type Header = { name: string; value: string }

export type ParsedPart = {
	headers: Header[]
	mimeType: string
	params: Record<string, string>
	body: Buffer
	parts: ParsedPart[]
}

export function parseRfc822(raw: string): ParsedPart {
	const separator = /\r?\n\r?\n/.exec(raw)
	const head = separator ? raw.slice(0, separator.index) : raw
	const body = separator ? raw.slice(separator.index + separator[0].length) : ''
	const headers: Header[] = []
	for (const line of head.split(/\r?\n/)) {
		if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1]!.value += ' ' + line.trim()
		else if (line.includes(':')) {
			const index = line.indexOf(':')
			headers.push({ name: line.slice(0, index).trim(), value: line.slice(index + 1).trim() })
		}
	}
	for (const header of headers) header.value = decodeWords(header.value)
	const { type, params } = parseContentType(headerValue(headers, 'content-type') ?? 'text/plain')
	if (type.startsWith('multipart/') && params.boundary) {
		const delimiter = `--${params.boundary}`
		const sections = body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}(?:--)?[ \\t]*\\r?\\n?`))
		const parts = sections.slice(1).filter((section) => section.trim() !== '')
		return { headers, mimeType: type, params, body: Buffer.alloc(0), parts: parts.map(parseRfc822) }
	}
	const encoding = (headerValue(headers, 'content-transfer-encoding') ?? '7bit').toLowerCase()
	return { headers, mimeType: type, params, body: decodeTransfer(body, encoding), parts: [] }
}

export function findBody(part: ParsedPart, mimeType: string): string {
	if (part.mimeType === mimeType && !part.parts.length) return part.body.toString('utf8')
	for (const child of part.parts) {
		const found = findBody(child, mimeType)
		if (found) return found
	}
	return ''
}

function parseContentType(value: string) {
	const [type, ...rest] = value.split(';')
	const params: Record<string, string> = {}
	for (const param of rest) {
		const index = param.indexOf('=')
		if (index < 0) continue
		params[param.slice(0, index).trim().toLowerCase()] = param
			.slice(index + 1)
			.trim()
			.replace(/^"|"$/g, '')
	}
	return { type: (type ?? 'text/plain').trim().toLowerCase(), params }
}

function decodeTransfer(body: string, encoding: string) {
	if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64')
	if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\r?\n/g, ''))
	return Buffer.from(body, 'utf8')
}

function decodeQuotedPrintable(text: string) {
	const bytes: number[] = []
	for (let i = 0; i < text.length; i++) {
		const hex = text.slice(i + 1, i + 3)
		if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
			bytes.push(parseInt(hex, 16))
			i += 2
		} else bytes.push(...Buffer.from(text[i]!, 'utf8'))
	}
	return Buffer.from(bytes)
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as Gmail shows header values decoded. */
function decodeWords(value: string) {
	return value
		.replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
		.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
			const bytes =
				kind.toUpperCase() === 'B'
					? Buffer.from(text, 'base64')
					: decodeQuotedPrintable(text.replace(/_/g, ' '))
			try {
				return new TextDecoder(charset.toLowerCase()).decode(bytes)
			} catch {
				return bytes.toString('utf8')
			}
		})
}

export function headerValue(headers: Header[], name: string) {
	return headers.find((header) => header.name.toLowerCase() === name)?.value ?? null
}

function escapeRegExp(text: string) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
