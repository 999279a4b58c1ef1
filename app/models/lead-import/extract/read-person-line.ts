import { findEmails, findLinkedinProfiles, findPhones, personalEmail } from './lead-contact-points.ts'
import { companyFromEmail } from './lead-record.ts'
import { hasRoleWord } from './lead-words.ts'
import { isLastFirstName, isLikelyPersonName, splitPersonName, type PersonName } from './person-name.ts'
import { parsePersonLine, splitRoleAndCompany, type RoleAndCompany } from './role-and-company.ts'

// One line (or one piece of a line that names several people) read for a person: the e-mail
// addresses, LinkedIn profiles and phones on it, and what is left once they are cut out — a person
// line ("Jane Doe, CTO at Acme"), a bare name, a title line for the person above, or nothing.

export type LineReading = {
	emails: string[]
	links: string[]
	phones: string[]
	/** A name with its role and/or company on the line. */
	person?: RoleAndCompany & { name: PersonName }
	/** A name alone (its role may be on the next line). */
	name?: PersonName
	/** A title (and company) without a name: "CTO, Acme" under a name. */
	role?: RoleAndCompany
	/** Only a company, like "Acme Corp" under a speaker's name. */
	company?: string
}

const URL_RE = /\bhttps?:\/\/\S+|\bwww\.\S+/gi
const LABEL_RE =
	/(?<![\p{L}])(?:(?:e-?mail|mail|phone|tel|telephone|mobile|mob|cell|linkedin|fax|web|website)\s*[:.]|[tmpew]\s*:)\s*(?=\S)/giu
const PREFIX_RE =
	/^(?:from|to|cc|bcc|reply-to|contacts?(?: persons?)?|speakers?|moderators?|hosts?|panelists?|presenters?|authors?|team|attendees?|participants?|guests?|with|featuring|by|name|ansprechpartner(?:in)?|kontakt|contacto|interlocuteur|intervenant(?:e)?|ponente|referent(?:in)?|relatore)\s*[:–—-]\s*|^by\s+/i
const EDGE_RE = /^[\s,;:|·•–—\-/<>"“”']+|[\s,;:|·•–—\-/<>"“”']+$/g

// "Jane Doe is the CTO of Acme." / "…, said Jane Doe, the CTO of Acme, in a statement."
const NAME_PART = String.raw`((?:\p{Lu}[\p{L}'’-]{1,40}\s{1,3}){1,3}\p{Lu}[\p{L}'’-]{1,40})`
const COMPANY_PART = String.raw`(\p{Lu}[\p{L}\p{N}&'’.-]{0,40}(?:\s{1,3}(?:&\s{1,3})?\p{Lu}[\p{L}\p{N}&'’.-]{0,40}){0,4})`
const LEAD_IN = String.raw`(?:^|\b(?:said|says|according to|by|with|from)\s+)`
const PROSE_RES = [
	new RegExp(
		String.raw`${LEAD_IN}${NAME_PART}\s*,?\s+(?:is|was|serves as|works as|joined(?: us)? as)\s+(?:the|our|a|an)\s+([^.,;()]{2,80}?)(?:\s+(?:at|of|for|with)\s+${COMPANY_PART})?\s*(?:[.,;(]|\s+(?:and|who|where|since)\b|$)`,
		'u',
	),
	new RegExp(
		String.raw`${LEAD_IN}${NAME_PART},\s+(?:the|our)\s+([^.,;()]{2,80}?)\s+(?:at|of)\s+${COMPANY_PART},`,
		'u',
	),
]

function folded(text: string) {
	return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** One word before an address is a name only when the address or profile spells it: "Jane <jane@acme.com>", not "Also: peter@…". */
function spelledByContacts(word: string, reading: LineReading) {
	const needle = folded(word)
	return [...reading.emails.map((email) => email.split('@')[0]!), ...reading.links].some((value) =>
		folded(value).includes(needle),
	)
}

function cutOut(text: string, raws: string[]) {
	let rest = text
	for (const raw of raws) rest = rest.replace(raw, ' ')
	return rest
}

function readProse(text: string): LineReading['person'] | undefined {
	for (const re of PROSE_RES) {
		const match = re.exec(text)
		if (!match || !hasRoleWord(match[2]!) || !isLikelyPersonName(match[1]!)) continue
		const name = splitPersonName(match[1]!)
		if (name) return { name, role: match[2]!.trim(), companyName: match[3]?.trim() }
	}
	return undefined
}

export function readPersonLine(text: string): LineReading {
	const emailsFound = findEmails(text)
	const linksFound = findLinkedinProfiles(text)
	const phonesFound = findPhones(
		cutOut(
			text,
			[...emailsFound, ...linksFound].map((found) => found.raw),
		),
	)
	const reading: LineReading = {
		emails: emailsFound
			.map((found) => personalEmail(found.value))
			.filter((email): email is string => Boolean(email)),
		links: linksFound.map((found) => found.value),
		phones: phonesFound.map((found) => found.value),
	}
	const rest = cutOut(
		text,
		[...emailsFound, ...linksFound, ...phonesFound].map((found) => found.raw),
	)
		.replace(URL_RE, ' ')
		.replace(LABEL_RE, ' ')
		.replace(/<[\s,;|]*>|\([\s,;|]*\)|\[[\s,;|]*\]/g, ' ')
		// Cells of a copied table stay apart: a run of spaces with a tab in it is a tab.
		.replace(/\s+/g, (run) => (run.includes('\t') ? '\t' : ' '))
		.replace(EDGE_RE, '')
		.replace(PREFIX_RE, '')
		.replace(EDGE_RE, '')
	const hasContacts = reading.emails.length + reading.links.length > 0
	if (!rest) return reading
	// "Acme Robotics <info@acme-robotics.com>": the company's address, not a person. (Desk addresses
	// were dropped above, so "Sales <sales@…>" has no address left to make one word a name.)
	const email = emailsFound[0]?.value
	if (email && rest.toLowerCase() === companyFromEmail(email)?.toLowerCase()) return reading
	const minWords = hasContacts ? 1 : 2
	if (hasContacts && isLastFirstName(rest)) {
		const name = splitPersonName(rest, { lastFirst: true })
		if (name) reading.name = name
		return reading
	}
	const person = parsePersonLine(rest, { minWords })
	if (person) {
		reading.person = person
		return reading
	}
	if (isLikelyPersonName(rest, { minWords })) {
		const name = splitPersonName(rest)
		if (name && (name.lastName || spelledByContacts(name.firstName, reading))) reading.name = name
		return reading
	}
	const prose = readProse(rest)
	if (prose) {
		reading.person = prose
		return reading
	}
	if (rest.length <= 120 && hasRoleWord(rest)) {
		const role = splitRoleAndCompany(rest)
		if (role.role) reading.role = role
		return reading
	}
	if (rest.length <= 60) {
		const { companyName, role } = splitRoleAndCompany(rest)
		if (companyName && !role) reading.company = companyName
	}
	return reading
}
