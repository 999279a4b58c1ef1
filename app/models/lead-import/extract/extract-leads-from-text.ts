import { type ExtractedLead, LEAD_SAVE_MAX, LEAD_TEXT_MAX_LENGTH } from '#app/schemas/lead-import.ts'
import { collectLeads } from './collect-leads.ts'
import { extractLeadsFromCsv, leadsCappedMessage } from './extract-leads-from-csv.ts'
import { LeadCsvError } from './lead-csv-error.ts'
import { applyLeadInstructions } from './lead-instructions.ts'
import { type LeadDraft } from './lead-record.ts'
import { findEmails, findLinkedinProfiles, linkedinSlugOf } from './lead-contact-points.ts'
import { nameKey } from './merge-leads.ts'
import { hasRoleWord } from './lead-words.ts'
import {
	fullNameOf as fullName,
	isLikelyPersonName,
	nameFromEmail,
	nameFromLinkedinSlug,
} from './person-name.ts'
import { type LineReading, readPersonLine } from './read-person-line.ts'
import { textParts, type TextLine } from './text-lines.ts'

// People in pasted text without a model: "Name, Role at Company" / "Name - Role, Company" /
// "Name (Role, Company)" lines, "Name <email>", bare addresses (a name only from first.last),
// LinkedIn /in/ links (the name beside them or in the slug), phones near a name, cards of a name
// over its title, lists of names, and the tables in the text (read as CSV). Mentions of one person
// are merged. Pure. What it reads and refuses: decision 034.

export const TEXT_LEAD_MESSAGES = {
	addressesWithoutName: (count: number) =>
		count === 1
			? '1 e-mail address or profile link without a name was left out'
			: `${count.toLocaleString('en-US')} e-mail addresses or profile links without a name were left out`,
} as const

/** How far below a person (in lines of the same block) an address, profile or phone still belongs to them. */
const ATTACH_DISTANCE = 4
/** A pasted list of names (no titles) counts when this many name lines follow each other. */
const NAME_RUN = 3

type Mention = { draft: LeadDraft; line: number; block: number }

function withContacts(draft: LeadDraft, reading: LineReading): LeadDraft {
	draft.email ??= reading.emails[0]
	draft.linkedin ??= reading.links[0]
	draft.phone ??= reading.phones[0]
	return draft
}

const NAME_WITH_DETAILS_RE =
	/((?:\p{Lu}[\p{L}'’.-]{0,40}\s{1,3}){1,3}\p{Lu}[\p{L}'’-]{0,40})\s{0,3}\(([^()]{2,150})\)/gu

/** A line naming several people ("A <a@x>, B <b@y>", "A (CTO, X) and B (CEO, Y)") in one piece per person. */
function piecesOf(text: string): string[] {
	const shared = sharedTitle(text)
	if (shared) return shared
	// Where each address (or each profile) ends, when the line has several: one address and one
	// profile are one person's. The bounded finders keep a 200,000-character line linear.
	const emails = findEmails(text)
	const found = emails.length >= 2 ? emails : findLinkedinProfiles(text)
	const ends = found.map((item) => {
		const end = item.index + item.raw.length
		return text[end] === '>' ? end + 1 : end
	})
	if (ends.length < 2) {
		// "…: Jane Doe (CTO, Acme), John Smith (CEO, Globex) and …" — each name with its parentheses.
		const people = [...text.matchAll(NAME_WITH_DETAILS_RE)].map((match) => `${match[1]} (${match[2]})`)
		if (!people.length) return [text]
		return people.length === 1 ? [text, people[0]!] : people
	}
	const pieces: string[] = []
	let start = 0
	for (const end of ends) {
		pieces.push(text.slice(start, end))
		start = end
	}
	const tail = text.slice(start).replace(/^[\s,;>)]+/, '')
	if (tail && pieces.length) pieces[pieces.length - 1] += ` ${tail}`
	return pieces.map((piece) => piece.replace(/^[\s,;>)]+|^\s*(?:and|&)\s+/gi, '').trim()).filter(Boolean)
}

/** "Geschäftsführer: Max Mustermann, Erika Musterfrau" → one "title: name" piece per name. */
function sharedTitle(text: string): string[] | null {
	const match = /^([^:]{2,60}):\s*(.+)$/.exec(text)
	if (!match || !hasRoleWord(match[1]!)) return null
	const names = match[2]!.split(/\s*(?:,|;|&|\band\b|\bund\b|\bet\b|\by\b)\s*/).filter(Boolean)
	if (names.length < 2 || !names.every((name) => isLikelyPersonName(name))) return null
	return names.map((name) => `${match[1]}: ${name}`)
}

function nameDraft(name: NonNullable<LineReading['name']>): LeadDraft {
	return { firstName: name.firstName, middleName: name.middleName, lastName: name.lastName }
}

export function extractLeadsFromText(
	text: string,
	instructions?: string | null,
): { leads: ExtractedLead[]; warnings: string[] } {
	const source = text.length > LEAD_TEXT_MAX_LENGTH ? text.slice(0, LEAD_TEXT_MAX_LENGTH) : text
	const { lines, tables } = textParts(source)
	const drafts: LeadDraft[] = []
	const warnings: string[] = []
	for (const table of tables) {
		try {
			drafts.push(...extractLeadsFromCsv(new TextEncoder().encode(table)).leads)
		} catch (error) {
			if (!(error instanceof LeadCsvError)) throw error
		}
	}
	drafts.push(...readMentions(lines).map((mention) => mention.draft))
	const collected = collectLeads(drafts)
	if (collected.withoutName) warnings.push(TEXT_LEAD_MESSAGES.addressesWithoutName(collected.withoutName))
	const filtered = applyLeadInstructions(collected.leads, instructions)
	warnings.push(...filtered.warnings)
	let leads = filtered.leads
	if (leads.length > LEAD_SAVE_MAX) {
		warnings.push(leadsCappedMessage(leads.length - LEAD_SAVE_MAX))
		leads = leads.slice(0, LEAD_SAVE_MAX)
	}
	return { leads, warnings }
}

/** The people the lines name, in order (an address or profile no name went with is a draft without one). */
function readMentions(lines: Array<TextLine | null>): Mention[] {
	const readings = lines.map((line) => (line ? piecesOf(line.text).map(readPersonLine) : null))
	const single = (index: number) => {
		const reading = readings[index]
		return reading && reading.length === 1 ? reading[0]! : null
	}
	const isBareName = (index: number) => {
		const reading = single(index)
		return Boolean(reading?.name && !reading.emails.length && !reading.links.length)
	}
	const isCompanyLine = (index: number) => Boolean(single(index)?.company)
	// "Name" over "Company" cards count only where the text repeats them (speaker lists).
	let nameOverCompany = 0
	for (let index = 0; index + 1 < lines.length; index++)
		if (isBareName(index) && isCompanyLine(index + 1)) nameOverCompany++

	const mentions: Mention[] = []
	let block = 0
	let current: Mention | null = null
	/** A new mention; one without a name (an address alone) is no anchor for the lines below it. */
	const start = (draft: LeadDraft, line: number, { anchor = true } = {}) => {
		const mention = { draft, line, block }
		mentions.push(mention)
		if (anchor) current = mention
		return mention
	}
	const near = (line: number): Mention | null =>
		current && current.block === block && line - current.line <= ATTACH_DISTANCE ? current : null

	for (let index = 0; index < lines.length; index++) {
		const line = lines[index]
		const pieces = readings[index]
		if (!line || !pieces) {
			block++
			current = null
			continue
		}
		for (const reading of pieces) {
			if (reading.person) {
				const { name, role, companyName } = reading.person
				start(withContacts({ ...nameDraft({ ...name }), role, companyName }, reading), index)
				continue
			}
			if (reading.name) {
				const hasContacts = reading.emails.length + reading.links.length + reading.phones.length > 0
				const next = index + 1 < lines.length && lines[index + 1] ? single(index + 1) : null
				if (next?.role && !next.person && !next.name) {
					// A card: the name, then its title (and maybe the company) on the next line.
					const mention = start(withContacts({ ...nameDraft(reading.name), ...next.role }, reading), index)
					withContacts(mention.draft, next)
					index++
					// The company under the title ("Acme Robotics" reads like a name too) — unless a title
					// follows it, which makes it the next card's name.
					const after = index + 1 < lines.length && lines[index + 1] ? single(index + 1) : null
					const afterThat = index + 2 < lines.length && lines[index + 2] ? single(index + 2) : null
					const company =
						after?.company ?? (after?.name && !after.emails.length ? fullName(after.name) : null)
					if (company && !mention.draft.companyName && !afterThat?.role) {
						mention.draft.companyName = company
						index++
					}
					mention.line = index
					continue
				}
				if (next?.company && nameOverCompany >= 2 && !hasContacts) {
					start({ ...nameDraft(reading.name), companyName: next.company }, index)
					index++
					continue
				}
				const inRun = runLength(isBareName, index, lines.length) >= NAME_RUN
				const contactsBelow = Boolean(
					next && !next.name && !next.person && (next.emails.length || next.links.length),
				)
				if (hasContacts || line.bullet || inRun || contactsBelow) {
					start(withContacts(nameDraft(reading.name), reading), index)
				}
				continue
			}
			const person = near(index)
			if (reading.role && person && !person.draft.role) {
				Object.assign(person.draft, {
					role: reading.role.role,
					companyName: person.draft.companyName ?? reading.role.companyName,
				})
				withContacts(person.draft, reading)
				continue
			}
			// Contacts that were not the person's above start their own leads: the text has moved on.
			if (!attachOrLeave(reading, person, index, start)) current = null
		}
	}
	return mentions
}

/** Lines of the run of bare-name lines that `index` is in. */
function runLength(isBareName: (index: number) => boolean, index: number, total: number) {
	if (!isBareName(index)) return 0
	let first = index
	let last = index
	while (first > 0 && isBareName(first - 1)) first--
	while (last + 1 < total && isBareName(last + 1)) last++
	return last - first + 1
}

/** The address or profile spells a name (first.last@, /in/jane-doe) that is not this person's. */
function spellsSomeoneElse(person: Mention, value: string, kind: 'email' | 'link') {
	const spelled = kind === 'email' ? nameFromEmail(value) : nameFromLinkedinSlug(linkedinSlugOf(value) ?? '')
	const { firstName, lastName } = person.draft
	if (!spelled || !firstName) return false
	return nameKey({ ...spelled, middleName: null }) !== nameKey({ firstName, lastName: lastName ?? '' })
}

/**
 * Addresses, profiles and phones on a line without a name: the person just above gets what they
 * lack (unless the address spells someone else's name); otherwise each address or profile is a
 * draft of its own, a lead when it spells a name and counted as left out when not. False when
 * something on the line was not the person's.
 */
function attachOrLeave(
	reading: LineReading,
	person: Mention | null,
	index: number,
	start: (draft: LeadDraft, line: number, options?: { anchor: boolean }) => Mention,
) {
	const leftEmails: string[] = []
	const leftLinks: string[] = []
	for (const email of reading.emails) {
		if (person?.draft.email === email) continue
		if (person && !person.draft.email && !spellsSomeoneElse(person, email, 'email'))
			person.draft.email = email
		else leftEmails.push(email)
	}
	for (const link of reading.links) {
		if (person?.draft.linkedin === link) continue
		if (person && !person.draft.linkedin && !spellsSomeoneElse(person, link, 'link'))
			person.draft.linkedin = link
		else leftLinks.push(link)
	}
	const allTheirs = !leftEmails.length && !leftLinks.length
	if (leftEmails.length <= 1 && leftLinks.length <= 1) {
		// One address and one profile on a line are one person's.
		if (!allTheirs) {
			const draft = { email: leftEmails[0], linkedin: leftLinks[0], phone: reading.phones[0] }
			start(draft, index, { anchor: false })
		}
	} else {
		for (const email of leftEmails) start({ email }, index, { anchor: false })
		for (const linkedin of leftLinks) start({ linkedin }, index, { anchor: false })
	}
	if (person && allTheirs && !person.draft.phone && reading.phones[0]) person.draft.phone = reading.phones[0]
	if (person && allTheirs) person.line = index
	return allTheirs && Boolean(person)
}
