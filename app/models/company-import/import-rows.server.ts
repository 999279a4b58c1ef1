import { type Prisma } from '#app/generated/prisma/client.ts'
import { companySlug } from '#app/models/company/company-slug.ts'
import {
	COMPANY_IMPORT_MESSAGES,
	filteredMessage,
	type ImportedCompany,
} from '#app/schemas/company-import.ts'
import { prisma } from '#app/utils/db.server.ts'
import { CompanyImportInputError, CompanyImportStateError } from './company-import.server.ts'
import { filterCompanies } from './filter/filter-companies.server.ts'
import { markDuplicateRows } from './mark-duplicate-rows.server.ts'
import { normalizeImportedCompany } from './normalize-imported-company.ts'
import { isReadyCompany } from './save-imported-companies.server.ts'

// The review table's rows (spec: "Company import" review table, decision 025): listing with the
// two sorts, editing and deleting rows, and the filter by instructions. Only while PREVIEWING.

export type ReviewSort = 'requiredFieldsFirst' | 'name'

export type CompanyImportRowView = {
	id: string
	position: number
	data: ImportedCompany
	errors: Record<string, string>
	ready: boolean
	duplicateOfPosition: number | null
	duplicateOfCompanyId: string | null
	warnings: string[]
	filteredOut: boolean
	outcome: 'SAVED' | 'DUPLICATE' | 'FAILED' | null
	savedCompanyId: string | null
}

const rowSelect = {
	id: true,
	position: true,
	data: true,
	errors: true,
	duplicateOfPosition: true,
	duplicateOfCompanyId: true,
	warnings: true,
	filteredOut: true,
	outcome: true,
	savedCompanyId: true,
} satisfies Prisma.CompanyImportRowSelect

function toRowView(row: Prisma.CompanyImportRowGetPayload<{ select: typeof rowSelect }>): CompanyImportRowView {
	const data = (row.data ?? {}) as ImportedCompany
	const errors = (row.errors ?? {}) as Record<string, string>
	return { ...row, data, errors, ready: isReadyCompany(data) }
}

function sortRows(rows: CompanyImportRowView[], sort: ReviewSort) {
	const byName = (a: CompanyImportRowView, b: CompanyImportRowView) =>
		(a.data.name ?? '').localeCompare(b.data.name ?? '', 'en', { sensitivity: 'base' }) || a.position - b.position
	if (sort === 'name') return rows.sort(byName)
	// Required Fields First: the rows that can be saved, then those missing a name or description.
	return rows.sort((a, b) => Number(b.ready) - Number(a.ready) || a.position - b.position)
}

/** The import's rows in review order; rows outside the filter are left out unless asked for. */
export async function listCompanyImportRows(
	organizationId: string,
	companyImportId: string,
	{ sort = 'requiredFieldsFirst', includeFilteredOut = false }: { sort?: ReviewSort; includeFilteredOut?: boolean } = {},
) {
	const rows = await prisma.companyImportRow.findMany({
		where: {
			importId: companyImportId,
			companyImport: { organizationId },
			...(includeFilteredOut ? {} : { filteredOut: false }),
		},
		select: rowSelect,
		orderBy: { position: 'asc' },
	})
	return sortRows(rows.map(toRowView), sort)
}

async function requirePreviewing(organizationId: string, companyImportId: string) {
	const record = await prisma.companyImport.findFirst({
		where: { id: companyImportId, organizationId },
		select: { state: true },
	})
	if (!record) return false
	if (record.state !== 'PREVIEWING') throw new CompanyImportStateError()
	return true
}

/**
 * Edits one row: the fields given replace the row's (an empty one clears it), checked like an
 * imported row. Returns null when the import or row is not the organization's.
 */
export async function updateCompanyImportRow(
	organizationId: string,
	companyImportId: string,
	rowId: string,
	fields: Record<string, unknown>,
) {
	if (!(await requirePreviewing(organizationId, companyImportId))) return null
	const row = await prisma.companyImportRow.findFirst({
		where: { id: rowId, importId: companyImportId },
		select: { data: true },
	})
	if (!row) return null
	const { company, errors } = normalizeImportedCompany({ ...(row.data as object), ...fields })
	await prisma.companyImportRow.update({
		where: { id: rowId },
		data: {
			data: company as Prisma.InputJsonObject,
			errors: errors as Prisma.InputJsonObject,
			slug: company.name ? companySlug(company.name) : null,
		},
	})
	await markDuplicateRows(organizationId, companyImportId)
	const updated = await prisma.companyImportRow.findUniqueOrThrow({ where: { id: rowId }, select: rowSelect })
	return toRowView(updated)
}

/** Deletes rows from the review (one, or the selected ones). Returns how many went. */
export async function deleteCompanyImportRows(organizationId: string, companyImportId: string, rowIds: string[]) {
	if (!(await requirePreviewing(organizationId, companyImportId))) return null
	const { count } = await prisma.companyImportRow.deleteMany({
		where: { importId: companyImportId, id: { in: rowIds.slice(0, 1_000) } },
	})
	if (count > 0) await markDuplicateRows(organizationId, companyImportId)
	return count
}

/**
 * Filter by instructions: narrows the review to the rows the model (or the offline matcher)
 * picks; the others are kept, hidden, until the filter is cleared. Filters the whole import, not
 * the rows an earlier filter left.
 */
export async function filterCompanyImportRows(
	organizationId: string,
	companyImportId: string,
	instructions: string,
	signal?: AbortSignal,
) {
	const text = instructions.replaceAll('\u0000', '').trim()
	if (!text) throw new CompanyImportInputError(COMPANY_IMPORT_MESSAGES.filterRequired)
	if (!(await requirePreviewing(organizationId, companyImportId))) return null
	const rows = await prisma.companyImportRow.findMany({
		where: { importId: companyImportId },
		select: { id: true, data: true },
		orderBy: { position: 'asc' },
	})
	if (rows.length === 0) throw new CompanyImportInputError(COMPANY_IMPORT_MESSAGES.noCompaniesToFilter)
	const { indices } = await filterCompanies({
		organizationId,
		companies: rows.map((row) => row.data as ImportedCompany),
		instructions: text.slice(0, 2_000),
		signal,
	})
	if (indices.length === 0) {
		return { shown: 0, total: rows.length, message: COMPANY_IMPORT_MESSAGES.noFilterMatch }
	}
	const kept = new Set(indices.flatMap((index) => (rows[index] ? [rows[index].id] : [])))
	await prisma.$transaction([
		prisma.companyImportRow.updateMany({
			where: { importId: companyImportId, id: { in: [...kept] } },
			data: { filteredOut: false },
		}),
		prisma.companyImportRow.updateMany({
			where: { importId: companyImportId, id: { notIn: [...kept] } },
			data: { filteredOut: true },
		}),
		prisma.companyImport.update({ where: { id: companyImportId }, data: { filterInstructions: text.slice(0, 2_000) } }),
	])
	return { shown: kept.size, total: rows.length, message: filteredMessage(kept.size, rows.length) }
}

/** Clears the filter: every row shows again ("Filter cleared"). */
export async function clearCompanyImportFilter(organizationId: string, companyImportId: string) {
	if (!(await requirePreviewing(organizationId, companyImportId))) return null
	await prisma.$transaction([
		prisma.companyImportRow.updateMany({ where: { importId: companyImportId }, data: { filteredOut: false } }),
		prisma.companyImport.update({ where: { id: companyImportId }, data: { filterInstructions: null } }),
	])
	return { message: COMPANY_IMPORT_MESSAGES.filterCleared }
}
