import { REVIEW_CELL_MAX_CHARS, importedMessage, type ImportedCompany } from '#app/schemas/company-import.ts'
import { type QueueableMetadata } from '#app/schemas/queueable.ts'

// Display helpers of the company import pages: a row's fields as text, the review table's cut
// cells, the history's result line and the progress figures. Pure, so they are unit-tested.

export type ReviewColumn = Exclude<keyof ImportedCompany, 'logoUrl'>

/** The review table's columns, in the spec's order. */
export const REVIEW_COLUMNS: ReadonlyArray<{ field: ReviewColumn; label: string }> = [
	{ field: 'name', label: 'Name' },
	{ field: 'tagline', label: 'Tagline' },
	{ field: 'description', label: 'Description' },
	{ field: 'summary', label: 'Summary' },
	{ field: 'website', label: 'Website' },
	{ field: 'linkedinUrl', label: 'LinkedIn URL' },
	{ field: 'linkedinFollowers', label: 'LinkedIn Followers' },
	{ field: 'crunchbaseUrl', label: 'Crunchbase URL' },
	{ field: 'industry', label: 'Industry' },
	{ field: 'revenue', label: 'Revenue' },
	{ field: 'employeeCount', label: 'Employee Count' },
	{ field: 'employeeCountRange', label: 'Employee Range' },
	{ field: 'headquarter', label: 'Headquarter' },
	{ field: 'locations', label: 'Locations' },
	{ field: 'funding', label: 'Funding' },
]

/** "Berlin, Berlin, Germany" from the headquarter object (street and postcode left out). */
export function headquarterText(headquarter: ImportedCompany['headquarter']) {
	if (!headquarter) return ''
	const parts = [headquarter.city, headquarter.geographic_area, headquarter.country]
		.map((part) => part?.trim())
		.filter((part): part is string => Boolean(part))
	return [...new Set(parts)].join(', ')
}

function fundingText(funding: unknown): string {
	if (funding === null || funding === undefined) return ''
	if (typeof funding === 'string') return funding
	if (typeof funding === 'number' || typeof funding === 'boolean') return String(funding)
	if (Array.isArray(funding)) return funding.map(fundingText).filter(Boolean).join('; ')
	// { round: 'Series B', amount: '$40M' } → "Series B, $40M"
	return Object.values(funding as Record<string, unknown>)
		.map(fundingText)
		.filter(Boolean)
		.join(', ')
}

/** A field as the review table and the edit form show it. */
export function fieldText(company: ImportedCompany, field: ReviewColumn): string {
	const value = company[field]
	if (value === null || value === undefined) return ''
	if (field === 'headquarter') return headquarterText(company.headquarter)
	if (field === 'locations') return (company.locations ?? []).join('; ')
	if (field === 'funding') return fundingText(value)
	if (typeof value === 'number') return value.toLocaleString('en-US')
	return String(value)
}

/** The edit form's value: numbers without separators, so they read back as numbers. */
export function editText(company: ImportedCompany, field: ReviewColumn): string {
	const value = company[field]
	if (typeof value === 'number') return String(value)
	return fieldText(company, field)
}

/** A review cell: its first 30 characters, and an ellipsis when there were more. */
export function cutCell(text: string, max = REVIEW_CELL_MAX_CHARS) {
	const chars = [...text]
	return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text
}

/** "12/15 companies imported successfully · 2 duplicates · 1 failed" */
export function resultSummary({
	successCount,
	errorCount,
	duplicateCount,
}: {
	successCount: number | null
	errorCount: number | null
	duplicateCount: number | null
}) {
	const saved = successCount ?? 0
	const duplicates = duplicateCount ?? 0
	const failed = errorCount ?? 0
	const parts = [importedMessage(saved, saved + duplicates + failed)]
	if (duplicates > 0) parts.push(`${duplicates} ${duplicates === 1 ? 'duplicate' : 'duplicates'}`)
	if (failed > 0) parts.push(`${failed} failed`)
	return parts.join(' · ')
}

export type ImportProgress = { percent: number; completed: number; total: number; currentItem: string | null }

/** The progress view's figures from the job (live or as loaded). */
export function importProgress(
	queueable: { progress: number; metadata: QueueableMetadata } | null,
	fallbackTotal = 0,
): ImportProgress {
	const metadata = queueable?.metadata ?? {}
	const total = Number(metadata.total) || Number(metadata.totalCompanies) || fallbackTotal
	const completed = Math.min(Number(metadata.completed) || 0, total || Infinity)
	const fromCounts = total > 0 ? Math.round((completed / total) * 100) : 0
	const percent = Math.max(0, Math.min(100, Math.round(queueable?.progress ?? 0) || fromCounts))
	const currentItem =
		typeof metadata.currentItem === 'string' && metadata.currentItem ? metadata.currentItem : null
	return { percent, completed, total, currentItem }
}
