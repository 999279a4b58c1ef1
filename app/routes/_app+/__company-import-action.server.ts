import { z } from 'zod'
import {
	CompanyImportInputError,
	CompanyImportStateError,
	cancelCompanyImport,
	confirmCompanyImportMapping,
	getCompanyImport,
	rejectCompanyImport,
} from '#app/models/company-import/company-import.server.ts'
import { COMPANY_IMPORT_STATE_LABELS } from '#app/models/company-import/company-import-states.ts'
import {
	clearCompanyImportFilter,
	deleteCompanyImportRows,
	filterCompanyImportRows,
	updateCompanyImportRow,
} from '#app/models/company-import/import-rows.server.ts'
import { normalizeImportedCompany } from '#app/models/company-import/normalize-imported-company.ts'
import {
	approveCompanyImport,
	CompanyImportSaveError,
} from '#app/models/company-import/save-imported-companies.server.ts'
import { type Actor } from '#app/models/session/auth.server.ts'
import {
	COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH,
	COMPANY_IMPORT_MESSAGES,
	IMPORTED_COMPANY_FIELDS,
	importedMessage,
	type ColumnMapping,
} from '#app/schemas/company-import.ts'
import { actionFailure, runIntent, type IntentHandlers } from '#app/utils/intent-action.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// The company import page's action (issue 13): one intent per form on the page, each a step of the
// import on the server (decision 025). Every step redirects back to the import's page, which shows
// the state the server holds; a refusal comes back as a toast, or on the edit form.

const NOT_MAPPED = ''

/** The review table's edit form: every column, as text; an empty field clears it, a missing one is kept. */
export const EDITABLE_ROW_FIELDS = [
	'name',
	'tagline',
	'description',
	'summary',
	'website',
	'linkedinUrl',
	'linkedinFollowers',
	'crunchbaseUrl',
	'industry',
	'revenue',
	'employeeCount',
	'employeeCountRange',
	'headquarter',
	'locations',
	'funding',
] as const

const text = (max: number) => z.string().max(max).optional().default('')

const editField = z.string().max(5_000).optional()

const editRowFields = Object.fromEntries(EDITABLE_ROW_FIELDS.map((name) => [name, editField])) as Record<
	(typeof EDITABLE_ROW_FIELDS)[number],
	typeof editField
>

export const CompanyImportIntentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('confirm-mapping'),
		// One value per field: a column index, or '' for "— not mapped —".
		mapping: z.partialRecord(z.enum(IMPORTED_COMPANY_FIELDS), z.string().max(10)),
	}),
	z.object({ intent: z.literal('cancel') }),
	z.object({ intent: z.literal('reject') }),
	z.object({ intent: z.literal('approve') }),
	z.object({
		intent: z.literal('edit-row'),
		rowId: z.string().min(1).max(100),
		...editRowFields,
		/** The values the form opened with (`original.<field>`): only the fields the user changed are saved. */
		original: z.partialRecord(z.enum(EDITABLE_ROW_FIELDS), z.string().max(5_000)).optional(),
	}),
	z.object({ intent: z.literal('delete-row'), rowId: z.string().min(1).max(100) }),
	z.object({
		intent: z.literal('delete-rows'),
		rowIds: z.array(z.string().min(1).max(100)).max(1_000),
	}),
	z.object({ intent: z.literal('filter'), instructions: text(COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH) }),
	z.object({ intent: z.literal('clear-filter') }),
])

export type CompanyImportIntent = z.infer<typeof CompanyImportIntentSchema>

/** What the page reads back when the edit form was refused: the row, its field errors, the values. */
export type CompanyImportActionData = {
	intent: 'edit-row'
	rowId: string
	errors: Record<string, string>
	values: Record<string, string>
}

/** Form fields → the intent's shape: `mapping.<field>` inputs and repeated `rowId`s. */
export function readIntentForm(formData: FormData) {
	const values: Record<string, unknown> = {}
	const mapping: Record<string, string> = {}
	const original: Record<string, string> = {}
	for (const [key, value] of formData.entries()) {
		if (typeof value !== 'string') continue
		if (key.startsWith('mapping.')) mapping[key.slice('mapping.'.length)] = value
		else if (key.startsWith('original.')) original[key.slice('original.'.length)] = value
		else if (key !== 'rowId') values[key] = value
	}
	if (values.intent === 'edit-row' && Object.keys(original).length > 0) values.original = original
	const rowIds = formData.getAll('rowId').filter((value): value is string => typeof value === 'string')
	if (values.intent === 'delete-rows') values.rowIds = rowIds
	else if (rowIds[0]) values.rowId = rowIds[0]
	if (values.intent === 'confirm-mapping') values.mapping = mapping
	return CompanyImportIntentSchema.safeParse(values)
}

/** The mapping form's values → ColumnMapping (column indices; unmapped fields left out). */
export function toColumnMapping(values: Partial<Record<string, string>>): ColumnMapping {
	const mapping: ColumnMapping = {}
	for (const field of IMPORTED_COMPANY_FIELDS) {
		const value = values[field]
		if (value === undefined || value === NOT_MAPPED) continue
		const index = Number(value)
		if (Number.isInteger(index) && index >= 0) mapping[field] = index
	}
	return mapping
}

type Context = { actor: Actor; importId: string; back: string }

function error(back: string, title: string, description?: string) {
	return redirectWithToast(back, { type: 'error', title, ...(description ? { description } : {}) })
}

function notFound(): never {
	throw new Response('Import not found', { status: 404 })
}

type Answer = Response | Awaited<ReturnType<typeof actionFailure<CompanyImportActionData>>>

const handlers: IntentHandlers<CompanyImportIntent, Context, Answer> = {
	async 'confirm-mapping'({ mapping }, { actor, importId, back }) {
		const done = await confirmCompanyImportMapping(actor.organizationId, importId, toColumnMapping(mapping))
		if (!done) notFound()
		return redirectWithToast(back, { type: 'success', title: 'Import started' })
	},
	async cancel(_, { actor, importId, back }) {
		const done = await cancelCompanyImport(actor.organizationId, importId)
		if (!done) notFound()
		return redirectWithToast(back, { type: 'info', title: 'Cancelling import…' })
	},
	async reject(_, { actor, importId }) {
		const done = await rejectCompanyImport(actor.organizationId, importId)
		if (!done) notFound()
		return redirectWithToast('/imports', { type: 'info', title: 'Import discarded' })
	},
	async approve(_, { actor, importId, back }) {
		try {
			const summary = await approveCompanyImport(actor.organizationId, importId, actor.userId)
			if (!summary) notFound()
			return redirectWithToast(back, {
				type: 'success',
				title: importedMessage(summary.successCount, summary.totalCompanies),
			})
		} catch (caught) {
			if (caught instanceof CompanyImportSaveError) return error(back, caught.message)
			throw caught
		}
	},
	async 'edit-row'({ intent, rowId, original, ...fields }, { actor, importId, back }) {
		// Only what the user changed: an untouched headquarter or funding keeps its structure, which
		// the form shows as text.
		const changed = Object.fromEntries(
			Object.entries(fields).filter(
				([field, value]) => value !== undefined && original?.[field as keyof typeof original] !== value,
			),
		)
		// Checked like an imported row first, so a typo stays in the form instead of in the table.
		const { errors } = normalizeImportedCompany({
			name: fields.name,
			description: fields.description,
			...changed,
		})
		const fieldErrors = Object.fromEntries(
			Object.entries(errors).filter(
				([field]) => field === 'name' || field === 'description' || field in changed,
			),
		)
		if (Object.keys(fieldErrors).length > 0) {
			return actionFailure<CompanyImportActionData>(
				{ intent, rowId, errors: fieldErrors as Record<string, string>, values: fields },
				400,
			)
		}
		if (Object.keys(changed).length === 0)
			return redirectWithToast(back, { type: 'info', title: 'Nothing changed' })
		const row = await updateCompanyImportRow(actor.organizationId, importId, rowId, changed)
		if (!row) notFound()
		return redirectWithToast(back, {
			type: 'success',
			title: 'Company updated',
			description: row.data.name ?? '',
		})
	},
	async 'delete-row'({ rowId }, { actor, importId, back }) {
		const count = await deleteCompanyImportRows(actor.organizationId, importId, [rowId])
		if (count === null) notFound()
		return redirectWithToast(back, {
			type: 'success',
			title: count === 1 ? 'Company removed' : 'Nothing to remove',
		})
	},
	async 'delete-rows'({ rowIds }, { actor, importId, back }) {
		if (rowIds.length === 0) return error(back, 'Select the companies to delete')
		const count = await deleteCompanyImportRows(actor.organizationId, importId, rowIds)
		if (count === null) notFound()
		return redirectWithToast(back, {
			type: 'success',
			title: `${count.toLocaleString('en-US')} ${count === 1 ? 'company' : 'companies'} removed`,
		})
	},
	async filter({ instructions }, { actor, importId, back }) {
		const result = await filterCompanyImportRows(actor.organizationId, importId, instructions)
		if (!result) notFound()
		return redirectWithToast(back, { type: result.shown > 0 ? 'success' : 'info', title: result.message })
	},
	async 'clear-filter'(_, { actor, importId, back }) {
		const result = await clearCompanyImportFilter(actor.organizationId, importId)
		if (!result) notFound()
		return redirectWithToast(back, { type: 'success', title: result.message })
	},
}

/** Runs the posted intent; `back` is the import page's URL (with its sort). */
export async function companyImportAction(actor: Actor, importId: string, formData: FormData, back: string) {
	const parsed = readIntentForm(formData)
	if (!parsed.success) {
		const intent = formData.get('intent')
		if (intent === 'filter') return error(back, COMPANY_IMPORT_MESSAGES.filterRequired)
		return error(back, 'Something in the form was not valid: please try again')
	}
	try {
		return await runIntent(handlers, parsed.data, { actor, importId, back })
	} catch (caught) {
		if (caught instanceof CompanyImportInputError) return error(back, caught.message)
		if (caught instanceof CompanyImportStateError) {
			const current = await getCompanyImport(actor.organizationId, importId)
			if (!current) notFound()
			return error(back, caught.message, `The import is now: ${COMPANY_IMPORT_STATE_LABELS[current.state]}`)
		}
		throw caught
	}
}
