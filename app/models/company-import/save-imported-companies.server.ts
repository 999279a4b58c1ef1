import { Prisma } from '#app/generated/prisma/client.ts'
import { companySlug } from '#app/models/company/company-slug.ts'
import { finalizeQueueable } from '#app/models/queueable/queueable.server.ts'
import { COMPANY_IMPORT_MAX_ROWS, COMPANY_IMPORT_MESSAGES, type ImportedCompany } from '#app/schemas/company-import.ts'
import { enqueueWebhookEvent } from '#app/models/webhook/webhook-events.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { CompanyImportStateError, moveCompanyImport } from './company-import.server.ts'
import { normalizeImportedCompany } from './normalize-imported-company.ts'

// Saving imported companies (decision 025): Approve Import and POST /api/v1/companies/save. One
// INSERT … ON CONFLICT DO NOTHING per save, so a company is never saved twice — not even when two
// imports of the same file are approved at the same moment: the unique (organizationId, slug)
// index decides, and the loser counts the company as a duplicate.

type Tx = Prisma.TransactionClient

export type SavedCompany = { id: string; name: string }

/** A row is Ready with both a name and a description (spec §4). */
export function isReadyCompany(company: ImportedCompany) {
	return Boolean(company.name?.trim() && company.description?.trim())
}

function companyColumns(organizationId: string, creatorId: string | null, company: ImportedCompany) {
	const json = (value: unknown) =>
		value === undefined || value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue)
	return {
		organizationId,
		creatorId,
		name: company.name!.trim(),
		slug: companySlug(company.name!),
		description: company.description!.trim(),
		summary: company.summary ?? null,
		tagline: company.tagline ?? null,
		website: company.website ?? null,
		linkedinUrl: company.linkedinUrl ?? null,
		crunchbaseUrl: company.crunchbaseUrl ?? null,
		industry: company.industry ?? null,
		revenue: company.revenue ?? null,
		employeeCount: company.employeeCount ?? null,
		employeeCountRange: company.employeeCountRange ?? null,
		linkedinFollowers: company.linkedinFollowers ?? null,
		headquarter: json(company.headquarter),
		locations: company.locations ?? [],
		funding: json(company.funding),
		logoUrl: company.logoUrl ?? null,
	}
}

/**
 * Inserts the ready companies, skipping slugs the organization already has. Returns the created
 * companies by slug; a slug given twice is inserted once (the first).
 */
async function insertCompanies(
	tx: Tx,
	organizationId: string,
	creatorId: string | null,
	companies: ImportedCompany[],
): Promise<Map<string, SavedCompany>> {
	const bySlug = new Map<string, ReturnType<typeof companyColumns>>()
	for (const company of companies) {
		const columns = companyColumns(organizationId, creatorId, company)
		if (!bySlug.has(columns.slug)) bySlug.set(columns.slug, columns)
	}
	if (bySlug.size === 0) return new Map()
	const created = await tx.company.createManyAndReturn({
		data: [...bySlug.values()],
		skipDuplicates: true,
		select: { id: true, name: true, slug: true },
	})
	return new Map(created.map((company) => [company.slug, { id: company.id, name: company.name }]))
}

export type CompanyImportSummary = {
	totalCompanies: number
	successCount: number
	errorCount: number
	duplicateCount: number
	savedResults: SavedCompany[]
}

type Outcome = 'SAVED' | 'DUPLICATE' | 'FAILED'

/**
 * Approve Import: PREVIEWING → SAVING → COMPLETED. Saves the ready rows the review shows (a filter
 * narrows them) in one transaction, records each row's outcome and the summary. A failure goes
 * back to PREVIEWING with "Failed to save companies" (spec: "on failure go back one step").
 */
export async function approveCompanyImport(
	organizationId: string,
	companyImportId: string,
	userId: string | null,
): Promise<CompanyImportSummary | null> {
	const exists = await prisma.companyImport.findFirst({
		where: { id: companyImportId, organizationId },
		select: { id: true, queueableId: true },
	})
	if (!exists) return null
	const readyCount = await countReadyRows(companyImportId)
	if (readyCount === 0) throw new CompanyImportStateError(COMPANY_IMPORT_MESSAGES.noProcessedToSave)
	if (!(await moveCompanyImport(prisma, organizationId, companyImportId, 'SAVING', { failureReason: null })))
		throw new CompanyImportStateError()
	let summary: CompanyImportSummary
	try {
		summary = await prisma.$transaction(
			(tx) => saveImportRows(tx, organizationId, companyImportId, userId),
			{ timeout: 30_000 },
		)
	} catch (error) {
		console.error(`company import ${companyImportId}: save failed`, error)
		await moveCompanyImport(
			prisma,
			organizationId,
			companyImportId,
			'PREVIEWING',
			{ failureReason: COMPANY_IMPORT_MESSAGES.saveFailed },
			{ from: ['SAVING'] },
		)
		throw new CompanyImportSaveError()
	}
	if (exists.queueableId) await finalizeQueueable(organizationId, exists.queueableId).catch(() => null)
	return summary
}

export class CompanyImportSaveError extends Error {
	constructor() {
		super(COMPANY_IMPORT_MESSAGES.saveFailed)
		this.name = 'CompanyImportSaveError'
	}
}

async function countReadyRows(companyImportId: string) {
	const [row] = await prisma.$queryRaw<Array<{ count: number }>>`
		SELECT count(*)::int AS count FROM "CompanyImportRow"
		WHERE "importId" = ${companyImportId} AND NOT "filteredOut"
			AND coalesce(btrim(data->>'name'), '') <> '' AND coalesce(btrim(data->>'description'), '') <> ''`
	return row?.count ?? 0
}

async function saveImportRows(
	tx: Tx,
	organizationId: string,
	companyImportId: string,
	userId: string | null,
): Promise<CompanyImportSummary> {
	const rows = await tx.companyImportRow.findMany({
		where: { importId: companyImportId, filteredOut: false },
		select: { id: true, data: true, duplicateOfPosition: true },
		orderBy: { position: 'asc' },
	})
	const ready = rows.filter(
		(row) => row.duplicateOfPosition === null && isReadyCompany(row.data as ImportedCompany),
	)
	const created = await insertCompanies(
		tx,
		organizationId,
		userId,
		ready.map((row) => row.data as ImportedCompany),
	)
	const outcomes: Array<{ id: string; outcome: Outcome; savedCompanyId: string | null }> = []
	const claimed = new Set<string>()
	for (const row of rows) {
		const company = row.data as ImportedCompany
		if (!isReadyCompany(company)) {
			outcomes.push({ id: row.id, outcome: 'FAILED', savedCompanyId: null })
			continue
		}
		const slug = companySlug(company.name!)
		const saved = created.get(slug)
		if (saved && !claimed.has(slug) && row.duplicateOfPosition === null) {
			claimed.add(slug)
			outcomes.push({ id: row.id, outcome: 'SAVED', savedCompanyId: saved.id })
		} else {
			outcomes.push({ id: row.id, outcome: 'DUPLICATE', savedCompanyId: null })
		}
	}
	if (outcomes.length > 0) {
		await tx.$executeRaw`
			UPDATE "CompanyImportRow" row
			SET outcome = o.outcome::"CompanyImportRowOutcome", "savedCompanyId" = o.saved
			FROM unnest(${outcomes.map((o) => o.id)}::text[], ${outcomes.map((o) => o.outcome)}::text[],
				${outcomes.map((o) => o.savedCompanyId)}::text[]) AS o(id, outcome, saved)
			WHERE row.id = o.id`
	}
	const count = (outcome: Outcome) => outcomes.filter((o) => o.outcome === outcome).length
	const summary: CompanyImportSummary = {
		totalCompanies: rows.length,
		successCount: count('SAVED'),
		errorCount: count('FAILED'),
		duplicateCount: count('DUPLICATE'),
		savedResults: [...created.values()],
	}
	const moved = await moveCompanyImport(
		tx,
		organizationId,
		companyImportId,
		'COMPLETED',
		{
			successCount: summary.successCount,
			errorCount: summary.errorCount,
			duplicateCount: summary.duplicateCount,
			failureReason: null,
		},
		{ from: ['SAVING'] },
	)
	if (!moved) throw new Error('The import left SAVING while it was being saved')
	await enqueueWebhookEvent(prismaRun(tx), organizationId, 'import.completed', {
		importId: companyImportId,
		kind: 'companies',
		total: summary.totalCompanies,
		saved: summary.successCount,
		duplicates: summary.duplicateCount,
		errors: summary.errorCount,
	})
	return summary
}

/** The companies an approved import saved, for the result summary's table. */
export async function listSavedCompanies(organizationId: string, companyImportId: string) {
	const rows = await prisma.companyImportRow.findMany({
		where: { importId: companyImportId, outcome: 'SAVED', companyImport: { organizationId } },
		select: { savedCompanyId: true, data: true },
		orderBy: { position: 'asc' },
	})
	return rows.flatMap((row) =>
		row.savedCompanyId ? [{ id: row.savedCompanyId, name: (row.data as ImportedCompany).name ?? '' }] : [],
	)
}

export type SaveCompaniesResult = CompanyImportSummary & {
	errors: Array<{ index: number; field: string; message: string }>
}

/**
 * POST /api/v1/companies/save: the spec's companies[] saved in one transaction, each checked like
 * an imported row; duplicates (in the list or already saved) are counted, never saved twice.
 */
export async function saveCompanies(
	organizationId: string,
	userId: string | null,
	companies: Array<Record<string, unknown>>,
): Promise<SaveCompaniesResult> {
	const list = companies.slice(0, COMPANY_IMPORT_MAX_ROWS)
	const errors: SaveCompaniesResult['errors'] = []
	const ready: Array<{ index: number; company: ImportedCompany }> = []
	list.forEach((raw, index) => {
		const { company, errors: fieldErrors } = normalizeImportedCompany(raw)
		const entries = Object.entries(fieldErrors)
		if (entries.length > 0 || !isReadyCompany(company)) {
			for (const [field, message] of entries) errors.push({ index, field, message: String(message) })
			if (entries.length === 0) errors.push({ index, field: 'name', message: COMPANY_IMPORT_MESSAGES.missingRequired })
			return
		}
		ready.push({ index, company })
	})
	const created = await prisma.$transaction((tx) =>
		insertCompanies(
			tx,
			organizationId,
			userId,
			ready.map((entry) => entry.company),
		),
	)
	const failed = new Set(errors.map((error) => error.index)).size
	return {
		totalCompanies: list.length,
		successCount: created.size,
		errorCount: failed,
		duplicateCount: ready.length - created.size,
		savedResults: [...created.values()],
		errors,
	}
}
