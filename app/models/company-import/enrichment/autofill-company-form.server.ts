import { COMPANY_IMPORT_MESSAGES, type ImportedCompany } from '#app/schemas/company-import.ts'
import { linkedinCompanyUrlError } from '#app/schemas/company.ts'
import { enrichCompany } from './enrich-company.server.ts'
import { isMissing } from './merge-company.ts'

/**
 * The New Company form's Auto-fill (spec §5): needs both the LinkedIn URL and the website, the
 * LinkedIn URL must be a company page, and when name, description, industry, summary, website and
 * linkedinUrl are all filled it does nothing. Only empty fields are filled: what the user typed stays.
 */

/** The form's text fields Auto-fill reads and may fill (the New Company form shows these). */
export const AUTOFILL_FORM_FIELDS = [
	'name',
	'description',
	'tagline',
	'industry',
	'summary',
	'website',
	'linkedinUrl',
	'crunchbaseUrl',
	'employeeCount',
	'employeeCountRange',
	'linkedinFollowers',
	'revenue',
] as const
type FormField = (typeof AUTOFILL_FORM_FIELDS)[number]
export type AutofillFormValues = Partial<Record<FormField, string>>

/** Spec: with these all filled, Auto-fill has nothing to do. */
const SPEC_FIELDS = ['name', 'description', 'industry', 'summary', 'website', 'linkedinUrl'] as const

export type AutofillOutcome =
	| { status: 'needs-both'; values: AutofillFormValues; message: string }
	| { status: 'invalid-linkedin'; values: AutofillFormValues; fieldError: string }
	| { status: 'unchanged'; values: AutofillFormValues }
	| { status: 'failed'; values: AutofillFormValues; message: string; warnings: string[] }
	| { status: 'done'; values: AutofillFormValues; message: string; filled: FormField[]; warnings: string[] }

export function autofillFormValues(formData: FormData): AutofillFormValues {
	const values: AutofillFormValues = {}
	for (const field of AUTOFILL_FORM_FIELDS) {
		const value = formData.get(field)
		if (typeof value === 'string') values[field] = value
	}
	return values
}

export async function autofillCompanyForm(
	organizationId: string,
	values: AutofillFormValues,
	{ signal }: { signal?: AbortSignal } = {},
): Promise<AutofillOutcome> {
	const linkedinUrl = values.linkedinUrl?.trim()
	const website = values.website?.trim()
	if (!linkedinUrl || !website) {
		return { status: 'needs-both', values, message: COMPANY_IMPORT_MESSAGES.autofillNeedsBoth }
	}
	const linkedinError = linkedinCompanyUrlError(linkedinUrl)
	if (linkedinError) return { status: 'invalid-linkedin', values, fieldError: linkedinError }
	if (SPEC_FIELDS.every((field) => !isMissing(values[field]))) return { status: 'unchanged', values }

	const result = await enrichCompany({ organizationId, company: toCompany(values), signal })
	if (!result.sources.length) {
		return {
			status: 'failed',
			values,
			message: COMPANY_IMPORT_MESSAGES.autofillFailed,
			warnings: result.warnings,
		}
	}
	const filledValues = { ...values }
	const filled: FormField[] = []
	for (const field of AUTOFILL_FORM_FIELDS) {
		if (!isMissing(values[field])) continue
		const value = formText(result.company[field])
		if (!value) continue
		filledValues[field] = value
		filled.push(field)
	}
	return {
		status: 'done',
		values: filledValues,
		message: COMPANY_IMPORT_MESSAGES.autofillDone,
		filled,
		warnings: result.warnings,
	}
}

function toCompany(values: AutofillFormValues): ImportedCompany {
	const company: Record<string, unknown> = {}
	for (const field of AUTOFILL_FORM_FIELDS) {
		const value = values[field]?.trim()
		if (!value) continue
		company[field] = field === 'employeeCount' || field === 'linkedinFollowers' ? Number(value) : value
	}
	return company as ImportedCompany
}

function formText(value: unknown) {
	if (typeof value === 'number') return String(value)
	return typeof value === 'string' && value.trim() ? value.trim() : undefined
}
