import { type Prisma } from '#app/generated/prisma/client.ts'
import { companySlug } from '#app/models/company/company-slug.ts'
import {
	CANCELLED_REASON,
	completeQueueable,
	failQueueable,
	loadQueueableForJob,
	reportProgress,
	startQueueable,
	watchForCancellation,
} from '#app/models/queueable/queueable.server.ts'
import {
	COMPANY_IMPORT_MAX_ROWS,
	COMPANY_IMPORT_MESSAGES,
	extraRowsIgnoredMessage,
	type ColumnMapping,
	type ImportedCompany,
} from '#app/schemas/company-import.ts'
import { isTerminalStatus } from '#app/schemas/queueable.ts'
import { forEachConcurrently } from '#app/utils/concurrent-each.ts'
import { prisma } from '#app/utils/db.server.ts'
import { endCancelledImport, moveCompanyImport, releaseImportFile } from './company-import.server.ts'
import { CompanyCsvError, readCompanyCsv } from './csv/read-company-csv.ts'
import { enrichCompany } from './enrichment/enrich-company.server.ts'
import { markDuplicateRows } from './mark-duplicate-rows.server.ts'
import { normalizeImportedCompany } from './normalize-imported-company.ts'
import { extractCompaniesFromText } from './text/extract-companies-from-text.server.ts'

// The `import_companies` job (decision 025): PARSING reads the CSV (or extracts companies from the
// text) into CompanyImportRow rows; PROCESSING marks duplicates, enriches the rest unless the user
// skipped it, and the import moves to PREVIEWING with the rows as the queueable's result. A
// retried job starts over from the state the import holds; a cancel keeps the processed rows.

const NO_COMPANIES_IN_FILE_MESSAGE = 'No companies were found in this CSV file'
const NO_COMPANIES_IN_TEXT_MESSAGE = 'No companies were found in this text'

/** A problem with the input that no retry will fix: the import fails with this message. */
class ImportInputProblem extends Error {}

const importForJobSelect = {
	id: true,
	source: true,
	state: true,
	fileName: true,
	text: true,
	instructions: true,
	skipEnrichment: true,
	columnMapping: true,
	warnings: true,
	file: { select: { data: true } },
} satisfies Prisma.CompanyImportSelect

type ImportForJob = Prisma.CompanyImportGetPayload<{ select: typeof importForJobSelect }>

async function loadImport(organizationId: string, companyImportId: string): Promise<ImportForJob | null> {
	return prisma.companyImport.findFirst({
		where: { id: companyImportId, organizationId },
		select: importForJobSelect,
	})
}

/** The rows of the file or text, normalized, with what to tell the user. */
async function parseImport(organizationId: string, record: ImportForJob, signal: AbortSignal) {
	if (record.source === 'CSV') {
		if (!record.file) throw new ImportInputProblem(COMPANY_IMPORT_MESSAGES.readFailed)
		try {
			const read = readCompanyCsv(
				record.file.data,
				(record.columnMapping ?? undefined) as ColumnMapping | undefined,
			)
			return {
				raw: read.rows as Array<Record<string, unknown>>,
				warnings: read.warnings,
				ignoredRows: read.ignoredRows,
			}
		} catch (error) {
			if (error instanceof CompanyCsvError) throw new ImportInputProblem(error.message)
			throw error
		}
	}
	const extracted = await extractCompaniesFromText({
		organizationId,
		text: record.text ?? '',
		instructions: record.instructions,
		signal,
	})
	const companies = extracted.companies.slice(0, COMPANY_IMPORT_MAX_ROWS)
	const ignored = extracted.companies.length - companies.length
	const warnings = [...extracted.warnings, ...(ignored > 0 ? [extraRowsIgnoredMessage(ignored)] : [])]
	return { raw: companies as Array<Record<string, unknown>>, warnings, ignoredRows: ignored }
}

function rowSlug(company: ImportedCompany) {
	return company.name ? companySlug(company.name) : null
}

/** PARSING → PROCESSING: the rows written at once (a retry replaces them). */
async function writeParsedRows(
	organizationId: string,
	record: ImportForJob,
	parsed: Awaited<ReturnType<typeof parseImport>>,
) {
	const rows = parsed.raw.map((raw, position) => {
		const { company, errors } = normalizeImportedCompany(raw)
		return {
			importId: record.id,
			position,
			data: company as Prisma.InputJsonObject,
			errors: errors as Prisma.InputJsonObject,
			slug: rowSlug(company),
		}
	})
	return prisma.$transaction(async (tx) => {
		await tx.companyImportRow.deleteMany({ where: { importId: record.id } })
		if (rows.length > 0) await tx.companyImportRow.createMany({ data: rows })
		const warnings = [...new Set([...record.warnings, ...parsed.warnings])]
		const moved = await moveCompanyImport(tx, organizationId, record.id, 'PROCESSING', {
			warnings,
			ignoredRows: parsed.ignoredRows,
			...(record.source === 'TEXT' ? { totalRows: rows.length } : {}),
		})
		if (moved) await releaseImportFile(tx, record.id)
		return { moved, total: rows.length }
	})
}

type RowForEnrichment = { id: string; position: number; data: Prisma.JsonValue }

async function saveEnrichedRow(
	row: RowForEnrichment,
	enriched: { company: ImportedCompany; warnings: string[] },
) {
	const { company, errors } = normalizeImportedCompany(enriched.company as Record<string, unknown>)
	await prisma.companyImportRow.update({
		where: { id: row.id },
		data: {
			data: company as Prisma.InputJsonObject,
			errors: errors as Prisma.InputJsonObject,
			slug: rowSlug(company),
			warnings: enriched.warnings.slice(0, 10),
			processed: true,
		},
	})
}

export type RunCompanyImportOptions = {
	/** The Graphile job's last attempt: an unexpected error then fails the import instead of retrying. */
	isFinalAttempt?: boolean
	/** Enrichment's parallel fetches (tests and the benchmark set it). */
	enrichmentConcurrency?: number
}

export async function runCompanyImport(
	queueableId: string,
	{ isFinalAttempt = true, enrichmentConcurrency = 10 }: RunCompanyImportOptions = {},
) {
	const queueable = await loadQueueableForJob(queueableId)
	if (!queueable) return
	const { organizationId } = queueable
	const companyImportId = (queueable.payload as { companyImportId?: unknown } | null)?.companyImportId
	const record =
		typeof companyImportId === 'string' ? await loadImport(organizationId, companyImportId) : null
	if (!record) {
		await failQueueable(organizationId, queueableId, COMPANY_IMPORT_MESSAGES.importFailed)
		return
	}
	const cancelled = async () => {
		const rows = await prisma.companyImportRow.findMany({
			where: { importId: record.id, processed: true },
			select: { data: true },
			orderBy: { position: 'asc' },
		})
		await failQueueable(organizationId, queueableId, CANCELLED_REASON, {
			result: { results: rows.map((row) => ({ data: row.data })) } as Prisma.InputJsonObject,
		})
		await endCancelledImport(organizationId, record.id)
	}

	if (record.state === 'CANCELLING' || queueable.cancelledAt) return cancelled()
	if (record.state === 'PREVIEWING' && !isTerminalStatus(queueable.status))
		return complete(organizationId, queueableId, record.id)
	if (isTerminalStatus(queueable.status) || (record.state !== 'PARSING' && record.state !== 'PROCESSING'))
		return
	if (!(await startQueueable(organizationId, queueableId, { source: record.fileName ?? record.source }))) {
		return cancelled()
	}

	const abort = new AbortController()
	try {
		if (record.state === 'PARSING') {
			await reportProgress(organizationId, queueableId, { currentItem: 'Reading companies…', progress: 0 })
			const parsed = await parseImport(organizationId, record, abort.signal)
			if (parsed.raw.length === 0)
				throw new ImportInputProblem(
					record.source === 'CSV' ? NO_COMPANIES_IN_FILE_MESSAGE : NO_COMPANIES_IN_TEXT_MESSAGE,
				)
			const { moved, total } = await writeParsedRows(organizationId, record, parsed)
			if (!moved) return cancelled()
			const progress = await reportProgress(organizationId, queueableId, {
				completed: 0,
				total,
				currentItem: null,
				metadata: { totalCompanies: total },
			})
			if (progress.cancelled) return cancelled()
		}

		await markDuplicateRows(organizationId, record.id)
		// Duplicates are not enriched (they will not be saved); without enrichment every row is done.
		await prisma.companyImportRow.updateMany({
			where: {
				importId: record.id,
				processed: false,
				...(record.skipEnrichment
					? {}
					: { OR: [{ duplicateOfPosition: { not: null } }, { duplicateOfCompanyId: { not: null } }] }),
			},
			data: { processed: true },
		})
		const total = await prisma.companyImportRow.count({ where: { importId: record.id } })
		const pending: RowForEnrichment[] = await prisma.companyImportRow.findMany({
			where: { importId: record.id, processed: false },
			select: { id: true, position: true, data: true },
			orderBy: { position: 'asc' },
		})
		let done = total - pending.length
		let wasCancelled = false
		if (pending.length > 0) {
			const stopWatching = watchForCancellation(organizationId, queueableId, () => {
				wasCancelled = true
				abort.abort()
			})
			// Each row is saved as soon as it is enriched, so a cancel keeps what was done.
			await forEachConcurrently(
				pending,
				enrichmentConcurrency,
				async (row) => {
					let enriched
					try {
						enriched = await enrichCompany({
							organizationId,
							company: row.data as ImportedCompany,
							signal: abort.signal,
						})
					} catch (error) {
						if (abort.signal.aborted) return
						throw error
					}
					if (wasCancelled) return
					await saveEnrichedRow(row, enriched)
					done++
					const progress = await reportProgress(organizationId, queueableId, {
						completed: done,
						total,
						currentItem: enriched.company.name ?? null,
					})
					if (progress.cancelled || progress.ended) {
						wasCancelled = true
						abort.abort()
					}
				},
				abort.signal,
			).finally(stopWatching)
		}
		if (wasCancelled) return cancelled()
		// Enrichment may have filled or changed names.
		await markDuplicateRows(organizationId, record.id)
		await reportProgress(organizationId, queueableId, { completed: total, total, currentItem: null })
		const moved = await moveCompanyImport(
			prisma,
			organizationId,
			record.id,
			'PREVIEWING',
			{},
			{ from: ['PROCESSING'] },
		)
		if (!moved) return cancelled()
		await complete(organizationId, queueableId, record.id)
	} catch (error) {
		abort.abort()
		if (error instanceof ImportInputProblem)
			return fail(organizationId, queueableId, record.id, error.message)
		if (isFinalAttempt) {
			console.error(`import_companies ${queueableId} failed`, error)
			await fail(organizationId, queueableId, record.id, COMPANY_IMPORT_MESSAGES.importFailed)
		}
		throw error
	}
}

/** The job's result in the spec's shape: `result.results[].data`, actionable until approved. */
async function complete(organizationId: string, queueableId: string, companyImportId: string) {
	const rows = await prisma.companyImportRow.findMany({
		where: { importId: companyImportId },
		select: { data: true },
		orderBy: { position: 'asc' },
	})
	await completeQueueable(organizationId, queueableId, {
		result: { results: rows.map((row) => ({ data: row.data })) } as Prisma.InputJsonObject,
		isActionable: true,
	})
}

async function fail(organizationId: string, queueableId: string, companyImportId: string, reason: string) {
	await prisma.$transaction(async (tx) => {
		await moveCompanyImport(tx, organizationId, companyImportId, 'FAILED', { failureReason: reason })
		await tx.companyImportRow.deleteMany({ where: { importId: companyImportId } })
		await releaseImportFile(tx, companyImportId)
	})
	await failQueueable(organizationId, queueableId, reason)
}
