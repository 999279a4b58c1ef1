import { setTimeout as sleep } from 'node:timers/promises'
import { hasPdfSignature, InvalidPdfError, openPdf } from '#app/integrations/pdf/pdf.server.ts'
import { PARSE_DOCUMENT_TASK } from '#app/jobs/parse-document.ts'
import {
	CANCELLED_REASON,
	completeQueueable,
	createQueueable,
	failQueueable,
	loadQueueableForJob,
	reportProgress,
	startQueueable,
} from '#app/models/queueable/queueable.server.ts'
import {
	DOCUMENT_PARSE_TYPE,
	type DocumentParseResult,
	hasPdfContentType,
	PDF_MAX_BYTES,
	PDF_MAX_PAGES,
	PDF_MISSING_MESSAGE,
	PDF_NO_PAGES_MESSAGE,
	PDF_ONLY_MESSAGE,
	PDF_PARSE_FAILED_MESSAGE,
	PDF_TOO_LARGE_MESSAGE,
	PDF_TOO_MANY_PAGES_MESSAGE,
	UPLOAD_GONE_MESSAGE,
} from '#app/schemas/document-upload.ts'
import { DOCUMENT_NAME_MAX_LENGTH } from '#app/schemas/organization.ts'
import { isTerminalStatus } from '#app/schemas/queueable.ts'
import { prisma } from '#app/utils/db.server.ts'

/** A problem with the upload itself, shown to the user as is (400). */
export class DocumentUploadError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'DocumentUploadError'
	}
}

export type UploadedPdf = { name: string; type: string; bytes: Uint8Array }

/** Rejects anything that is not a PDF up to 10 MB: content type, then the file's own signature. */
export function validatePdfUpload(file: UploadedPdf | null): asserts file is UploadedPdf {
	if (!file || file.bytes.byteLength === 0) throw new DocumentUploadError(PDF_MISSING_MESSAGE)
	if (!hasPdfContentType(file) || !hasPdfSignature(file.bytes))
		throw new DocumentUploadError(PDF_ONLY_MESSAGE)
	if (file.bytes.byteLength > PDF_MAX_BYTES) throw new DocumentUploadError(PDF_TOO_LARGE_MESSAGE)
}

/** Stores the PDF and queues its parse job; the job deletes the stored bytes when it ends. */
export async function startDocumentParse({
	organizationId,
	userId,
	file,
}: {
	organizationId: string
	userId: string
	file: UploadedPdf | null
}) {
	validatePdfUpload(file)
	const name = file.name.slice(0, 255) || 'document.pdf'
	const uploaded = await prisma.uploadedFile.create({
		data: {
			organizationId,
			userId,
			name,
			contentType: 'application/pdf',
			size: file.bytes.byteLength,
			data: Buffer.from(file.bytes),
		},
		select: { id: true },
	})
	try {
		const queueable = await createQueueable({
			organizationId,
			userId,
			type: DOCUMENT_PARSE_TYPE,
			task: PARSE_DOCUMENT_TASK,
			payload: { uploadedFileId: uploaded.id, fileName: name },
			metadata: { source: name },
		})
		return { queueableId: queueable.id }
	} catch (error) {
		await deleteUpload(organizationId, uploaded.id)
		throw error
	}
}

async function deleteUpload(organizationId: string, uploadedFileId: string) {
	await prisma.uploadedFile.deleteMany({ where: { id: uploadedFileId, organizationId } })
}

/** "Q3 plan.pdf" → "Q3 plan" when the PDF has no title of its own. */
function documentName(title: string | null, fileName: string) {
	const fromFile = fileName.replace(/\.pdf$/i, '').trim()
	return (title ?? (fromFile || 'Document')).slice(0, DOCUMENT_NAME_MAX_LENGTH)
}

function readPayload(payload: unknown) {
	const value = (payload ?? {}) as { uploadedFileId?: unknown; fileName?: unknown }
	return {
		uploadedFileId: typeof value.uploadedFileId === 'string' ? value.uploadedFileId : null,
		fileName: typeof value.fileName === 'string' ? value.fileName : 'document.pdf',
	}
}

export type RunDocumentParseOptions = {
	/** Pause after each page (env DOCUMENT_PARSE_PAGE_DELAY_MS), to watch progress in tests. */
	pageDelayMs?: number
	/** The Graphile job's last attempt: an unexpected error then fails the queueable instead of retrying. */
	isFinalAttempt?: boolean
}

/**
 * The `parse_document` job: extracts the text page by page, reporting progress
 * after each, and stops between pages when the user cancelled (FAILED with
 * cancelledAt, the pages read so far kept in `result`). User-level problems
 * (not a PDF, no pages, too many pages) fail the job without retries.
 */
export async function runDocumentParse(
	queueableId: string,
	{ pageDelayMs = 0, isFinalAttempt = true }: RunDocumentParseOptions = {},
) {
	const queueable = await loadQueueableForJob(queueableId)
	if (!queueable) return
	const { organizationId } = queueable
	const { uploadedFileId, fileName } = readPayload(queueable.payload)
	const cleanup = () => (uploadedFileId ? deleteUpload(organizationId, uploadedFileId) : Promise.resolve())

	if (isTerminalStatus(queueable.status)) return cleanup()
	if (queueable.cancelledAt) {
		await failQueueable(organizationId, queueableId, CANCELLED_REASON)
		return cleanup()
	}
	const upload = uploadedFileId
		? await prisma.uploadedFile.findFirst({
				where: { id: uploadedFileId, organizationId },
				select: { data: true },
			})
		: null
	if (!upload) {
		await failQueueable(organizationId, queueableId, UPLOAD_GONE_MESSAGE)
		return
	}
	if (!(await startQueueable(organizationId, queueableId, { source: fileName }))) return cleanup()

	let pdf
	try {
		pdf = await openPdf(upload.data)
	} catch (error) {
		if (!(error instanceof InvalidPdfError)) throw error
		await failQueueable(organizationId, queueableId, error.message)
		return cleanup()
	}
	try {
		// The page count decides before any text is read.
		if (pdf.pageCount === 0) return await endWith(PDF_NO_PAGES_MESSAGE)
		if (pdf.pageCount > PDF_MAX_PAGES) return await endWith(PDF_TOO_MANY_PAGES_MESSAGE)
		const name = documentName(pdf.title, fileName)
		const total = pdf.pageCount
		const pages: string[] = []
		const resultSoFar = (): DocumentParseResult => ({
			name,
			content: pages.filter(Boolean).join('\n\n'),
			pages: pages.length,
		})
		for (let page = 1; page <= total; page++) {
			const { cancelled, ended } = await reportProgress(organizationId, queueableId, {
				completed: page - 1,
				total,
				currentItem: `Page ${page}`,
			})
			if (ended) return await cleanup()
			if (cancelled) {
				await failQueueable(organizationId, queueableId, CANCELLED_REASON, { result: resultSoFar() })
				return await cleanup()
			}
			pages.push(await pdf.readPage(page))
			if (pageDelayMs > 0) await sleep(pageDelayMs)
		}
		const { cancelled } = await reportProgress(organizationId, queueableId, {
			completed: total,
			total,
			currentItem: null,
		})
		if (cancelled) {
			await failQueueable(organizationId, queueableId, CANCELLED_REASON, { result: resultSoFar() })
		} else {
			await completeQueueable(organizationId, queueableId, { result: resultSoFar(), isActionable: true })
		}
		await cleanup()
	} catch (error) {
		if (isFinalAttempt) {
			console.error(`parse_document ${queueableId} failed`, error)
			await endWith(PDF_PARSE_FAILED_MESSAGE)
		}
		throw error
	} finally {
		await pdf.close().catch(() => {})
	}

	async function endWith(reason: string) {
		await failQueueable(organizationId, queueableId, reason)
		await cleanup()
	}
}
