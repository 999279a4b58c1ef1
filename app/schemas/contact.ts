import { type SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { canonicalLinkedinUrl } from '#app/utils/linkedin-url.ts'

// Contacts: the Add Contact form (also POST /api/v1/contacts), the Edit Contact modal (also the
// edit page), PUT /api/v1/contacts/:id and POST /api/v1/contacts/check-batch. Messages are the
// spec's ("Contact form" and "Edit contact" in outreach-sequences.md §5).

export const CONTACT_STATUSES = ['NEW', 'ACTIVE', 'ARCHIVED', 'INACTIVE'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]

export const CONTACT_MESSAGES = {
	firstNameRequired: 'First name is required',
	lastNameRequired: 'Last name is required',
	emailRequired: 'Email is required',
	emailInvalid: 'Invalid email address',
	urlInvalid: 'Please enter a valid URL',
	roleRequired: 'Role is required',
	roleEmpty: 'Role cannot be empty',
	companyRequired: 'Company is required',
	companySelect: 'Please select a company',
	duplicateEmail: 'A contact with this email already exists.',
	companyNotFound: 'Company not found',
	tagNotFound: 'Tag not found',
	contactNotFound: 'Contact not found',
} as const

export const NAME_MAX_LENGTH = 100
export const EMAIL_MAX_LENGTH = 254
export const PHONE_MAX_LENGTH = 50
export const URL_MAX_LENGTH = 500
export const ROLE_MAX_LENGTH = 200
export const LONG_TEXT_MAX_LENGTH = 5_000
export const TAG_IDS_MAX = 1_000
export const CHECK_BATCH_MAX = 1_000

function tooLong(label: string, max: number) {
	return { error: `${label} must be at most ${max.toLocaleString('en-US')} characters` }
}

/** A required, trimmed text: missing and blank give the same message. */
function requiredText(message: string, label: string, max: number) {
	return z
		.string({ error: message })
		.trim()
		.min(1, { error: message, abort: true })
		.max(max, tooLong(label, max))
}

/**
 * Optional trimmed text; empty becomes null. `absent` says what a missing key means: in forms
 * (Conform sends empty fields as missing) it is an empty field, so null; in the API's PUT it
 * means "leave unchanged", so undefined.
 */
function optionalText(label: string, max: number, absent: 'null' | 'keep') {
	return z
		.string({ error: `${label} must be text` })
		.trim()
		.max(max, tooLong(label, max))
		.nullable()
		.optional()
		.transform((value) => (value === undefined && absent === 'keep' ? undefined : value || null))
}

const EmailSchema = z
	.string({ error: CONTACT_MESSAGES.emailRequired })
	.trim()
	.toLowerCase()
	.min(1, { error: CONTACT_MESSAGES.emailRequired, abort: true })
	.max(EMAIL_MAX_LENGTH, tooLong('Email', EMAIL_MAX_LENGTH))
	.pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid }))

/**
 * An http(s) URL with a dotted host. "linkedin.com/in/ada" is read as https://linkedin.com/in/ada,
 * since that is how people paste profile addresses.
 */
export function normalizeUrl(value: string): string | null {
	const text = value.trim()
	if (!text || /\s/.test(text)) return null
	const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`
	try {
		const url = new URL(withScheme)
		if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
		if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname)) return null
		return withScheme
	} catch {
		return null
	}
}

function linkedinUrl(absent: 'null' | 'keep') {
	return optionalText('LinkedIn', URL_MAX_LENGTH, absent).transform((value, context) => {
		if (!value) return value
		const url = normalizeUrl(value)
		if (!url) {
			context.addIssue({ code: 'custom', message: CONTACT_MESSAGES.urlInvalid })
			return z.NEVER
		}
		// One stored form per profile, so imports and check-batch find it however it was pasted.
		return canonicalLinkedinUrl(url) ?? url
	})
}

/** One id or many: a form posts `tagIds` once per tag (one value is a string), the API a list. */
const TagIdsSchema = z
	.union([z.array(z.string({ error: 'Tag ids must be text' })), z.string()], {
		error: 'Tag ids must be a list',
	})
	.transform((value) => {
		const ids = typeof value === 'string' ? [value] : value
		return [...new Set(ids.map((id) => id.trim()).filter(Boolean))]
	})
	.pipe(z.array(z.string()).max(TAG_IDS_MAX, { error: `At most ${TAG_IDS_MAX} tags` }))

const StatusSchema = z.enum(CONTACT_STATUSES, { error: 'Status must be NEW, ACTIVE, ARCHIVED or INACTIVE' })

const MetadataSchema = z.record(z.string(), z.string(), { error: 'Metadata must map text to text' })

/** The fields only the API and imports fill (the spec's Contact entity). */
function profileFields(absent: 'null' | 'keep') {
	return {
		decisionMakingCapacity: optionalText('Decision-making capacity', LONG_TEXT_MAX_LENGTH, absent),
		painPoints: optionalText('Pain points', LONG_TEXT_MAX_LENGTH, absent),
		budgetControl: optionalText('Budget control', LONG_TEXT_MAX_LENGTH, absent),
		teamSize: optionalText('Team size', ROLE_MAX_LENGTH, absent),
		technicalBackground: optionalText('Technical background', LONG_TEXT_MAX_LENGTH, absent),
	}
}

/** Add Contact form and POST /api/v1/contacts. */
export const ContactCreateSchema = z.object({
	firstName: requiredText(CONTACT_MESSAGES.firstNameRequired, 'First name', NAME_MAX_LENGTH),
	middleName: optionalText('Middle name', NAME_MAX_LENGTH, 'null'),
	lastName: requiredText(CONTACT_MESSAGES.lastNameRequired, 'Last name', NAME_MAX_LENGTH),
	companyId: z
		.string({ error: CONTACT_MESSAGES.companyRequired })
		.trim()
		.min(1, { error: CONTACT_MESSAGES.companyRequired }),
	role: z
		.string({ error: CONTACT_MESSAGES.roleRequired })
		.trim()
		.min(1, { error: CONTACT_MESSAGES.roleEmpty, abort: true })
		.max(ROLE_MAX_LENGTH, tooLong('Role', ROLE_MAX_LENGTH)),
	email: EmailSchema,
	phone: optionalText('Phone', PHONE_MAX_LENGTH, 'null'),
	linkedin: linkedinUrl('null'),
	tagIds: TagIdsSchema.optional().transform((value) => value ?? []),
	roleDetails: optionalText('Role details', LONG_TEXT_MAX_LENGTH, 'null'),
	summary: optionalText('Summary', LONG_TEXT_MAX_LENGTH, 'null'),
	status: StatusSchema.optional().transform((value) => value ?? 'NEW'),
	...profileFields('null'),
	metadata: MetadataSchema.optional(),
})
export type ContactCreateInput = z.output<typeof ContactCreateSchema>

function editShape(absent: 'null' | 'keep') {
	return {
		companyId: z
			.string({ error: CONTACT_MESSAGES.companySelect })
			.trim()
			.min(1, { error: CONTACT_MESSAGES.companySelect }),
		firstName: requiredText(CONTACT_MESSAGES.firstNameRequired, 'First name', NAME_MAX_LENGTH),
		middleName: optionalText('Middle name', NAME_MAX_LENGTH, absent),
		lastName: requiredText(CONTACT_MESSAGES.lastNameRequired, 'Last name', NAME_MAX_LENGTH),
		email: EmailSchema,
		phone: optionalText('Phone', PHONE_MAX_LENGTH, absent),
		role: optionalText('Role', ROLE_MAX_LENGTH, absent),
		linkedin: linkedinUrl(absent),
		roleDetails: optionalText('Role details', LONG_TEXT_MAX_LENGTH, absent),
		summary: optionalText('Summary', LONG_TEXT_MAX_LENGTH, absent),
	}
}

/**
 * The Edit Contact modal and the edit page: a company must be selected; empty optional strings
 * become null (first name, last name and email are required). The form always posts the whole
 * contact, so missing tagIds means "no tags".
 */
export const ContactEditSchema = z.object({
	...editShape('null'),
	tagIds: TagIdsSchema.optional().transform((value) => value ?? []),
})
export type ContactEditInput = z.output<typeof ContactEditSchema>

/**
 * PUT /api/v1/contacts/:id: the edit rules, every field optional (a missing field stays as it
 * is, tagIds replaces the contact's tags when given), plus status, the profile fields and metadata.
 */
export const ContactUpdateSchema = z
	.object({
		...editShape('keep'),
		tagIds: TagIdsSchema.optional(),
		status: StatusSchema.optional(),
		...profileFields('keep'),
		metadata: MetadataSchema.optional(),
	})
	.partial()
export type ContactUpdateInput = z.output<typeof ContactUpdateSchema>

/** POST /api/v1/contacts/check-batch */
export const CheckBatchSchema = z.object({
	linkedinUrls: z
		.array(z.string({ error: 'LinkedIn URLs must be text' }), { error: 'linkedinUrls must be a list' })
		.max(CHECK_BATCH_MAX, { error: `At most ${CHECK_BATCH_MAX} LinkedIn URLs per request` }),
})

/** What the Add and Edit Contact actions answer a form: Conform's result, and the saved contact on success. */
export type ContactActionData = {
	result: SubmissionResult<string[]>
	contact?: { id: string } & Record<string, unknown>
}

/** The import-contact variant's messages (outreach-sequences.md §5 "Import contact"). */
export const IMPORT_CONTACT_MESSAGES = {
	firstNameEmpty: 'First name cannot be empty',
	companyNameEmpty: 'Company name cannot be empty',
} as const

/** Optional text where an empty value is absent; a non-text value gives "<Label> must be text". */
function importText(label: string, max: number) {
	return optionalText(label, max, 'null')
}

/**
 * The import-contact variant (lead saves, POST /api/v1/contacts/save): first name required,
 * last name may be empty (people known by one name), email optional but valid, a company by id
 * or by name (created when missing — with its description), one tag and one list by id.
 */
export const ImportContactSchema = z
	.object({
		firstName: requiredText(IMPORT_CONTACT_MESSAGES.firstNameEmpty, 'First name', NAME_MAX_LENGTH),
		middleName: importText('Middle name', NAME_MAX_LENGTH),
		lastName: z
			.string({ error: 'Last name must be text' })
			.trim()
			.max(NAME_MAX_LENGTH, tooLong('Last name', NAME_MAX_LENGTH))
			.nullable()
			.optional()
			.transform((value) => value ?? ''),
		email: z
			.string({ error: 'Email must be text' })
			.trim()
			.toLowerCase()
			.max(EMAIL_MAX_LENGTH, tooLong('Email', EMAIL_MAX_LENGTH))
			.nullable()
			.optional()
			.transform((value) => value || null)
			.pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid }).nullable()),
		phone: importText('Phone', PHONE_MAX_LENGTH),
		linkedin: linkedinUrl('null'),
		role: importText('Role', ROLE_MAX_LENGTH),
		roleDetails: importText('Role details', LONG_TEXT_MAX_LENGTH),
		summary: importText('Summary', LONG_TEXT_MAX_LENGTH),
		companyId: importText('Company id', 100),
		companyName: importText('Company name', 200),
		companyDescription: importText('Company description', LONG_TEXT_MAX_LENGTH),
		tagId: importText('Tag id', 100),
		listId: importText('List id', 100),
	})
	.superRefine((value, context) => {
		if (!value.companyId && !value.companyName) {
			context.addIssue({
				code: 'custom',
				path: ['companyName'],
				message: IMPORT_CONTACT_MESSAGES.companyNameEmpty,
			})
		}
	})
export type ImportContactInput = z.output<typeof ImportContactSchema>
