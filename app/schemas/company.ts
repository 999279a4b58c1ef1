import { z } from 'zod'

// Companies: the form (through Conform: text fields, empty → absent) and the JSON API (values)
// share these fields, so both give the spec's messages ("Company form", "Company URLs").

export const COMPANY_NAME_MAX_LENGTH = 200
export const COMPANY_TEXT_MAX_LENGTH = 10_000
export const COMPANY_SHORT_TEXT_MAX_LENGTH = 500
export const URL_MAX_LENGTH = 2_048
/** The largest value of the Int columns (employeeCount, linkedinFollowers). */
export const MAX_WHOLE_NUMBER = 2_147_483_647
export const COMPANIES_API_DEFAULT_TAKE = 20
export const COMPANIES_API_MAX_TAKE = 1_000
export const COMPANY_PICKER_PAGE_SIZE = 20
export const COMPANIES_PAGE_SIZE = 20
export const COMPANY_CONTACTS_PAGE_SIZE = 100

export const COMPANY_MESSAGES = {
	nameRequired: 'Company name is required',
	descriptionRequired: 'Company description is required',
	website: 'Please enter a valid website URL',
	linkedinCompany: 'Please enter a valid LinkedIn company URL',
	linkedinNotPersonal: 'URL must be a LinkedIn company URL, not a personal profile',
	linkedinPersonal: 'Please enter a valid LinkedIn profile URL',
	linkedinNotCompany: 'URL must be a LinkedIn personal profile URL, not a company profile',
	crunchbase: 'URL must be a Crunchbase organization URL',
	logo: 'Please enter a valid logo URL',
	employeeCount: 'Employee count must be a whole number',
	linkedinFollowers: 'LinkedIn followers must be a whole number',
	jsonParse: 'JSON parse error',
	duplicate: 'A company with these details already exists.',
	created: 'Company created successfully',
	updated: 'Company updated successfully',
	deleted: 'Company deleted successfully',
	notFound: 'Company not found',
} as const

// ---------- URL rules (also used to decide whether a stored link may be rendered) ----------

/** Company links are https only, with a real host name. */
export function parseHttpsUrl(value: string): URL | null {
	let url: URL
	try {
		url = new URL(value.trim())
	} catch {
		return null
	}
	if (url.protocol !== 'https:' || !url.hostname.includes('.') || url.username || url.password) return null
	return url
}

function isLinkedInHost(hostname: string) {
	const host = hostname.toLowerCase()
	return host === 'linkedin.com' || host.endsWith('.linkedin.com')
}

const LINKEDIN_PERSONAL_PATH = /^\/(in|pub)\/[^/]+/i
const LINKEDIN_COMPANY_PATH = /^\/company\/[^/]+/i

/** null when the value is a LinkedIn company page URL, else the spec's message. */
export function linkedinCompanyUrlError(value: string): string | null {
	const url = parseHttpsUrl(value)
	if (!url || !isLinkedInHost(url.hostname)) return COMPANY_MESSAGES.linkedinCompany
	if (LINKEDIN_PERSONAL_PATH.test(url.pathname)) return COMPANY_MESSAGES.linkedinNotPersonal
	if (!LINKEDIN_COMPANY_PATH.test(url.pathname)) return COMPANY_MESSAGES.linkedinCompany
	return null
}

/** null when the value is a LinkedIn personal profile URL (/in/…), else the spec's message. */
export function linkedinProfileUrlError(value: string): string | null {
	const url = parseHttpsUrl(value)
	if (!url || !isLinkedInHost(url.hostname)) return COMPANY_MESSAGES.linkedinPersonal
	if (LINKEDIN_COMPANY_PATH.test(url.pathname)) return COMPANY_MESSAGES.linkedinNotCompany
	if (!/^\/in\/[^/]+/i.test(url.pathname)) return COMPANY_MESSAGES.linkedinPersonal
	return null
}

export function crunchbaseUrlError(value: string): string | null {
	const url = parseHttpsUrl(value)
	const host = url?.hostname.toLowerCase()
	if (!url || (host !== 'crunchbase.com' && host !== 'www.crunchbase.com')) return COMPANY_MESSAGES.crunchbase
	if (!/^\/organization\/[^/]+/i.test(url.pathname)) return COMPANY_MESSAGES.crunchbase
	return null
}

function websiteUrlError(value: string) {
	return parseHttpsUrl(value) ? null : COMPANY_MESSAGES.website
}

function logoUrlError(value: string) {
	return parseHttpsUrl(value) ? null : COMPANY_MESSAGES.logo
}

// ---------- field schemas: undefined = not given, null = cleared ----------

function requiredText(message: string, max: number, label: string) {
	return z
		.string({ error: message })
		.trim()
		.min(1, { error: message })
		.max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')} characters` })
}

/** Optional text: trimmed, an empty value becomes null (absent). */
function optionalText(label: string, max: number) {
	return (
		z
			// string().nullable(), not a union: Conform would mark a union field required.
			.string({ error: `${label} must be text` })
			.nullable()
			.transform((value, ctx) => {
				if (value === null) return value
				const text = value.trim()
				if (!text) return null
				if (text.length > max) {
					ctx.addIssue({
						code: 'custom',
						message: `${label} must be at most ${max.toLocaleString('en-US')} characters`,
					})
					return z.NEVER
				}
				return text
			})
			// Outside the transform, so Conform does not mark the field required.
			.optional()
	)
}

/** A bare domain ("nordhaven.example", "www.acme.io/about"), as people type a website. */
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?:[/?#]\S*)?$/i

/** A website as typed: a bare domain is read as its https address, as every CRM does. */
export function withHttps(value: string) {
	return BARE_DOMAIN.test(value) ? `https://${value}` : value
}

/** An optional URL checked by `check` (after `normalize`); empty becomes absent. */
function optionalUrl(
	check: (value: string) => string | null,
	typeMessage: string,
	normalize: (value: string) => string = (value) => value,
) {
	return z
		.string({ error: typeMessage })
		.nullable()
		.transform((value, ctx) => {
			if (value === null) return value
			const text = normalize(value.trim())
			if (!text) return null
			const message = text.length > URL_MAX_LENGTH ? typeMessage : check(text)
			if (message) {
				ctx.addIssue({ code: 'custom', message })
				return z.NEVER
			}
			return text
		})
		.optional()
}

/** Digits only (a JSON number must be a non-negative integer); empty becomes absent. */
function wholeNumber(message: string) {
	return (
		z
			// z.unknown, not a union: Conform would mark a union field required.
			.unknown()
			.transform((value, ctx) => {
				if (value === undefined || value === null) return value
				const text =
					typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null
				if (text === '') return null
				const number = Number(text)
				if (text === null || !/^\d+$/.test(text) || number > MAX_WHOLE_NUMBER) {
					ctx.addIssue({ code: 'custom', message })
					return z.NEVER
				}
				return number
			})
			// Outside the transform, so Conform does not mark the field required.
			.optional()
	)
}

const HeadquarterSchema = z.object(
	{
		geographic_area: z.string().nullable().optional(),
		country: z.string().nullable().optional(),
		city: z.string().nullable().optional(),
		postal_code: z.string().nullable().optional(),
		first_line: z.string().nullable().optional(),
	},
	{ error: 'Headquarter must be an object' },
)
export type Headquarter = z.infer<typeof HeadquarterSchema>

const LocationsSchema = z
	.array(z.string({ error: 'Locations must be a list of text' }).trim(), {
		error: 'Locations must be a list of text',
	})
	.max(1_000, { error: 'At most 1,000 locations are allowed' })
	.transform((locations) => locations.filter(Boolean))

const FundingSchema = z.json({ error: 'Funding must be JSON' })

/** A JSON value given as a value (API) or as JSON text (form); a text that does not parse is "JSON parse error". */
function jsonField<T extends z.ZodType>(shape: T, { fromText }: { fromText: boolean }) {
	return (
		z
			.unknown()
			.transform((value, ctx): z.output<T> | null | undefined => {
				let parsedValue = value
				if (value === undefined || value === null) return value
				if (fromText) {
					if (typeof value !== 'string') {
						ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.jsonParse })
						return z.NEVER
					}
					if (!value.trim()) return null
					try {
						parsedValue = JSON.parse(value)
					} catch {
						ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.jsonParse })
						return z.NEVER
					}
					if (parsedValue === null) return null
				}
				const result = shape.safeParse(parsedValue)
				if (!result.success) {
					ctx.addIssue({
						code: 'custom',
						message: result.error.issues[0]?.message ?? COMPANY_MESSAGES.jsonParse,
					})
					return z.NEVER
				}
				return result.data
			})
			// Outside the transform, so Conform does not mark the field required.
			.optional()
	)
}

const companyFields = {
	name: requiredText(COMPANY_MESSAGES.nameRequired, COMPANY_NAME_MAX_LENGTH, 'Company name'),
	description: requiredText(
		COMPANY_MESSAGES.descriptionRequired,
		COMPANY_TEXT_MAX_LENGTH,
		'Company description',
	),
	summary: optionalText('Summary', COMPANY_TEXT_MAX_LENGTH),
	tagline: optionalText('Tagline', COMPANY_SHORT_TEXT_MAX_LENGTH),
	website: optionalUrl(websiteUrlError, COMPANY_MESSAGES.website, withHttps),
	linkedinUrl: optionalUrl(linkedinCompanyUrlError, COMPANY_MESSAGES.linkedinCompany),
	crunchbaseUrl: optionalUrl(crunchbaseUrlError, COMPANY_MESSAGES.crunchbase),
	industry: optionalText('Industry', COMPANY_SHORT_TEXT_MAX_LENGTH),
	revenue: optionalText('Revenue', COMPANY_SHORT_TEXT_MAX_LENGTH),
	employeeCount: wholeNumber(COMPANY_MESSAGES.employeeCount),
	employeeCountRange: optionalText('Employee range', COMPANY_SHORT_TEXT_MAX_LENGTH),
	linkedinFollowers: wholeNumber(COMPANY_MESSAGES.linkedinFollowers),
}

/** The New Company / Edit Company form. headquarter, locations and funding arrive as JSON text. */
export const CompanyFormSchema = z.object({
	...companyFields,
	headquarter: jsonField(HeadquarterSchema, { fromText: true }),
	locations: jsonField(LocationsSchema, { fromText: true }),
	funding: jsonField(FundingSchema, { fromText: true }),
})

/** POST /api/v1/companies: the spec's company save payload (plus logoUrl and metadata). */
export const CompanyApiCreateSchema = z.object(
	{
		...companyFields,
		headquarter: jsonField(HeadquarterSchema, { fromText: false }),
		locations: jsonField(LocationsSchema, { fromText: false }),
		funding: jsonField(FundingSchema, { fromText: false }),
		logoUrl: optionalUrl(logoUrlError, COMPANY_MESSAGES.logo),
		metadata: z.record(z.string(), z.string(), { error: 'Metadata must be a map of text values' }).optional(),
	},
	{ error: 'Request body must be an object' },
)

/** PUT /api/v1/companies/:id: only the fields given change; null clears an optional field. */
export const CompanyApiUpdateSchema = CompanyApiCreateSchema.partial()

/** What creating a company needs (from the form or the API); other fields are optional. */
export type CompanyInput = Partial<z.output<typeof CompanyApiCreateSchema>> & {
	name: string
	description: string
}
export type CompanyUpdateInput = Partial<z.output<typeof CompanyApiCreateSchema>>

/** Optional fields of the edit form: a field left empty there clears the stored value. */
const CLEARABLE_FORM_FIELDS = [
	'summary',
	'tagline',
	'website',
	'linkedinUrl',
	'crunchbaseUrl',
	'industry',
	'revenue',
	'employeeCount',
	'employeeCountRange',
	'linkedinFollowers',
	'headquarter',
	'locations',
	'funding',
] as const

/** The edit form posts every field; Conform drops empty ones, which here means "clear it". */
export function editFormToUpdate(value: z.output<typeof CompanyFormSchema>): CompanyUpdateInput {
	const update: CompanyUpdateInput = { ...value }
	for (const key of CLEARABLE_FORM_FIELDS) {
		if (update[key] === undefined) (update as Record<string, unknown>)[key] = null
	}
	return update
}

/** Query of GET /api/v1/companies and of the companies page. */
export const CompanyListQuerySchema = z.object({
	take: z.coerce
		.number({ error: `take must be a whole number from 1 to ${COMPANIES_API_MAX_TAKE}` })
		.int({ error: `take must be a whole number from 1 to ${COMPANIES_API_MAX_TAKE}` })
		.min(1, { error: `take must be a whole number from 1 to ${COMPANIES_API_MAX_TAKE}` })
		// More than the maximum is served as the maximum, not refused.
		.transform((take) => Math.min(take, COMPANIES_API_MAX_TAKE))
		.default(COMPANIES_API_DEFAULT_TAKE),
	skip: z.coerce
		.number({ error: 'skip must be a whole number' })
		.int({ error: 'skip must be a whole number' })
		.min(0, { error: 'skip must be a whole number' })
		.default(0),
	search: z
		.string()
		.trim()
		.max(200, { error: 'search must be at most 200 characters' })
		.optional()
		.transform((value) => value || undefined),
})

/** Reads take/skip/search from a query string (an empty value counts as absent). */
export function companyListQueryFromSearchParams(params: URLSearchParams) {
	const read = (key: string) => params.get(key) || undefined
	return CompanyListQuerySchema.safeParse({ take: read('take'), skip: read('skip'), search: read('search') })
}
