import { canonicalLinkedinUrl } from '#app/utils/linkedin-url.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { ROLE_MAILBOXES } from './lead-words.ts'

// E-mail addresses, LinkedIn profile links and phone numbers in free text, and the one form each
// is kept in: addresses lower-cased, profiles as canonicalLinkedinUrl, phones international when
// they carry their country code.

// Starts only where a token starts, bounded: a long run of letters must not be re-scanned from every position.
const EMAIL_RE =
	/(?<![\p{L}\p{N}._%+-])[a-z0-9._%+-]{1,64}@(?:[a-z0-9-]{1,63}\.){1,8}[a-z]{2,24}(?![\p{L}\p{N}-])/giu
const NOT_MAIL_TLDS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'css', 'js'])
const EMAIL_ONLY_RE = /^[a-z0-9._%+-]{1,64}@(?:[a-z0-9-]{1,63}\.){1,8}[a-z]{2,24}$/

const LINKEDIN_PROFILE_RE =
	/(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub)\/[^\s"'<>()[\]{}|,;]{1,200}/gi
const PHONE_RE = /(?<![\p{L}\p{N}])(?:\+|00)?\(?\d[\d\s().\-/]{5,22}\d(?![\p{L}\p{N}])/gu
const PHONE_LABEL_RE =
	/(?:tel|phone|mobile|mobil|cell|fon|telefon|téléphone|tél|teléfono|móvil|handy|direct|office|fax|m|t|p)\.?\s*:?\s*$/i

const INTERNATIONAL_RE = /^\+\d{1,3}(?: \d{1,6}){1,6}$/
const PLAIN_PROFILE_RE =
	/^(?:https?:\/\/)?(?:www\.)?linkedin\.com\/in\/([A-Za-z0-9_-]{2,100})\/?(?:[?#]\S*)?$/

export type Found = { value: string; raw: string; index: number }

export function normalizeEmail(value: string | null | undefined): string | null {
	const email = value
		?.trim()
		.replace(/^mailto:/i, '')
		.split('?')[0]!
		.replace(/^<|>$/g, '')
		.toLowerCase()
	if (!email || !EMAIL_ONLY_RE.test(email)) return null
	return NOT_MAIL_TLDS.has(email.slice(email.lastIndexOf('.') + 1)) ? null : email
}

/** The address, unless it is a desk's (info@, sales@, hello@): those are nobody's own. */
export function personalEmail(email: string | null | undefined): string | null {
	if (!email) return null
	return ROLE_MAILBOXES.has(email.split('@')[0]!) ? null : email
}

export function findEmails(text: string): Found[] {
	const found: Found[] = []
	for (const match of text.matchAll(EMAIL_RE)) {
		const value = normalizeEmail(match[0])
		if (value) found.push({ value, raw: match[0], index: match.index })
	}
	return found
}

/**
 * The canonical URL of a LinkedIn profile (/in/<slug>, or an old /pub/ address), whatever else
 * the link carried ("/details/experience", "?trk=…", a country subdomain); null for any other page.
 */
export function profileLinkedinUrl(value: string | null | undefined): string | null {
	const text = value?.trim()
	if (!text || text.length > 2_000) return null
	// The usual shape, read without building a URL (a big export has thousands).
	const plain = PLAIN_PROFILE_RE.exec(text)
	if (plain) return `https://www.linkedin.com/in/${plain[1]!.toLowerCase()}`
	const canonical = canonicalLinkedinUrl(text)
	if (!canonical) return null
	const match = /^https:\/\/www\.linkedin\.com\/(in|pub)\/([^/]+)(.*)$/.exec(canonical)
	if (!match) return null
	if (match[1] === 'pub') return canonical
	const slug = match[2]!
	return slug.length >= 2 ? `https://www.linkedin.com/in/${slug}` : null
}

/** The profile's slug ("jane-doe-4a5b6c7"), for names read from it. */
export function linkedinSlugOf(profileUrl: string) {
	return /linkedin\.com\/(?:in|pub)\/([^/?#]+)/i.exec(profileUrl)?.[1] ?? null
}

export function findLinkedinProfiles(text: string): Found[] {
	if (!/linkedin\.com/i.test(text)) return []
	const found: Found[] = []
	for (const match of text.matchAll(LINKEDIN_PROFILE_RE)) {
		const raw = match[0].replace(/[.)\]]+$/, '')
		const value = profileLinkedinUrl(raw)
		if (value) found.push({ value, raw, index: match.index })
	}
	return found
}

/** A phone as shown on the lead: international format when it carries a country code, else as typed. */
export function normalizePhone(value: string | null | undefined): string | null {
	const text = value?.replace(/^tel:/i, '').replace(/\s+/g, ' ').trim()
	if (!text) return null
	const digits = text.replace(/\D/g, '')
	if (digits.length < 6 || digits.length > 17 || /[\p{L}]{3,}/u.test(text.replace(/\b(?:ext|x)\b/gi, '')))
		return null
	// Already written the international way ("+44 20 7946 0958"): kept, without the cost of parsing it.
	if (INTERNATIONAL_RE.test(text)) return text
	const international = /^(\+|00)/.test(text) ? formatPhoneNumber(text.replace(/^00/, '+')) : null
	return international?.parsed ? international.display : text
}

/**
 * Phone numbers in a line: a number with a country code (+49 …, 0044 …) or a label before it
 * ("Tel:", "Mobile", "T:"), 7–15 digits. Bare digit runs (ids, years, prices) are not phones.
 */
export function findPhones(text: string): Found[] {
	if (!/\d{2}/.test(text)) return []
	const found: Found[] = []
	for (const match of text.matchAll(PHONE_RE)) {
		const raw = match[0].trim()
		const digits = raw.replace(/\D/g, '')
		if (digits.length < 7 || digits.length > 15) continue
		// Dates and ranges ("2024-05-01", "2019 - 2023") are not phones.
		if (/^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$|^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}$|^\d{4}\s*[-–/]\s*\d{4}$/.test(raw))
			continue
		const labelled = PHONE_LABEL_RE.test(text.slice(Math.max(0, match.index - 14), match.index))
		const international = /^(\+|00)/.test(raw)
		const shaped = /^\(?\d{2,5}\)?[\s.-]\d/.test(raw) && digits.length >= 9
		if (!labelled && !international && !shaped) continue
		const value = normalizePhone(raw)
		if (value) found.push({ value, raw, index: match.index })
	}
	return found
}
