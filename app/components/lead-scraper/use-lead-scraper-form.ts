import { type SubmissionResult } from '@conform-to/react'
import { LINKEDIN_POST_DEFAULT_RANGE, type LeadSource } from '#app/schemas/lead-import.ts'
import { LeadScraperFormSchema } from '#app/schemas/lead-scraper-form.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'

export const LEAD_SCRAPER_ACTION = '/lead-scraper/new'

/** What /lead-scraper/new answers a form it refuses, or the dialog once its imports started. */
export type LeadScraperActionData = {
	result?: SubmissionResult<string[]>
	started?: Array<{ queueableId: string; name: string }>
}

/** The Lead scraper's Conform form, the same for the stepped dialog and the plain page. */
export function useLeadScraperForm({
	id,
	lastResult,
	defaultSource,
}: {
	id: string
	lastResult?: SubmissionResult<string[]> | null
	defaultSource: LeadSource
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
		},
	})
}

export type LeadScraperFormMeta = ReturnType<typeof useLeadScraperForm>[0]
export type LeadScraperFields = ReturnType<typeof useLeadScraperForm>[1]
