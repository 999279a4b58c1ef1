import { z } from 'zod'
import {
	LEAD_FILE_MAX_BYTES,
	LEAD_FILES_MAX,
	LEAD_IMPORT_MESSAGES,
	LEAD_INSTRUCTIONS_MAX_LENGTH,
	LEAD_TEXT_MAX_LENGTH,
	LINKEDIN_POST_CHANNELS,
	LINKEDIN_POST_DEFAULT_RANGE,
	LINKEDIN_POST_SLIDER_MAX,
	type LeadSource,
	type LinkedInPostFilter,
} from './lead-import.ts'
import {
	CONTACT_SEARCH_MAX_PEOPLE,
	CONTACT_SEARCH_MESSAGES,
	LOOKING_FOR_MAX_LENGTH,
} from './contact-search.ts'
import { checkLeadLink } from './lead-link.ts'

// The Lead scraper dialog's form (issue 14): one form for the four people sources, checked in the
// browser (Conform) and again by /lead-scraper/new's action. The stepped dialog and the plain
// no-JavaScript form post the same fields.

/** The dialog's sources: the four people sources, and company mode (a CSV of companies to search). */
export type LeadScraperSource = LeadSource | 'COMPANIES'

/** Which fields belong to which step of the dialog (step 1 is the source itself). */
export const LEAD_SCRAPER_SOURCE_FIELDS = {
	FILE: ['file'],
	TEXT: ['text'],
	LINK: ['url'],
	LINKEDIN_POST: ['postUrl', 'channel', 'commentsMin', 'commentsMax', 'reactionsMin', 'reactionsMax'],
	COMPANIES: ['companyFile', 'lookingFor', 'topX'],
} as const satisfies Record<LeadScraperSource, readonly string[]>

/** Company mode's search size when the user does not change it. */
export const COMPANY_MODE_DEFAULT_TOP = 5

export const LEAD_SOURCE_OPTIONS: ReadonlyArray<{ value: LeadSource; label: string; description: string }> = [
	{ value: 'FILE', label: 'Scrape file', description: 'Upload a CSV to create a list of leads' },
	{ value: 'TEXT', label: 'Scrape a plain text', description: 'Paste text' },
	{ value: 'LINK', label: 'Scrape link', description: 'Scrape an online website' },
	{
		value: 'LINKEDIN_POST',
		label: 'Scrape a linkedin post',
		description: 'Contacts from post reactions and comments',
	},
]

/** Company mode's one source: its people are found by a contact search at each company. */
export const COMPANY_SOURCE_OPTION = {
	value: 'COMPANIES',
	label: 'Scrape file',
	description: 'Upload a CSV to create a list of companies',
} as const satisfies { value: LeadScraperSource; label: string; description: string }

export const LINKEDIN_POST_CHANNEL_LABELS: Record<(typeof LINKEDIN_POST_CHANNELS)[number], string> = {
	all: 'Both reactions and comments',
	comments: 'Only comments',
	reactions: 'Only reactions',
}

/** A file as both browsers and the server's multipart reader give it (no `instanceof`: two realms). */
type FormFile = { name: string; size: number; type: string }

function isFormFile(value: unknown): value is FormFile {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as FormFile).name === 'string' &&
		typeof (value as FormFile).size === 'number'
	)
}

/** The server's rule (startLeadFileImports) for what a CSV is: its name or its type. */
export function isCsvFileName(file: { name: string; type: string }) {
	const type = file.type.toLowerCase()
	return /\.csv$/i.test(file.name) || type === 'text/csv' || type === 'application/csv'
}

const csvFile = z
	.custom<FormFile>(isFormFile, { error: LEAD_IMPORT_MESSAGES.noFile })
	.refine(isCsvFileName, { error: LEAD_IMPORT_MESSAGES.csvOnly })
	.refine((file) => file.size <= LEAD_FILE_MAX_BYTES, { error: LEAD_IMPORT_MESSAGES.fileTooLarge })

const instructions = z
	.string()
	.trim()
	.max(LEAD_INSTRUCTIONS_MAX_LENGTH, {
		error: `Instructions must be at most ${LEAD_INSTRUCTIONS_MAX_LENGTH.toLocaleString('en-US')} characters`,
	})
	.optional()
	.transform((value) => value || null)

/** A link field: "No link pasted" when empty, then the same check as the server's. */
function linkField(type: 'LINK' | 'LINKEDIN_POST') {
	return z
		.string({ error: LEAD_IMPORT_MESSAGES.noLinkPasted })
		.trim()
		.min(1, { error: LEAD_IMPORT_MESSAGES.noLinkPasted })
		.max(2_000, { error: LEAD_IMPORT_MESSAGES.invalidUrl })
		.superRefine((value, context) => {
			const link = checkLeadLink(value, type)
			if (!link.ok) context.addIssue({ code: 'custom', message: link.message })
		})
}

const sliderValue = (fallback: number) =>
	z
		.number({ error: 'Must be a whole number' })
		.int({ error: 'Must be a whole number' })
		.min(0, { error: 'Must be 0 or more' })
		.max(LINKEDIN_POST_SLIDER_MAX, { error: `Must be ${LINKEDIN_POST_SLIDER_MAX} or less` })
		.default(fallback)

const [DEFAULT_MIN, DEFAULT_MAX] = LINKEDIN_POST_DEFAULT_RANGE
const RANGE_ORDER_MESSAGE = 'The lowest value must not be above the highest'

export const LeadScraperFormSchema = z.discriminatedUnion(
	'source',
	[
		z.object({
			source: z.literal('FILE'),
			file: z
				.array(csvFile, { error: LEAD_IMPORT_MESSAGES.noFile })
				.min(1, { error: LEAD_IMPORT_MESSAGES.noFile })
				.max(LEAD_FILES_MAX, { error: `At most ${LEAD_FILES_MAX} files at once` }),
			instructions,
		}),
		z.object({
			source: z.literal('TEXT'),
			text: z
				.string({ error: LEAD_IMPORT_MESSAGES.noText })
				.max(LEAD_TEXT_MAX_LENGTH, {
					error: `The text must be at most ${LEAD_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`,
				})
				.refine((value) => value.trim().length > 0, { error: LEAD_IMPORT_MESSAGES.noText }),
			instructions,
		}),
		z.object({ source: z.literal('LINK'), url: linkField('LINK'), instructions }),
		z
			.object({
				source: z.literal('COMPANIES'),
				companyFile: z
					.array(csvFile, { error: LEAD_IMPORT_MESSAGES.noFile })
					.min(1, { error: LEAD_IMPORT_MESSAGES.noFile })
					.max(LEAD_FILES_MAX, { error: `At most ${LEAD_FILES_MAX} files at once` }),
				lookingFor: z
					.string()
					.trim()
					.max(LOOKING_FOR_MAX_LENGTH, { error: `At most ${LOOKING_FOR_MAX_LENGTH} characters` })
					.optional()
					.transform((value) => value || null),
				topX: z
					.number({ error: CONTACT_SEARCH_MESSAGES.wholeNumber })
					.int({ error: CONTACT_SEARCH_MESSAGES.wholeNumber })
					.min(1, { error: CONTACT_SEARCH_MESSAGES.atLeastOne })
					.max(CONTACT_SEARCH_MAX_PEOPLE, { error: CONTACT_SEARCH_MESSAGES.topPerCompanyTooMany })
					.default(COMPANY_MODE_DEFAULT_TOP),
				/** "true" when every chosen file has a role prompt column (analyze-csv; the server reads the files again). */
				rolePromptPresent: z.enum(['true', 'false']).optional(),
			})
			.superRefine((value, context) => {
				if (value.lookingFor || value.rolePromptPresent === 'true') return
				context.addIssue({
					code: 'custom',
					path: ['lookingFor'],
					message: CONTACT_SEARCH_MESSAGES.rolePromptOrLookingFor,
				})
			}),
		z
			.object({
				source: z.literal('LINKEDIN_POST'),
				postUrl: linkField('LINKEDIN_POST'),
				channel: z.enum(LINKEDIN_POST_CHANNELS).default('all'),
				commentsMin: sliderValue(DEFAULT_MIN),
				commentsMax: sliderValue(DEFAULT_MAX),
				reactionsMin: sliderValue(DEFAULT_MIN),
				reactionsMax: sliderValue(DEFAULT_MAX),
				/** The companion's post authors (JSON), added by the dialog just before it posts. */
				contacts: z.string().max(5_000_000).optional(),
				/** The post's own text, as the companion read it. */
				postText: z.string().max(LEAD_TEXT_MAX_LENGTH).optional(),
				instructions,
			})
			.superRefine((value, context) => {
				if (value.commentsMin > value.commentsMax)
					context.addIssue({ code: 'custom', path: ['commentsMin'], message: RANGE_ORDER_MESSAGE })
				if (value.reactionsMin > value.reactionsMax)
					context.addIssue({ code: 'custom', path: ['reactionsMin'], message: RANGE_ORDER_MESSAGE })
			}),
	],
	{ error: 'Choose where the leads come from' },
)
export type LeadScraperForm = z.output<typeof LeadScraperFormSchema>
export type LinkedInPostForm = Extract<LeadScraperForm, { source: 'LINKEDIN_POST' }>
export type CompanyModeForm = Extract<LeadScraperForm, { source: 'COMPANIES' }>

/** The stored filter of a LinkedIn post import, from the form's slider fields. */
export function postFilterOf(form: LinkedInPostForm): LinkedInPostFilter {
	return {
		channel: form.channel,
		comments: [form.commentsMin, form.commentsMax],
		reactions: [form.reactionsMin, form.reactionsMax],
	}
}
