import { cleanImportedText } from '#app/models/company-import/clean-imported-text.ts'
import { FREE_MAIL_HOSTS, nameFromHost } from '#app/models/company-import/text/company-web-address.ts'
import { type ExtractedLead, ExtractedLeadSchema } from '#app/schemas/lead-import.ts'
import { NAME_PARTICLES, ROLE_ACRONYM_SET } from './lead-words.ts'
import { linkedinSlugOf, normalizeEmail, normalizePhone, profileLinkedinUrl } from './lead-contact-points.ts'
import {
	capitalizeNameWord,
	nameFromEmail,
	nameFromLinkedinSlug,
	splitPersonName,
	type PersonName,
} from './person-name.ts'

// Every extractor (CSV, text, page, model) builds a LeadDraft from what it read and finishes it
// here, so every lead leaves in one form: names split and capitalised, the address lower-cased,
// the profile canonical, text trimmed and capped at the schema's lengths.

type Text = string | null | undefined

export type LeadDraft = {
	firstName?: Text
	middleName?: Text
	lastName?: Text
	/** Split into first, middle and last when the parts are not given. */
	fullName?: Text
	/** The full name may be "Doe, Jane" (CSV name columns). */
	lastFirst?: boolean
	email?: Text
	phone?: Text
	linkedin?: Text
	role?: Text
	roleDetails?: Text
	companyName?: Text
	companyDescription?: Text
}

/** The company an address's domain names ("jane@acme-robotics.io" → "Acme Robotics"); none for free mail. */
export function companyFromEmail(email: string | null | undefined) {
	const host = email?.split('@')[1]
	if (!host || FREE_MAIL_HOSTS.has(host) || /\.(example|test|invalid|local|localhost|internal)$/.test(host))
		return null
	return nameFromHost(host)
}

/** One name cell as written properly; in a last name a particle before the surname stays lower-case. */
function cleanName(value: Text, { surname = false } = {}) {
	const text = capped(value, 100)
	if (!text) return null
	const words = text.split(/\s+/)
	return words
		.map((word, index) =>
			capitalizeNameWord(word, {
				particle: surname && index < words.length - 1 && NAME_PARTICLES.has(word.toLowerCase()),
			}),
		)
		.join(' ')
}

function namesOf(draft: LeadDraft, email: string | null, linkedin: string | null): PersonName | null {
	const first = cleanName(draft.firstName)
	const last = cleanName(draft.lastName, { surname: true })
	if (first) {
		// A first-name cell holding the whole name ("Jane Doe", no last name given) is split.
		if (!last && first.includes(' ') && !draft.middleName) return splitPersonName(first) ?? null
		return {
			firstName: first,
			middleName: cleanName(draft.middleName, { surname: true }),
			lastName: last ?? '',
		}
	}
	const full = capped(draft.fullName, 200)
	if (full) {
		const split = splitPersonName(full, { lastFirst: draft.lastFirst })
		if (split) return split
	}
	// Only a last name is not enough for a lead, unless the address or the profile spells the first.
	const fromEmail = email ? nameFromEmail(email) : null
	if (fromEmail) return fromEmail
	const slug = linkedin ? linkedinSlugOf(linkedin) : null
	return slug ? nameFromLinkedinSlug(slug) : null
}

const SMALL_WORDS = new Set(
	'of and for the at in on to de du des der die das und y e et la le del van von'.split(' '),
)

/**
 * A title typed all in lower or upper case, as titles are written: "head of marketing" → "Head of
 * Marketing", "cto" → "CTO", "VP SALES" → "VP Sales". Titles in mixed case are kept as written.
 */
export function tidyRole(role: string | null) {
	if (!role || (role !== role.toLowerCase() && role !== role.toUpperCase())) return role
	return role
		.split(/(\s+|[/,&()-])/)
		.map((word, index) => {
			if (ROLE_ACRONYM_SET.has(word.toUpperCase())) return word.toUpperCase()
			const lower = word.toLowerCase()
			if (index > 0 && SMALL_WORDS.has(lower)) return lower
			return lower.charAt(0).toUpperCase() + lower.slice(1)
		})
		.join('')
}

const PLAIN_RE = /^[\x20-\x7e]*$/

/** Trimmed, cleaned and capped; printable ASCII (most cells of a big file) takes the short way. */
function capped(value: Text, max: number, multiline = false) {
	if (typeof value === 'string' && value.length <= max && PLAIN_RE.test(value)) {
		const text = value.replace(/\s{2,}/g, ' ').trim()
		return text || null
	}
	return cleanImportedText(value, { max, multiline })
}

/** The lead in its final form, or null when no first name can be found for it. */
export function finishLead(draft: LeadDraft): ExtractedLead | null {
	const email = normalizeEmail(draft.email)
	const linkedin = profileLinkedinUrl(draft.linkedin)
	const name = namesOf(draft, email, linkedin)
	if (!name?.firstName) return null
	const lead = {
		firstName: name.firstName.slice(0, 100),
		middleName: name.middleName?.slice(0, 100) || null,
		lastName: name.lastName.slice(0, 100),
		email,
		phone: normalizePhone(capped(draft.phone, 50)),
		linkedin,
		role: tidyRole(capped(draft.role, 200)),
		roleDetails: capped(draft.roleDetails, 2_000, true),
		companyName: capped(draft.companyName, 200),
		companyDescription: capped(draft.companyDescription, 5_000, true),
	}
	const parsed = ExtractedLeadSchema.safeParse(lead)
	return parsed.success ? parsed.data : null
}
