import { z } from 'zod'
import { LEAD_SAVE_MAX } from '#app/schemas/lead-import.ts'
import { TagNameSchema } from '#app/schemas/tag.ts'

// The review page of a lead import (/lead-scraper/:queueId): its forms' fields, shared by the
// route's action and the table, the dialog and the no-JavaScript tags section that post them.

/** Spec §9: roles cut at 40 characters, emails at 20 (the full text in a tooltip). */
export const REVIEW_ROLE_MAX_CHARS = 40
export const REVIEW_EMAIL_MAX_CHARS = 20

export const LEAD_REVIEW_FIELDS = {
	leadId: 'leadId',
	tagId: 'tagId',
	selection: 'selection',
	reply: 'reply',
} as const

const ids = (max: number) => z.array(z.string().trim().min(1).max(100)).max(max).default([])

export const LeadReviewIntentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('save'),
		/** `all`: every new lead of the import, on every page ("Select all n new leads"). */
		selection: z.enum(['ids', 'all']).default('ids'),
		leadId: ids(LEAD_SAVE_MAX),
		tagId: ids(100),
		/** The dialog (a fetcher) reads the summary back; a plain form post is redirected (no JavaScript). */
		reply: z.enum(['redirect', 'data']).default('redirect'),
	}),
	z.object({ intent: z.literal('create-tag'), name: TagNameSchema }),
])

/** What the dialog's save answers: the spec's success message and warnings, or the refusal. */
export type LeadSaveReply =
	{ status: 'saved'; message: string; warnings: string[] } | { status: 'refused'; message: string }

/** "Role at Company…": at most `max` characters, with an ellipsis when cut. */
export function cutText(text: string, max: number) {
	const chars = [...text]
	return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text
}
