import { PDFDocument, StandardFonts } from 'pdf-lib'

/** A PDF with `pages` pages; page n reads "<text> page n". Zero pages gives a PDF whose page tree is empty. */
export async function createPdf({
	pages,
	text = 'Reachout test',
	title,
}: {
	pages: number
	text?: string
	title?: string
}) {
	const document = await PDFDocument.create()
	const font = await document.embedFont(StandardFonts.Helvetica)
	for (let page = 1; page <= pages; page++) {
		document.addPage([400, 300]).drawText(`${text} page ${page}`, { x: 40, y: 250, size: 14, font })
	}
	if (title) document.setTitle(title)
	// pdf-lib adds a blank page to an empty document unless told not to.
	return document.save({ addDefaultPage: false })
}

/** Starts like a PDF but is not one. */
export function createBrokenPdf() {
	return new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf\n%%EOF\n')
}
