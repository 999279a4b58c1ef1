import { companySlug } from '#app/models/company/company-slug.ts'
import { type ExtractedLead } from '#app/schemas/lead-import.ts'
import { linkedinKey } from '#app/utils/linkedin-url.ts'
import { companyFromEmail } from './lead-record.ts'
import { fullNameOf } from './person-name.ts'

// One lead per person: mentions of the same person (the same LinkedIn profile, the same address
// in any case, or the same full name with nothing that contradicts it) become one lead that holds
// what each mention knew. First mention first; its values win where both have one.

const FIELDS = [
	'middleName',
	'lastName',
	'email',
	'phone',
	'linkedin',
	'role',
	'roleDetails',
	'companyName',
	'companyDescription',
] as const

const MAX_NAME_CANDIDATES = 20

export function nameKey(lead: Pick<ExtractedLead, 'firstName' | 'middleName' | 'lastName'>) {
	const full = fullNameOf(lead).toLowerCase()
	// Plain ASCII names (most of a big file) skip Unicode normalization.
	const folded = /^[\x20-\x7e]*$/.test(full) ? full : full.normalize('NFD').replace(/\p{M}/gu, '')
	return folded.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
}

/** Leads carry canonical profile URLs (finishLead), so the key is the URL without its scheme. */
function profileKey(linkedin: string | null | undefined) {
	if (!linkedin) return null
	return linkedin.startsWith('https://www.linkedin.com/')
		? linkedin.slice('https://www.'.length)
		: linkedinKey(linkedin)
}

/** "Acme", "Acme, Inc." and "ACME Inc" are one company here; "Acme" and "Globex" are not. */
function companyKey(name: string | null | undefined) {
	return name ? companySlug(name).replace(/-/g, '') : ''
}

type Keys = {
	name: string
	shortName: string
	company: string
	linkedin: string | null
	email: string
	middle: string
	/** The company the work address names ("jane@initech.com" → "initech"), for telling namesakes apart. */
	emailCompany: string
}

function keysOf(lead: ExtractedLead): Keys {
	return {
		name: nameKey(lead),
		shortName: lead.middleName ? nameKey({ firstName: lead.firstName, lastName: lead.lastName }) : '',
		company: companyKey(lead.companyName),
		linkedin: profileKey(lead.linkedin),
		email: lead.email?.toLowerCase() ?? '',
		middle: lead.middleName?.toLowerCase() ?? '',
		emailCompany: companyKey(companyFromEmail(lead.email)),
	}
}

function differ(a: string | null, b: string | null) {
	return Boolean(a && b && a !== b)
}

function sameCompany(x: string, y: string) {
	return !x || !y || x.startsWith(y) || y.startsWith(x)
}

/**
 * Two mentions with the same name are one person unless their profile, address, middle name or
 * company differ — a company stated on one and the company the other's work address names count.
 */
function compatible(aKeys: Keys, bKeys: Keys) {
	if (
		differ(aKeys.linkedin, bKeys.linkedin) ||
		differ(aKeys.email, bKeys.email) ||
		differ(aKeys.middle, bKeys.middle)
	)
		return false
	return (
		sameCompany(aKeys.company, bKeys.company) &&
		sameCompany(aKeys.company, bKeys.emailCompany) &&
		sameCompany(aKeys.emailCompany, bKeys.company)
	)
}

function absorb(target: ExtractedLead, other: ExtractedLead) {
	for (const field of FIELDS) {
		if (!target[field] && other[field]) (target as Record<string, unknown>)[field] = other[field]
	}
}

export function mergeLeads(leads: ExtractedLead[]): { leads: ExtractedLead[]; merged: number } {
	const kept: ExtractedLead[] = []
	const keys = new Map<ExtractedLead, Keys>()
	const byLinkedin = new Map<string, ExtractedLead>()
	const byEmail = new Map<string, ExtractedLead>()
	const byName = new Map<string, Set<ExtractedLead>>()
	let merged = 0

	const index = (lead: ExtractedLead, leadKeys = keysOf(lead)) => {
		keys.set(lead, leadKeys)
		if (leadKeys.linkedin && !byLinkedin.has(leadKeys.linkedin)) byLinkedin.set(leadKeys.linkedin, lead)
		if (lead.email && !byEmail.has(lead.email)) byEmail.set(lead.email, lead)
		if (!lead.lastName) return
		for (const key of [leadKeys.name, leadKeys.shortName]) {
			if (!key) continue
			let set = byName.get(key)
			if (!set) byName.set(key, (set = new Set()))
			set.add(lead)
		}
	}

	const sameNamed = (leadKeys: Keys) => {
		for (const key of [leadKeys.name, leadKeys.shortName]) {
			if (!key) continue
			let tried = 0
			for (const candidate of byName.get(key) ?? []) {
				if (compatible(keys.get(candidate)!, leadKeys)) return candidate
				// A file of a thousand John Smiths stays linear; beyond this many, a name alone decides nothing.
				if (++tried === MAX_NAME_CANDIDATES) break
			}
		}
		return undefined
	}

	for (const original of leads) {
		const lead = { ...original }
		const leadKeys = keysOf(lead)
		const target =
			(leadKeys.linkedin ? byLinkedin.get(leadKeys.linkedin) : undefined) ??
			(lead.email ? byEmail.get(lead.email.toLowerCase()) : undefined) ??
			(lead.lastName ? sameNamed(leadKeys) : undefined)
		if (target) {
			absorb(target, lead)
			index(target)
			merged++
			continue
		}
		kept.push(lead)
		index(lead, leadKeys)
	}
	return { leads: kept, merged }
}
