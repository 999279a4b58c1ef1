import { NOT_COMPANY_WORDS, hasRoleWord, isPlaceName } from './lead-words.ts'
import { isLikelyPersonName, splitPersonName, type PersonName } from './person-name.ts'

// What follows a name on a line — "CTO at Acme", "Head of Sales, Globex", "(VP Marketing, Initech)",
// "Geschäftsführer bei Muster GmbH" — split into the role and the company; and whole person lines
// in the shapes people paste: "Name, Role at Company", "Name - Role, Company", "Name (Role,
// Company)", "Name | Role | Company", "Role: Name".

export type RoleAndCompany = { role?: string; companyName?: string }
export type PersonLine = RoleAndCompany & { name: PersonName }

const AT_RE = /\s+(?:at|@|bei|chez|presso|bij|hos|en|na|w)\s+|\s@(?=\p{L})/iu
const SEGMENT_RE = /\s*[|·•\t;]\s*|\s+[-–—]\s+|\s*,\s+|\s*,(?=\p{Lu})/u
const LEGAL_SUFFIX_RE =
	/^(?:inc|inc\.|llc|l\.l\.c\.|ltd|ltd\.|limited|gmbh|ag|kg|se|sa|s\.a\.|sas|sarl|srl|s\.r\.l\.|spa|bv|b\.v\.|nv|ab|as|a\/s|oy|plc|corp|corp\.|co\.|pty|pty ltd|lp|llp|gbr|ug)$/i
const SEPARATORS = [' - ', ' – ', ' — ', ' | ', ', ', ': ', '\t', ' · ', ' • ', ' / ', '; '] as const
const ARTICLE_RE = /^(?:the|our|a|an|their|his|her)\s+/i
/** "CEO of Acme", "co-founder of Globex": titles that belong to a company (unlike "Head of Sales"). */
const OF_COMPANY_RE =
	/^(.*\b(?:CEO|CTO|CFO|COO|CMO|CIO|CPO|CRO|[Ff]ounder|[Cc]o-?[Ff]ounder|[Pp]resident|[Oo]wner|[Cc]hair(?:man|woman|person)?|[Mm]anaging [Dd]irector|[Gg]eneral [Mm]anager|[Pp]artner|[Ff]undador(?:a)?|[Cc]ofundador(?:a)?|[Ff]ondat(?:eur|rice|ore)|[Cc]ofondat(?:eur|rice)|[Gg]ründer(?:in)?|[Mm]itgründer(?:in)?|[Pp]résident(?:e)?|[Pp]residente|[Oo]prichter))\s+(?:of|at|de|di|du|da|von|bei|van)\s+(\p{Lu}.*)$/u
const WRAPPED_RE = /^[([{]\s*(.*?)\s*[)\]}]$/

function tidy(text: string) {
	return (
		text
			// Tabs separate the cells of a copied table; other runs of space are one space.
			.replace(/[^\S\t]+/g, ' ')
			.replace(/^[\s,;:|·•–—-]+|[\s,;:|·•–—-]+$/g, '')
			.trim()
	)
}

/** Segments with legal forms kept on their company: "Acme, Inc." stays one segment. */
function segmentsOf(text: string) {
	const segments: string[] = []
	for (const part of text.split(SEGMENT_RE)) {
		const segment = tidy(part)
		if (!segment) continue
		if (LEGAL_SUFFIX_RE.test(segment) && segments.length) segments[segments.length - 1] += `, ${segment}`
		else segments.push(segment)
	}
	return segments
}

/** A company's name as it stands after a title: short, capitalised, not a place or an event label. */
export function isCompanyLike(text: string) {
	const value = tidy(text)
	if (!value || value.length > 80) return false
	const words = value.split(/\s+/)
	if (words.length > 8) return false
	if (!/^[\p{Lu}\p{N}"'“(]/u.test(value) && !/^[\p{Lo}]/u.test(value)) {
		// Brands written lower-case ("eBay", "iGenius", "n8n") are fine; sentences are not.
		if (!/^\p{Ll}+\p{Lu}\p{L}*$|^(?=\p{L}*\p{N})[\p{Ll}\p{N}]+$/u.test(words[0]!) || words.length > 3)
			return false
	}
	if (
		/[.!?]\s+\p{Lu}/u.test(value) ||
		/[.!?]$/.test(value.replace(/\b(?:inc|co|corp|ltd|s\.a|b\.v)\.$/i, ''))
	)
		return false
	if (NOT_COMPANY_WORDS.has(value.toLowerCase())) return false
	if (words.length <= 3 && isPlaceName(value)) return false
	return !/@|https?:|www\./i.test(value)
}

function cleanCompany(text: string) {
	// "Acme | ex-Google", "Acme (Berlin)": the company is the first part.
	let value = tidy(text.split(/\s+[|·•]\s+|\s+[-–—]\s+/)[0] ?? '')
	const aside = /^(.*?)\s*\(([^()]*)\)$/.exec(value)
	if (aside && (isPlaceName(aside[2]!) || /^(?:remote|hybrid|\d{4}.*)$/i.test(aside[2]!)))
		value = tidy(aside[1]!)
	const comma = /^(.*?),\s*([^,]+)$/.exec(value)
	if (comma && isPlaceName(comma[2]!)) value = tidy(comma[1]!)
	return value
}

/**
 * Role and company from the text after a name. "at/@/bei/chez…" splits title from company;
 * otherwise the segments with a title word are the role and the first company-like other one is
 * the company; with no title word, "X, Y" reads as role, company (the usual order).
 */
export function splitRoleAndCompany(text: string): RoleAndCompany {
	let value = tidy(text)
	const wrapped = WRAPPED_RE.exec(value)
	if (wrapped) value = tidy(wrapped[1]!)
	if (!value || value.length > 300) return {}
	const at = AT_RE.exec(value)
	if (at && at.index > 0) {
		const role = tidy(value.slice(0, at.index))
		const company = cleanCompany(value.slice(at.index + at[0].length))
		if ((hasRoleWord(role) || /@|^\s+at\s+$/i.test(at[0])) && role.length <= 150) {
			return {
				role: role || undefined,
				companyName: isCompanyLike(company) ? company : undefined,
			}
		}
	}
	const segments = segmentsOf(value)
	if (!segments.length) return {}
	const roles = segments.filter((segment) => hasRoleWord(segment) && segment.length <= 150)
	const others = segments.filter((segment) => !roles.includes(segment))
	if (roles.length) {
		const company = others.map(cleanCompany).find(isCompanyLike)
		const [first, ...more] = roles.map((role) => role.replace(ARTICLE_RE, ''))
		const owned = OF_COMPANY_RE.exec(first!)
		if (owned && !company && isCompanyLike(owned[2]!)) {
			return { role: [owned[1]!, ...more].join(', '), companyName: cleanCompany(owned[2]!) }
		}
		return { role: [first, ...more].join(', '), companyName: company }
	}
	if (segments.length === 1) {
		const company = cleanCompany(segments[0]!)
		return isCompanyLike(company) ? { companyName: company } : {}
	}
	// "Sales Ninja, Acme": no title word, but in the usual order and both look the part.
	const [first, second] = segments as [string, string]
	const company = cleanCompany(second)
	const titleLike =
		/^\p{Lu}/u.test(first) && first.split(/\s+/).length <= 6 && !isPlaceName(first) && !/[.!?]$/.test(first)
	return titleLike && isCompanyLike(company) ? { role: first, companyName: company } : {}
}

function personWith(nameText: string, rest: string, minWords: number): PersonLine | null {
	// A name pasted in lower case counts when a title follows it ("mary o'neil, head of people at Globex").
	const lowerCase = nameText === nameText.toLowerCase() && hasRoleWord(rest)
	if (!isLikelyPersonName(nameText, { minWords, strictCase: !lowerCase })) return null
	const name = splitPersonName(nameText)
	if (!name) return null
	return { name, ...splitRoleAndCompany(rest) }
}

/**
 * A person line: the name, then its role and company. Null when the line does not start with a
 * name (or, reversed, end with one after a title: "CEO: Jane Doe"), or nothing after the name reads
 * as a role or a company — "Jane Doe: thanks for the call" is a chat line, not a lead.
 */
export function parsePersonLine(line: string, { minWords = 2 } = {}): PersonLine | null {
	const text = tidy(line)
	if (!text || text.length > 300) return null
	const paren = /^([^()]{3,70}?)\s*\(([^()]{2,200})\)\s*(.*)$/.exec(text)
	if (paren) {
		const person = personWith(paren[1]!, paren[2]!, minWords)
		if (person && (person.role || person.companyName)) {
			const after = paren[3] ? splitRoleAndCompany(paren[3]) : {}
			return {
				...person,
				role: person.role ?? after.role,
				companyName: person.companyName ?? after.companyName,
			}
		}
	}
	let best: { index: number; separator: string } | null = null
	for (const separator of SEPARATORS) {
		const index = text.indexOf(separator)
		if (index > 0 && (!best || index < best.index)) best = { index, separator }
	}
	if (!best) return null
	const left = text.slice(0, best.index)
	const right = text.slice(best.index + best.separator.length)
	const person = personWith(left, right, minWords)
	if (person) return person.role || person.companyName ? person : null
	// "CEO: Jane Doe", "Geschäftsführer – Max Mustermann".
	if (hasRoleWord(left) && left.length <= 80) {
		const reversed = personWith(right, '', minWords)
		if (reversed) return { name: reversed.name, ...splitRoleAndCompany(left) }
	}
	return null
}
