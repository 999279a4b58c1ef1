import { type CompanyImportState, type Prisma } from '#app/generated/prisma/client.ts'
import { IMPORT_COMPANIES_TASK } from '#app/jobs/import-companies.ts'
import {
	cancelQueueable,
	createQueueableIn,
	QUEUEABLE_SELECT,
	toQueueableJson,
	type QueueableView,
} from '#app/models/queueable/queueable.server.ts'
import {
	COMPANY_IMPORT_MAX_FILE_BYTES,
	COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH,
	COMPANY_IMPORT_MAX_TEXT_LENGTH,
	COMPANY_CSV_UPLOAD_MESSAGES,
	COMPANY_IMPORT_MESSAGES,
	CSV_FILE_TOO_LARGE_MESSAGE,
	cancelledMessage,
	isCsvUpload,
	type ColumnMapping,
} from '#app/schemas/company-import.ts'
import { type QueueableJson } from '#app/schemas/queueable.ts'
import { prisma } from '#app/utils/db.server.ts'
import { ACTIVE_IMPORT_STATES, statesBefore } from './company-import-states.ts'
import { CompanyCsvError, previewCompanyCsv, resolveColumnMapping } from './csv/read-company-csv.ts'

// Company imports (issue 13, decision 025): starting one from a CSV file or text, the mapping
// step, cancel and reject, and reading an import for its page or the API. The processing job is
// process-company-import.server.ts, the review's edits import-rows.server.ts, approval
// save-imported-companies.server.ts.

export const COMPANY_IMPORT_TYPE = 'company_import'

/** Input the user can fix, in the spec's words: a 400 from the API, a message on the page. */
export class CompanyImportInputError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'CompanyImportInputError'
	}
}

/** The import is not in a state that allows this step (a second tab acted first): a 409. */
export class CompanyImportStateError extends Error {
	constructor(message = 'This import has moved on: reload the page to see where it stands') {
		super(message)
		this.name = 'CompanyImportStateError'
	}
}

const importSelect = {
	id: true,
	source: true,
	state: true,
	fileName: true,
	instructions: true,
	skipEnrichment: true,
	manualMapping: true,
	headers: true,
	sampleRows: true,
	columnMapping: true,
	warnings: true,
	totalRows: true,
	ignoredRows: true,
	failureReason: true,
	filterInstructions: true,
	successCount: true,
	errorCount: true,
	duplicateCount: true,
	createdAt: true,
	updatedAt: true,
	completedAt: true,
	// The rows are the result: the job's JSON copy of them is left out.
	queueable: { select: { ...QUEUEABLE_SELECT, result: false } },
	_count: { select: { rows: true } },
} satisfies Prisma.CompanyImportSelect

type ImportRecord = Prisma.CompanyImportGetPayload<{ select: typeof importSelect }>

export type CompanyImportView = Omit<
	ImportRecord,
	'queueable' | '_count' | 'sampleRows' | 'columnMapping'
> & {
	sampleRows: string[][]
	columnMapping: ColumnMapping | null
	/** The processing job as the spec polls it (result left out: the rows are the result). */
	queueable: QueueableJson | null
	rowCount: number
}

function toView(record: ImportRecord): CompanyImportView {
	const { queueable, _count, sampleRows, columnMapping, ...rest } = record
	return {
		...rest,
		sampleRows: Array.isArray(sampleRows) ? (sampleRows as string[][]) : [],
		columnMapping: (columnMapping as ColumnMapping | null) ?? null,
		queueable: queueable ? toQueueableJson({ ...queueable, result: null } as QueueableView) : null,
		rowCount: _count.rows,
	}
}

/** A save runs in one transaction of at most 30 s: SAVING for longer means its process died. */
const STALE_SAVE_MS = 2 * 60_000

export async function getCompanyImport(
	organizationId: string,
	id: string,
): Promise<CompanyImportView | null> {
	const record = await prisma.companyImport.findFirst({ where: { id, organizationId }, select: importSelect })
	if (record?.state === 'SAVING' && record.updatedAt.getTime() < Date.now() - STALE_SAVE_MS) {
		return (await releaseStaleSave(organizationId, id)) ?? toView(record)
	}
	return record ? toView(record) : null
}

/**
 * A save whose process died left the import SAVING with nothing saved (the save is one
 * transaction): back to the review with "Failed to save companies", so it can be approved again.
 */
async function releaseStaleSave(organizationId: string, id: string) {
	const { count } = await prisma.companyImport.updateMany({
		where: { id, organizationId, state: 'SAVING', updatedAt: { lt: new Date(Date.now() - STALE_SAVE_MS) } },
		data: { state: 'PREVIEWING', failureReason: COMPANY_IMPORT_MESSAGES.saveFailed },
	})
	if (count === 0) return null
	const record = await prisma.companyImport.findFirst({ where: { id, organizationId }, select: importSelect })
	return record ? toView(record) : null
}

/** The import whose processing job is `queueableId`, for the API's polling clients. */
export async function getCompanyImportByQueueable(organizationId: string, queueableId: string) {
	const record = await prisma.companyImport.findFirst({
		where: { queueableId, organizationId },
		select: importSelect,
	})
	return record ? toView(record) : null
}

export const IMPORT_HISTORY_PAGE_SIZE = 20

/** Imports still moving or waiting for the user, newest first. */
export async function listActiveCompanyImports(organizationId: string) {
	const records = await prisma.companyImport.findMany({
		where: { organizationId, state: { in: [...ACTIVE_IMPORT_STATES] } },
		select: importSelect,
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take: 50,
	})
	return records.map(toView)
}

/** Imports that ended (completed, failed, rejected), newest first. */
export async function listPastCompanyImports(
	organizationId: string,
	{ take = IMPORT_HISTORY_PAGE_SIZE } = {},
) {
	const records = await prisma.companyImport.findMany({
		where: { organizationId, state: { in: ['COMPLETED', 'FAILED', 'REJECTED'] } },
		select: importSelect,
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take,
	})
	return records.map(toView)
}

/**
 * Moves the import to `to` when it is in a state that may move there (and `where` holds);
 * false when another request moved it first. Every state change goes through here.
 */
export async function moveCompanyImport(
	client: Prisma.TransactionClient | typeof prisma,
	organizationId: string,
	id: string,
	to: CompanyImportState,
	data: Prisma.CompanyImportUpdateManyMutationInput = {},
	{ from = statesBefore(to) }: { from?: CompanyImportState[] } = {},
) {
	const { count } = await client.companyImport.updateMany({
		where: { id, organizationId, state: { in: from } },
		data: { ...data, state: to, ...(to === 'COMPLETED' ? { completedAt: new Date() } : {}) },
	})
	return count > 0
}

// ---- Starting -----------------------------------------------------------------------------

export type UploadedCsv = { name: string; type?: string; bytes: Uint8Array }

/** The spec's single CSV file of at most 1 MB; anything else is refused in its words. */
function checkCsvUpload(file: UploadedCsv | null): asserts file is UploadedCsv {
	if (!file || file.bytes.byteLength === 0)
		throw new CompanyImportInputError(COMPANY_CSV_UPLOAD_MESSAGES.noFile)
	if (!isCsvUpload({ name: file.name, type: file.type ?? '' }))
		throw new CompanyImportInputError(COMPANY_CSV_UPLOAD_MESSAGES.fileType)
	if (file.bytes.byteLength > COMPANY_IMPORT_MAX_FILE_BYTES)
		throw new CompanyImportInputError(CSV_FILE_TOO_LARGE_MESSAGE)
}

async function createProcessingJob(
	tx: Prisma.TransactionClient,
	{
		organizationId,
		userId,
		importId,
		source,
	}: { organizationId: string; userId: string | null; importId: string; source: string },
) {
	return createQueueableIn(tx, {
		organizationId,
		userId,
		type: COMPANY_IMPORT_TYPE,
		task: IMPORT_COMPANIES_TASK,
		payload: { companyImportId: importId },
		metadata: { source, completed: 0, total: 0, totalCompanies: 0 },
		maxAttempts: 3,
	})
}

/**
 * A CSV import: the file is read for its headers at once (the spec's MAPPING step). When the user
 * asked to map columns, or the guessed mapping is unsure, the import waits in MAPPING; otherwise
 * (and always for API clients, who may send their own mapping) it goes straight to PARSING.
 */
export async function startCompanyCsvImport({
	organizationId,
	userId,
	file,
	skipEnrichment,
	manualMapping = false,
	columnMapping,
	waitForUnsureMapping = true,
}: {
	organizationId: string
	userId: string | null
	file: UploadedCsv | null
	skipEnrichment: boolean
	manualMapping?: boolean
	columnMapping?: ColumnMapping
	/** The page shows the mapping step for an unsure guess; the API takes the guess. */
	waitForUnsureMapping?: boolean
}) {
	checkCsvUpload(file)
	let preview
	try {
		preview = previewCompanyCsv(file.bytes)
	} catch (error) {
		if (error instanceof CompanyCsvError) throw new CompanyImportInputError(error.message)
		throw error
	}
	let mapping = preview.mapping
	if (columnMapping) {
		try {
			mapping = resolveColumnMapping(columnMapping, preview.headers)
		} catch (error) {
			if (error instanceof CompanyCsvError) throw new CompanyImportInputError(error.message)
			throw error
		}
	}
	const needsMapping = !columnMapping && (manualMapping || (waitForUnsureMapping && !preview.mappingSure))
	const name = file.name.slice(0, 255) || 'companies.csv'
	return prisma.$transaction(async (tx) => {
		const uploaded = await tx.uploadedFile.create({
			data: {
				organizationId,
				userId,
				name,
				contentType: 'text/csv',
				size: file.bytes.byteLength,
				data: Buffer.from(file.bytes),
			},
			select: { id: true },
		})
		const created = await tx.companyImport.create({
			data: {
				organizationId,
				userId,
				source: 'CSV',
				state: needsMapping ? 'MAPPING' : 'PARSING',
				fileName: name,
				fileId: uploaded.id,
				skipEnrichment,
				manualMapping,
				headers: preview.headers,
				sampleRows: preview.sampleRows,
				columnMapping: mapping as Prisma.InputJsonObject,
				warnings: preview.warnings,
				totalRows: preview.totalRows,
			},
			select: { id: true },
		})
		let queueableId: string | null = null
		if (!needsMapping) {
			const queueable = await createProcessingJob(tx, {
				organizationId,
				userId,
				importId: created.id,
				source: name,
			})
			await tx.companyImport.update({ where: { id: created.id }, data: { queueableId: queueable.id } })
			queueableId = queueable.id
		}
		return {
			id: created.id,
			queueableId,
			state: needsMapping ? ('MAPPING' as const) : ('PARSING' as const),
			totalCompanies: Math.min(preview.totalRows, 500),
		}
	})
}

/** A text import goes straight to PARSING: the job extracts the companies. */
export async function startCompanyTextImport({
	organizationId,
	userId,
	text,
	instructions,
	skipEnrichment,
	source = 'Text',
}: {
	organizationId: string
	userId: string | null
	text: string
	instructions?: string | null
	skipEnrichment: boolean
	/** What the history calls it: "Text", a file name, a scraped URL. */
	source?: string
}) {
	const content = text.replaceAll('\u0000', '').trim()
	if (!content) throw new CompanyImportInputError(COMPANY_IMPORT_MESSAGES.noText)
	if (content.length > COMPANY_IMPORT_MAX_TEXT_LENGTH)
		throw new CompanyImportInputError(
			`The text is longer than ${COMPANY_IMPORT_MAX_TEXT_LENGTH.toLocaleString('en-US')} characters`,
		)
	const cleanInstructions =
		instructions?.replaceAll('\u0000', '').trim().slice(0, COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH) || null
	return prisma.$transaction(async (tx) => {
		const created = await tx.companyImport.create({
			data: {
				organizationId,
				userId,
				source: 'TEXT',
				state: 'PARSING',
				fileName: source.slice(0, 255),
				text: content,
				instructions: cleanInstructions,
				skipEnrichment,
			},
			select: { id: true },
		})
		const queueable = await createProcessingJob(tx, { organizationId, userId, importId: created.id, source })
		await tx.companyImport.update({ where: { id: created.id }, data: { queueableId: queueable.id } })
		return { id: created.id, queueableId: queueable.id, state: 'PARSING' as const, totalCompanies: 0 }
	})
}

/** The mapping step's Import: MAPPING → PARSING with the user's mapping, and the job starts. */
export async function confirmCompanyImportMapping(
	organizationId: string,
	id: string,
	mapping: ColumnMapping,
) {
	const current = await prisma.companyImport.findFirst({
		where: { id, organizationId },
		select: { state: true, headers: true, fileName: true, userId: true },
	})
	if (!current) return null
	if (current.headers.length === 0)
		throw new CompanyImportInputError(COMPANY_IMPORT_MESSAGES.noHeadersForMapping)
	let resolved: ColumnMapping
	try {
		resolved = resolveColumnMapping(mapping, current.headers)
	} catch (error) {
		if (error instanceof CompanyCsvError) throw new CompanyImportInputError(error.message)
		throw error
	}
	if (resolved.name === undefined || resolved.name === null)
		throw new CompanyImportInputError('Choose the column that holds the company name')
	return prisma.$transaction(async (tx) => {
		const moved = await moveCompanyImport(tx, organizationId, id, 'PARSING', {
			columnMapping: resolved as Prisma.InputJsonObject,
		})
		if (!moved) throw new CompanyImportStateError()
		const queueable = await createProcessingJob(tx, {
			organizationId,
			userId: current.userId,
			importId: id,
			source: current.fileName ?? 'CSV',
		})
		await tx.companyImport.update({ where: { id }, data: { queueableId: queueable.id } })
		return { id, queueableId: queueable.id }
	})
}

/**
 * Cancel Import. In MAPPING it rejects the import. While parsing or processing the job is asked to
 * stop (CANCELLING); it keeps what it processed (PREVIEWING) or ends the import (FAILED).
 */
export async function cancelCompanyImport(organizationId: string, id: string) {
	const current = await prisma.companyImport.findFirst({
		where: { id, organizationId },
		select: { state: true, queueableId: true },
	})
	if (!current) return null
	if (current.state === 'MAPPING') return rejectCompanyImport(organizationId, id)
	if (current.state === 'CANCELLING') return getCompanyImport(organizationId, id)
	if (current.state !== 'PARSING' && current.state !== 'PROCESSING') throw new CompanyImportStateError()
	const moved = await moveCompanyImport(
		prisma,
		organizationId,
		id,
		'CANCELLING',
		{},
		{ from: ['PARSING', 'PROCESSING'] },
	)
	if (!moved) throw new CompanyImportStateError()
	if (current.queueableId) {
		// A job that has not started fails at once: the import ends with it (no rows yet).
		const queueable = await cancelQueueable(organizationId, current.queueableId).catch(() => null)
		if (queueable?.status === 'FAILED' && queueable.cancelledAt && !queueable.completedAt) {
			const started = (queueable.metadata as { completed?: number } | null)?.completed ?? 0
			if (started === 0) await endCancelledImport(organizationId, id)
		}
	}
	return getCompanyImport(organizationId, id)
}

/** CANCELLING → PREVIEWING with the processed rows, or FAILED when none were processed. */
export async function endCancelledImport(organizationId: string, id: string) {
	return prisma.$transaction(async (tx) => {
		await tx.companyImportRow.deleteMany({
			where: { importId: id, processed: false, companyImport: { organizationId } },
		})
		const kept = await tx.companyImportRow.count({ where: { importId: id } })
		if (kept > 0) {
			await moveCompanyImport(
				tx,
				organizationId,
				id,
				'PREVIEWING',
				{ failureReason: cancelledMessage(kept) },
				{ from: ['CANCELLING'] },
			)
		} else {
			await moveCompanyImport(
				tx,
				organizationId,
				id,
				'FAILED',
				{ failureReason: cancelledMessage(0) },
				{ from: ['CANCELLING'] },
			)
			await releaseImportFile(tx, id)
		}
		return kept
	})
}

/** Reject & Upload New, or closing the mapping step: the import is discarded (kept in the history). */
export async function rejectCompanyImport(organizationId: string, id: string) {
	const done = await prisma.$transaction(async (tx) => {
		const moved = await moveCompanyImport(tx, organizationId, id, 'REJECTED')
		if (!moved) return false
		await tx.companyImportRow.deleteMany({ where: { importId: id } })
		await releaseImportFile(tx, id)
		return true
	})
	if (!done) {
		const exists = await prisma.companyImport.findFirst({
			where: { id, organizationId },
			select: { id: true },
		})
		if (!exists) return null
		throw new CompanyImportStateError()
	}
	return getCompanyImport(organizationId, id)
}

/** The uploaded CSV is only needed until the rows exist or the import ends. */
export async function releaseImportFile(client: Prisma.TransactionClient | typeof prisma, importId: string) {
	const row = await client.companyImport.findUnique({ where: { id: importId }, select: { fileId: true } })
	if (!row?.fileId) return
	await client.companyImport.update({ where: { id: importId }, data: { fileId: null } })
	await client.uploadedFile.deleteMany({ where: { id: row.fileId } })
}
