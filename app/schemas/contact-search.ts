import { z } from 'zod'

// Contact search (issue 15, spec "Contact search results", "Bulk contact search form", "Contact
// search job", `POST /api/v2/leads/contacts/search[/bulk]`): the shapes shared by the forms, the
// API, the job, the ranker and the results pages. One search is one Queueable of this type.

export const CONTACT_SEARCH_TYPE = 'contact_search'

export const CONTACT_SEARCH_MAX_PEOPLE = 20
export const CONTACT_SEARCH_MAX_COMPANIES = 100
export const LOOKING_FOR_MAX_LENGTH = 2_000
export const NO_COMPANY_DESCRIPTION = 'No company description available'

export const CONTACT_SEARCH_MESSAGES = {
	wholeNumber: 'Must be a whole number',
	atLeastOne: 'Must be at least 1 person',
	tooMany: 'Cannot exceed 20 people',
	tooManyPerCompany: 'Cannot exceed 20 people per company',
	lookingForRequired: 'Please describe what you are looking for',
	/** The lead scraper's company mode: a CSV may say per company whom to find (a role prompt). */
	rolePromptOrLookingFor: 'Please enter a role prompt or looking for',
	topPerCompanyTooMany: 'Top contacts per company cannot exceed 20',
	selectCompany: 'Please select at least one company',
	companyRequired: 'Company is required',
	bulkStartFailed: 'Failed to start bulk contact search. Please try again.',
	noResponse: 'No response received',
	bulkFailed: 'Bulk contact search failed',
	singleFailed: 'Contact search failed',
	noContactsForCompany: 'No contacts found for this company',
	noMatches: 'No contacts found matching your search.',
	nothingFound: 'No companies or contacts found.',
	nameNotAvailable: 'Name not available',
	completedSingle: 'Contact search completed!',
} as const

export function startFailedMessage(mode: ContactSearchMode) {
	return `Failed to start ${mode} contact search`
}
export function startedSingleMessage(estimatedTime: string) {
	return `Contact search started! Estimated time: ${estimatedTime}`
}
export function startedBulkMessage(companies: number, estimatedTime: string) {
	return `Bulk contact search started for ${companies} companies! Estimated time: ${estimatedTime}`
}
export function completedBulkMessage(contacts: number, companies: number) {
	return `Bulk contact search completed! Found ${contacts} contacts across ${companies} companies.`
}
/** "Maximum 20 contacts per company. Total: N contacts" */
export function bulkTotalHint(companies: number, perCompany: number) {
	return `Maximum ${CONTACT_SEARCH_MAX_PEOPLE} contacts per company. Total: ${companies * perCompany} contacts`
}

export type ContactSearchMode = 'single' | 'bulk'

/** What a search looked for, as its page and export say it. */
export function searchedForLabel(result: Pick<ContactSearchJobResult, 'query' | 'results'>) {
	const prompts = [...new Set(result.results.map((company) => company.lookingFor).filter(Boolean))]
	if (!prompts.length) return result.query.lookingFor
	const own = `each company's role prompt (${prompts.slice(0, 3).join('; ')}${prompts.length > 3 ? '; …' : ''})`
	return result.query.lookingFor ? `${result.query.lookingFor}, or ${own}` : own.replace(/^e/, 'E')
}

const peopleCount = (tooMany: string) =>
	z.coerce
		.number({ error: CONTACT_SEARCH_MESSAGES.wholeNumber })
		.int({ error: CONTACT_SEARCH_MESSAGES.wholeNumber })
		.min(1, { error: CONTACT_SEARCH_MESSAGES.atLeastOne })
		.max(CONTACT_SEARCH_MAX_PEOPLE, { error: tooMany })

const lookingFor = z
	.string({ error: CONTACT_SEARCH_MESSAGES.lookingForRequired })
	.trim()
	.min(1, { error: CONTACT_SEARCH_MESSAGES.lookingForRequired })
	.max(LOOKING_FOR_MAX_LENGTH, { error: `At most ${LOOKING_FOR_MAX_LENGTH} characters` })

/** Spec "Target company in a search": what the caller knows of a company (an id of ours, or facts). */
export const TargetCompanySchema = z.object({
	/** Whom to find at this company (a role prompt from the company file); else the search's lookingFor. */
	lookingFor: z.string().trim().max(LOOKING_FOR_MAX_LENGTH).nullish(),
	id: z.string().trim().min(1).max(100).optional(),
	name: z.string().trim().min(1).max(300).optional(),
	description: z.string().max(20_000).nullish(),
	logoUrl: z.string().max(2_000).nullish(),
	industries: z.array(z.string().max(200)).max(50).nullish(),
	location: z.string().max(500).nullish(),
	website: z.string().max(2_000).nullish(),
	linkedin_url: z.string().max(2_000).nullish(),
	num_employees: z.number().int().nonnegative().nullish(),
	country_code: z.string().max(10).nullish(),
})
export type TargetCompany = z.infer<typeof TargetCompanySchema>

const options = z
	.object({
		/** Leave out the people already saved as contacts (they are shown dimmed otherwise). */
		excludeExisting: z.boolean().optional(),
	})
	.partial()
	.optional()

/** POST /api/v2/leads/contacts/search */
export const SingleContactSearchSchema = z.object({
	targetCompany: TargetCompanySchema.refine((company) => company.id || company.name, {
		error: CONTACT_SEARCH_MESSAGES.companyRequired,
	}),
	myCompany: z.string().max(20_000).nullish(),
	lookingFor,
	topX: peopleCount(CONTACT_SEARCH_MESSAGES.tooMany),
	options,
})

/** POST /api/v2/leads/contacts/search/bulk: lookingFor may be left out when every company has its own. */
export const BulkContactSearchSchema = z
	.object({
		targetCompanies: z
			.array(
				TargetCompanySchema.refine((company) => company.id || company.name, {
					error: CONTACT_SEARCH_MESSAGES.companyRequired,
				}),
				{ error: CONTACT_SEARCH_MESSAGES.selectCompany },
			)
			.min(1, { error: CONTACT_SEARCH_MESSAGES.selectCompany })
			.max(CONTACT_SEARCH_MAX_COMPANIES, {
				error: `At most ${CONTACT_SEARCH_MAX_COMPANIES} companies at once`,
			}),
		myCompany: z.string().max(20_000).nullish(),
		lookingFor: z
			.string()
			.trim()
			.max(LOOKING_FOR_MAX_LENGTH, { error: `At most ${LOOKING_FOR_MAX_LENGTH} characters` })
			.nullish(),
		topX: peopleCount(CONTACT_SEARCH_MESSAGES.tooManyPerCompany),
		options,
	})
	.superRefine((value, context) => {
		if (value.lookingFor) return
		const own = value.targetCompanies.filter((company) => company.lookingFor).length
		if (own === value.targetCompanies.length) return
		context.addIssue({
			code: 'custom',
			path: ['lookingFor'],
			message:
				own > 0 ? CONTACT_SEARCH_MESSAGES.rolePromptOrLookingFor : CONTACT_SEARCH_MESSAGES.lookingForRequired,
		})
	})

/** Where a candidate was found; kept on every result so a ranking can say where it came from. */
export type CandidateSource = 'CONTACTS' | 'LEADS' | 'LINKEDIN' | 'PROVIDER'

/** A person who may be the one the user is looking for, at one target company. */
export type ContactCandidate = {
	/** Stable within one search: the source and its own id (a contact id, a LinkedIn URN…). */
	key: string
	source: CandidateSource
	firstName: string | null
	middleName?: string | null
	lastName: string | null
	email: string | null
	phone: string | null
	role: string | null
	roleDetails: string | null
	summary: string | null
	location: string | null
	linkedinUrl: string | null
	companyName: string | null
	companyId: string | null
	/** The organization's contact when this person is already saved (dimmed, not selectable). */
	existingContactId: string | null
	/** Every source that found this person (after de-duplication across sources); `source` is the first. */
	sources?: CandidateSource[]
}

/** Spec "Contact search result", plus where the person came from and whether they are saved. */
export type ContactSearchResult = {
	id: string
	rank: number | null
	firstName: string | null
	lastName: string | null
	email: string | null
	phone: string | null
	role: string | null
	roleDetails: string | null
	companyName: string | null
	linkedinUrl: string | null
	matchReason: string
	score: number
	relevanceScore: number
	location: string | null
	companyData: { id: string | null; name: string | null; website?: string | null; logoUrl?: string | null }
	source: CandidateSource
	existingContactId: string | null
	/** Every source that found this person. */
	sources?: CandidateSource[]
}

/** One company's part of a search: spec "Bulk result" results[]. */
export type CompanyContactSearchResult = {
	companyId: string | null
	companyName: string
	website: string | null
	logoUrl: string | null
	topContacts: ContactSearchResult[]
	totalEmployeesAnalyzed: number
	/** Whom this company was searched for when it had its own role prompt. */
	lookingFor?: string
	/** Set when this company's search failed (the others still count). */
	error?: string
	/** Each source's outcome for this company: found n, skipped (with why) or failed (with why). */
	sources?: Array<{ name: string; status: 'ok' | 'skipped' | 'failed'; found: number; note?: string }>
}

/** The Queueable's `result` for both modes (a single search has one company). */
export type ContactSearchJobResult = {
	mode: ContactSearchMode
	ranker: 'model' | 'offline'
	results: CompanyContactSearchResult[]
	summary: { totalContactsFound: number; successfulCompanies: number }
	query: { lookingFor: string; topX: number }
}

/** The start answer: `{ success, data: { queueableId, totalCompanies, estimatedTime } }`. */
export type ContactSearchStarted = {
	queueableId: string
	totalCompanies: number
	/** Plain words, within 30 s of the truth: "about 20 seconds", "about 2 minutes". */
	estimatedTime: string
}
