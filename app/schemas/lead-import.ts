import { z } from 'zod'

// The lead scraper (issue 14): the shape of one scraped lead, the sources, the spec's messages
// and limits. Shared by the extractors, the import job, the review page, the save and the API.

export const LEAD_SOURCES = ['FILE', 'TEXT', 'LINK', 'LINKEDIN_POST'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]

/** Spec "Link classification". */
export const LINK_CLASSIFICATIONS = ['POST', 'PEOPLE', 'NETWORK', 'INVALID_URL', 'OTHERS'] as const
export type LinkClassification = (typeof LINK_CLASSIFICATIONS)[number]

export const LINKEDIN_POST_CHANNELS = ['all', 'comments', 'reactions'] as const
export type LinkedInPostChannel = (typeof LINKEDIN_POST_CHANNELS)[number]

/** Spec §9: lead files are CSV only, at most 1 MB. */
export const LEAD_FILE_MAX_BYTES = 1_000_000
/** Several files → one import each; a form takes at most this many at once. */
export const LEAD_FILES_MAX = 10
export const LEAD_TEXT_MAX_LENGTH = 1_000_000
export const LEAD_INSTRUCTIONS_MAX_LENGTH = 2_000
/** Spec §9: the LinkedIn post sliders run 0–250, default 50–250. */
export const LINKEDIN_POST_SLIDER_MAX = 250
export const LINKEDIN_POST_DEFAULT_RANGE = [50, 250] as const
/** One save (POST /contacts/save) takes at most this many leads. */
export const LEAD_SAVE_MAX = 10_000

export const LEAD_IMPORT_MESSAGES = {
	noFile: 'No file selected',
	csvOnly: 'Only CSV files are supported',
	fileTooLarge: 'The file is larger than 1 MB',
	couldNotRead: 'Could not read file contents',
	couldNotParseCsv: 'Could not parse CSV content',
	noText: 'No text content provided',
	noLinkPasted: 'No link pasted',
	noLinkProvided: 'No link provided',
	invalidUrl: 'Invalid URL. Please enter a valid URL.',
	invalidUrlRetry: 'Invalid URL, please try again with a valid URL',
	notLinkedInPost: 'The link is not a LinkedIn post, use the link scraper',
	noTextInLink: 'No text content found in the link',
	noValidContacts: 'No valid contacts found',
	connectLinkedIn: 'Please connect your LinkedIn account to use this feature',
	// Not in the spec: a LinkedIn link given to Scrape link, which never reads LinkedIn itself.
	linkedInPostAsLink: 'This link is a LinkedIn post: use Scrape a linkedin post',
	linkedInPageAsLink:
		'LinkedIn shows this page only to signed-in members: open it in LinkedIn, copy the people and use Scrape a plain text',
	networkPageAsLink:
		'This network shows its lists of people only to signed-in members: open the page, copy the people and use Scrape a plain text',
	startFailed: 'Failed to start import',
	linkImportFailed: 'Failed to import leads from link',
	linkFetchFailed: 'Failed to fetch contacts from link',
	cancelFailed: 'Failed to cancel import',
	importFailed: 'An error occurred during import',
	noLeadsFound: 'No leads were found in this source',
	noLeadsSelected: 'No leads selected.',
	noProcessedLeads: 'No processed leads to save.',
	noValidContactsToSave: 'No valid contacts to save.',
	saveFailed: 'Failed to save contacts',
	processFailed: 'Failed to process contacts',
	tagsDisabled: 'Some contacts already exist in the database. Tag selection is disabled.',
} as const

/** "1 company skipped: {name} (missing company name or description)" / "n companies skipped …" */
export function companiesSkippedMessage(names: string[]) {
	if (names.length === 1) return `1 company skipped: ${names[0]} (missing company name or description)`
	return `${names.length} companies skipped due to missing company name or description`
}

/** "Skipped n duplicate contacts" */
export function duplicatesSkippedMessage(count: number) {
	return `Skipped ${count} duplicate contacts`
}

/**
 * "Successfully processed n contacts! (n new contacts created..., n existing contacts tagged or
 * found) • n skipped • n failed" — the parts after the parenthesis only when non-zero.
 */
export function leadsSavedMessage(counts: {
	created: number
	existing: number
	skipped: number
	failed: number
}) {
	const processed = counts.created + counts.existing
	let message = `Successfully processed ${processed} contacts! (${counts.created} new contacts created..., ${counts.existing} existing contacts tagged or found)`
	if (counts.skipped) message += ` • ${counts.skipped} skipped`
	if (counts.failed) message += ` • ${counts.failed} failed`
	return message
}

const text = (max: number) => z.string().trim().max(max).optional().nullable()

/** One person found by an extractor (model or offline). Names are required; the rest where found. */
export const ExtractedLeadSchema = z.object({
	firstName: z.string().trim().min(1).max(100),
	middleName: text(100),
	lastName: z.string().trim().max(100),
	email: text(254),
	phone: text(50),
	linkedin: text(500),
	role: text(200),
	roleDetails: text(2_000),
	companyName: text(200),
	companyDescription: text(5_000),
})
export type ExtractedLead = z.infer<typeof ExtractedLeadSchema>

const instructionsField = z
	.string({ error: 'Instructions must be text' })
	.trim()
	.max(LEAD_INSTRUCTIONS_MAX_LENGTH, {
		error: `Instructions must be at most ${LEAD_INSTRUCTIONS_MAX_LENGTH} characters`,
	})
	.nullable()
	.optional()
	.transform((value) => value || null)

/** Scrape a plain text (the dialog and POST /api/v1/lead-scraper/import/text). */
export const LeadTextImportSchema = z.object({
	text: z
		.string({ error: LEAD_IMPORT_MESSAGES.noText })
		.max(LEAD_TEXT_MAX_LENGTH, {
			error: `The text must be at most ${LEAD_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`,
		})
		.refine((value) => value.trim().length > 0, { error: LEAD_IMPORT_MESSAGES.noText }),
	instructions: instructionsField,
})
export type LeadTextImportInput = z.output<typeof LeadTextImportSchema>

/** Spec "Lead link contact": firstName, middleName (optional), lastName, linkedin (URL). */
export const LinkContactSchema = z.object({
	firstName: z.string().trim().min(1).max(100),
	middleName: z.string().trim().max(100).nullable().optional(),
	lastName: z.string().trim().min(1).max(100),
	linkedin: z.url({ protocol: /^https?$/ }).max(500),
	role: z.string().trim().max(200).nullable().optional(),
	companyName: z.string().trim().max(200).nullable().optional(),
})
export type LinkContact = z.output<typeof LinkContactSchema>

const rangeField = z
	.tuple([
		z.number().int().min(0).max(LINKEDIN_POST_SLIDER_MAX),
		z.number().int().min(0).max(LINKEDIN_POST_SLIDER_MAX),
	])
	.refine(([low, high]) => low <= high, { error: 'The range must run from low to high' })

/** Spec "Lead file import settings": the LinkedIn post filter. */
export const LinkedInPostFilterSchema = z.object({
	channel: z.enum(LINKEDIN_POST_CHANNELS).default('all'),
	comments: rangeField.default([...LINKEDIN_POST_DEFAULT_RANGE]),
	reactions: rangeField.default([...LINKEDIN_POST_DEFAULT_RANGE]),
})
export type LinkedInPostFilter = z.output<typeof LinkedInPostFilterSchema>

/**
 * POST /api/v1/lead-scraper/import/link: a link to scrape, or the text or contacts a caller
 * already has from it (the companion's post authors). `type` is the lead source.
 */
export const LeadLinkImportSchema = z
	.object({
		url: z
			.string({ error: LEAD_IMPORT_MESSAGES.noLinkProvided })
			.trim()
			.min(1, { error: LEAD_IMPORT_MESSAGES.noLinkProvided })
			.max(2_000, { error: LEAD_IMPORT_MESSAGES.invalidUrl }),
		text: z.string().max(LEAD_TEXT_MAX_LENGTH).nullable().optional(),
		contacts: z.array(z.unknown()).max(LEAD_SAVE_MAX).nullable().optional(),
		instructions: instructionsField,
		parseText: z.boolean().optional(),
		source: z.string().trim().max(200).nullable().optional(),
		urlClassification: z.enum(LINK_CLASSIFICATIONS).nullable().optional(),
		type: z.enum(['LINK', 'LINKEDIN_POST']).default('LINK'),
		postFilter: LinkedInPostFilterSchema.nullable().optional(),
	})
	.transform((value) => ({ ...value, text: value.text ?? null, contacts: value.contacts ?? null }))
export type LeadLinkImportInput = z.output<typeof LeadLinkImportSchema>

/** POST /api/v1/lead-scraper/analyze-csv */
export const AnalyzeCsvSchema = z.object({
	content: z.string({ error: 'content must be text' }).max(LEAD_FILE_MAX_BYTES * 2),
})

/** POST /api/v1/contacts/save: the leads (import-contact variant, checked one by one) and the groups. */
export const SaveLeadsBodySchema = z.object({
	contacts: z
		.array(z.unknown(), { error: 'contacts must be a list' })
		.max(LEAD_SAVE_MAX, { error: `At most ${LEAD_SAVE_MAX.toLocaleString('en-US')} contacts per save` }),
	tagIds: z.array(z.string().trim().min(1).max(100)).max(100).optional().default([]),
	listId: z.string().trim().min(1).max(100).nullable().optional(),
})
