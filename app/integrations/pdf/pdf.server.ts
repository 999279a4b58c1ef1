/** `%PDF-` at the start (a few producers put junk before it; the format allows up to 1 KB). */
export function hasPdfSignature(bytes: Uint8Array) {
	const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
	return head.includes('%PDF-')
}

export class InvalidPdfError extends Error {
	constructor(message = 'The file is not a readable PDF') {
		super(message)
		this.name = 'InvalidPdfError'
	}
}

export type OpenedPdf = {
	pageCount: number
	/** The document's own title (Info dictionary), if any. */
	title: string | null
	/** Plain text of one page, 1-based. */
	readPage: (pageNumber: number) => Promise<string>
	close: () => Promise<void>
}

/** Opens a PDF with pdf-parse (PDF.js) for page-by-page text extraction. */
export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
	// Loaded on first use: PDF.js costs ~30 MB of RSS, and only the worker parses.
	const { PDFParse } = await import('pdf-parse')
	// PDF.js takes ownership of the buffer it is given: pass a copy.
	const parser = new PDFParse({ data: new Uint8Array(bytes), verbosity: 0 })
	let info
	try {
		info = await parser.getInfo()
	} catch (error) {
		await parser.destroy().catch(() => {})
		const reason = error instanceof Error ? error.message : String(error)
		if (/password/i.test(reason)) throw new InvalidPdfError('The PDF is password-protected')
		throw new InvalidPdfError()
	}
	const rawTitle: unknown = info.info?.Title
	const title = typeof rawTitle === 'string' && rawTitle.trim() ? rawTitle.trim() : null
	return {
		pageCount: info.total,
		title,
		async readPage(pageNumber) {
			const result = await parser.getText({ partial: [pageNumber], pageJoiner: '' })
			return (result.pages[0]?.text ?? '').trim()
		},
		close: () => parser.destroy(),
	}
}
