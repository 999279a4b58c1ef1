import { type SubmissionResult } from '@conform-to/react'
import { LINKEDIN_POST_DEFAULT_RANGE } from '#app/schemas/lead-import.ts'
import {
	COMPANY_MODE_DEFAULT_TOP,
	LeadScraperFormSchema,
	type LeadScraperSource,
} from '#app/schemas/lead-scraper-form.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'

export const LEAD_SCRAPER_ACTION = '/lead-scraper/new'

/** What /lead-scraper/new answers a form it refuses, or the dialog once its imports started. */
export type LeadScraperActionData = {
	result?: SubmissionResult<string[]>
	started?: Array<{ queueableId: string; name: string }>
	/** Company mode: the contact searches it started (one per file). */
	searches?: Array<{ queueableId: string }>
	companies?: number
	estimatedTime?: string
}

/** The Lead scraper's Conform form, the same for the stepped dialog and the plain page. */
export function useLeadScraperForm({
	id,
	lastResult,
	defaultSource,
}: {
	id: string
	lastResult?: SubmissionResult<string[]> | null
	defaultSource: LeadScraperSource
}) {
	const [min, max] = LINKEDIN_POST_DEFAULT_RANGE
	return useZodForm(LeadScraperFormSchema, {
		id,
		lastResult,
		defaultValue: {
			source: defaultSource,
			channel: 'all',
			commentsMin: min,
			commentsMax: max,
			reactionsMin: min,
			reactionsMax: max,
			topX: COMPANY_MODE_DEFAULT_TOP,
		},
	})
}

export type LeadScraperFormMeta = ReturnType<typeof useLeadScraperForm>[0]
export type LeadScraperFields = ReturnType<typeof useLeadScraperForm>[1]
