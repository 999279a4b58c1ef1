/** What the fetcher accepts: web pages, text and JSON. Everything else (images, PDFs, archives…) is refused. */
export type ContentKind = 'html' | 'text' | 'json'

export function mimeTypeOf(contentType: string | undefined) {
	return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

/** 'unknown' when the site named no type: the body decides (sniffKind). */
export function kindOfMimeType(mimeType: string): ContentKind | 'unsupported' | 'unknown' {
	if (!mimeType) return 'unknown'
	if (mimeType === 'text/html' || mimeType === 'application/xhtml+xml') return 'html'
	if (mimeType === 'application/json' || mimeType === 'text/json' || mimeType.endsWith('+json')) return 'json'
	if (mimeType.startsWith('text/')) return 'text'
	if (mimeType === 'application/xml' || mimeType.endsWith('+xml')) return 'text'
	return 'unsupported'
}

/** For a response without a Content-Type: markup is HTML, a NUL byte means binary, the rest is text. */
export function sniffKind(bytes: Buffer): ContentKind | 'unsupported' {
	const head = bytes.subarray(0, 1024)
	if (head.includes(0)) return 'unsupported'
	const start = head.toString('latin1').trimStart().slice(0, 100).toLowerCase()
	if (start.startsWith('<!doctype html') || start.startsWith('<html') || start.startsWith('<head'))
		return 'html'
	if (start.startsWith('{') || start.startsWith('[')) return 'json'
	return 'text'
}

/** Decodes by the BOM, the Content-Type charset, an HTML <meta charset>, else UTF-8. */
export function decodeBody(bytes: Buffer, contentType: string | undefined, kind: ContentKind) {
	const charset =
		bomCharset(bytes) ?? headerCharset(contentType) ?? (kind === 'html' ? metaCharset(bytes) : undefined)
	return decoderFor(charset).decode(bytes)
}

function bomCharset(bytes: Buffer) {
	if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
	if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
	if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
	return undefined
}

function headerCharset(contentType: string | undefined) {
	return /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1]
}

function metaCharset(bytes: Buffer) {
	const head = bytes.subarray(0, 4096).toString('latin1')
	return (
		/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
		/<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(head)?.[1]
	)
}

function decoderFor(charset: string | undefined) {
	try {
		return new TextDecoder(charset ?? 'utf-8')
	} catch {
		// An unknown label: UTF-8 with replacement characters beats refusing the page.
		return new TextDecoder('utf-8')
	}
}
