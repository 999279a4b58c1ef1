import {
	COMPANY_IMPORT_MAX_ROWS,
	extraRowsIgnoredMessage,
	type ImportedCompany,
} from '#app/schemas/company-import.ts'
import { filterCompaniesOffline } from '../filter/filter-companies-offline.ts'
import { placeOf } from '../filter/filter-vocabulary.ts'
import { cleanDescription, firstSentences, splitSentences } from './company-description.ts'
import { isLikelyName, trimName } from './company-name-rules.ts'
import { attachAddress } from './company-table-row.ts'
import {
	FREE_MAIL_HOSTS,
	findEmailHosts,
	findWebAddresses,
	isPlatformHost,
	linkedinCompany,
	nameFromHost,
	nameFromLinkedinSlug,
	removeEmails,
	type WebAddress,
	websiteFromHost,
} from './company-web-address.ts'
import { type Found, mergeInto, mergeMentions, sameCompany } from './merge-company-mentions.ts'
import { isTableLine, readDelimitedBlock, readTable } from './text-tables.ts'

// The offline extractor (no model configured, or the model failed): companies in pasted text by
// its shapes — tables, CSV/TSV blocks, lists, "Name — description" lines, "Acme (acme.com) builds…"
// prose, bare domains and LinkedIn company links. Pure. What it understands: decision 027.

export const OFFLINE_MESSAGES = {
	fromEmails: 'No company names were found, so companies were guessed from the email addresses in the text',
	instructionsNotApplied:
		'The instructions could not be applied without the AI model: no company matched them, so all companies are shown',
} as const

const LIST_MARKER_RE = /^\s*(?:[-*+•·▪◦‣►▶✓✔→]|\d{1,3}[.)]|\(\d{1,3}\)|#\d{1,3}[.:)]?)\s+/
const HEADING_RE = /^\s*#{1,6}\s+/
const MARKDOWN_LINK_RE = /\[([^\][]{1,100})\]\(([^)\s]{1,2048})\)/g
const SEPARATOR_RE =
	/^(.{1,80}?)\s+(?:—|–|-{1,2}|\|)\s+(.+)$|^(.{1,80}?)\s*[—–]\s*(.{3,})$|^([^:]{1,60}):\s+(.+)$/
// Bounded and anchored at word starts: a 100k-character run of digits must not be re-scanned from every position.
const NAME_BEFORE_PAREN_RE =
	/(?<![\p{L}\p{N}&'’.+-])((?:[\p{Lu}\p{N}][\p{L}\p{N}&'’.+-]{0,40}\s{1,3}(?:(?:&|and|of|for|de)\s{1,3})?){0,4}[\p{Lu}\p{N}][\p{L}\p{N}&'’.+-]{0,40})\s{0,3}\(\s{0,3}([^()]{3,120})\)/gu

export function extractCompaniesOffline(
	text: string,
	instructions?: string | null,
): { companies: ImportedCompany[]; warnings: string[] } {
	const warnings: string[] = []
	let found = findCompanies(text)
	if (found.length === 0) {
		found = companiesFromEmails(text)
		if (found.length > 0) warnings.push(OFFLINE_MESSAGES.fromEmails)
	}
	let companies = mergeMentions(found).map(
		({ nameGuessed: _guessed, proseDescription: _prose, ...company }) => company,
	)
	if (instructions?.trim() && companies.length > 0) {
		const { indices, understood } = filterCompaniesOffline(companies, instructions)
		if (indices.length === 0 && !understood) warnings.push(OFFLINE_MESSAGES.instructionsNotApplied)
		else companies = indices.map((index) => companies[index]!)
	}
	if (companies.length > COMPANY_IMPORT_MAX_ROWS) {
		warnings.push(extraRowsIgnoredMessage(companies.length - COMPANY_IMPORT_MAX_ROWS))
		companies = companies.slice(0, COMPANY_IMPORT_MAX_ROWS)
	}
	return { companies, warnings }
}

function findCompanies(text: string): Found[] {
	const lines = text
		.replace(/\r\n?/g, '\n')
		// Control characters and zero-width marks copied from web pages.
		// eslint-disable-next-line no-control-regex -- removing control characters is the point
		.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200d\ufeff]/g, '')
		.replace(/\u00a0/g, ' ')
		.split('\n')
	const found: Found[] = []
	/** A list item or heading that named a company without a description: the paragraph below describes it. */
	let awaitingDescription: Found | null = null
	let awaitingAfterHeading = false
	const shortRuns = shortLineRuns(lines)
	let index = 0
	while (index < lines.length) {
		const table = readTable(lines, index) ?? readDelimitedBlock(lines, index) ?? readCard(lines, index)
		if (table) {
			found.push(...table.companies)
			index = table.end
			awaitingDescription = null
			continue
		}
		const line = lines[index]!
		index++
		if (!line.trim()) {
			// A heading's paragraph may follow a blank line; a list item's may not.
			if (!awaitingAfterHeading) awaitingDescription = null
			continue
		}
		const shortRun = shortRuns[index - 1]!
		const heading = HEADING_RE.test(line)
		const fromLine = companiesFromLine(line, { shortRun })
		if (fromLine.kind === 'prose' && awaitingDescription && !awaitingDescription.description) {
			const described =
				fromLine.companies.length === 0 ||
				fromLine.companies.every((company) => sameCompany(company, awaitingDescription!))
			if (described) {
				awaitingDescription.description = cleanDescription(firstSentences(line))
				for (const company of fromLine.companies) mergeInto(awaitingDescription, company)
				awaitingDescription = null
				continue
			}
		}
		// A line that names nothing ("Fintech · Stockholm", a blank line after a heading) keeps the wait.
		if (fromLine.companies.length === 0 && fromLine.kind !== 'prose') continue
		found.push(...fromLine.companies)
		awaitingAfterHeading = heading
		const only = fromLine.companies.length === 1 ? fromLine.companies[0]! : null
		awaitingDescription =
			fromLine.kind === 'item' && (heading || shortRun) && only && !only.description ? only : null
	}
	return found
}

/**
 * A card of a directory or portfolio page: a block of 2–6 lines between blank lines that starts
 * with a name and holds one website ("Klarna / Fintech · Stockholm / Smooth payments… / klarna.com").
 */
function readCard(lines: string[], start: number) {
	if (start > 0 && lines[start - 1]!.trim()) return null
	let end = start
	while (end < lines.length && lines[end]!.trim()) end++
	const block = lines.slice(start, end).map((line) => line.trim())
	if (block.length < 2 || block.length > 6) return null
	if (block.some((line) => LIST_MARKER_RE.test(line) || HEADING_RE.test(line) || isTableLine(line)))
		return null
	const name = trimName(block[0]!)
	if (findWebAddresses(block[0]!).length > 0 || !isLikelyName(name, { strict: true })) return null
	const company: Found = { name }
	const hosts = new Set<string>()
	for (const line of block.slice(1)) {
		const addresses = findWebAddresses(line)
		if (addresses.length > 0 && line.split(/\s+/).length <= 2) {
			for (const address of addresses) {
				if (!linkedinCompany(address) && !isPlatformHost(address.host)) hosts.add(address.host)
				attachAddress(company, address.raw)
			}
		} else if (!company.description && /[.!]$/.test(line) && line.split(/\s+/).length >= 4) {
			company.description = cleanDescription(line, 3)
		}
	}
	if (hosts.size !== 1) return null
	return { companies: [company], end }
}

/** For each line: is it one of three or more short lines in a row (a pasted list without bullets)? One pass. */
function shortLineRuns(lines: string[]) {
	const isShort = lines.map((line) => {
		const text = line.trim()
		return text.length > 0 && text.length <= 60 && !/[.!?]$/.test(text)
	})
	const inRun = new Array<boolean>(lines.length).fill(false)
	let start = 0
	for (let index = 0; index <= lines.length; index++) {
		if (index < lines.length && isShort[index]) continue
		if (index - start >= 3) inRun.fill(true, start, index)
		start = index + 1
	}
	return inRun
}

type LineResult = { kind: 'item' | 'prose' | 'skip'; companies: Found[] }

function companiesFromLine(rawLine: string, { shortRun }: { shortRun: boolean }): LineResult {
	let line = rawLine.trim()
	if (/^(©|\(c\)|copyright\b)|all rights reserved/i.test(line)) return { kind: 'skip', companies: [] }
	const heading = HEADING_RE.test(line)
	line = line.replace(HEADING_RE, '')
	const listItem = LIST_MARKER_RE.test(line)
	line = line
		.replace(LIST_MARKER_RE, '')
		.replace(/\*\*|__/g, '')
		.trim()
	line = removeEmails(line)

	// Markdown links: the label names the company the address belongs to.
	const linked: Found[] = []
	line = line.replace(MARKDOWN_LINK_RE, (_all, label: string, url: string) => {
		const company: Found = {}
		attachAddress(company, url)
		const name = trimName(label)
		if ((company.website || company.linkedinUrl) && isLikelyName(name) && !findWebAddresses(name).length) {
			company.name = name
			linked.push(company)
		}
		return label
	})
	const addresses = findWebAddresses(line)
	if (heading && !listItem && addresses.length === 0 && linked.length === 0) {
		// "### Acme Robotics" under a "Top 10" post names a company; "## Pricing" does not.
		const name = trimName(line)
		return isLikelyName(name, { strict: true }) && !/\d/.test(name) && name.split(/\s+/).length <= 3
			? { kind: 'item', companies: [{ name }] }
			: { kind: 'skip', companies: [] }
	}

	// "Acme Rockets - Reusable rockets. Website: acme.com" is one company described, not prose.
	const described = SEPARATOR_RE.exec(line)
	const leadName = described && !described[5] ? (described[1] ?? described[3])! : null
	const startsWithName =
		leadName !== null && leadName.split(/\s+/).length <= 5 && companyOfNamePart(leadName) !== null
	const isProse =
		!startsWithName &&
		!listItem &&
		!heading &&
		!shortRun &&
		(line.length > 90 ||
			/[.!?]["”’)]?\s+\S/.test(line) ||
			(/[.!?]$/.test(line) && line.split(/\s+/).length >= 4))
	if (isProse || (listItem && line.length > 160 && !SEPARATOR_RE.test(line.slice(0, 90)))) {
		const described = cleanDescription(firstSentences(line), 3)
		for (const company of linked) company.description ??= described
		return { kind: 'prose', companies: [...linked, ...companiesFromProse(line)] }
	}

	const named = namedCompanyOfLine(line)
	// A plain line holding only a name counts inside a pasted list; alone it is a greeting or a label.
	const bareName =
		named && !named.description && addresses.length === 0 && linked.length === 0 && !SEPARATOR_RE.test(line)
	if (named && (!bareName || listItem || heading || shortRun)) {
		const company = linked[0] && sameCompany(linked[0], named) ? { ...linked[0], ...named } : named
		for (const address of addresses) attachAddress(company, address.raw)
		return { kind: 'item', companies: [company] }
	}
	if (linked.length > 0) return { kind: 'item', companies: linked }
	const fromAddresses = addresses.flatMap((address) => companyFromAddress(address, null))
	return { kind: fromAddresses.length > 0 ? 'item' : 'skip', companies: fromAddresses }
}

/** "Acme — rockets", "Acme: rockets", "Acme | acme.com | Berlin", "Acme (acme.com)", or the name alone. */
function namedCompanyOfLine(line: string): Found | null {
	const cells = line
		.split(/\s+\|\s+|\t+/)
		.map((cell) => cell.trim())
		.filter(Boolean)
	if (cells.length >= 3) {
		const nameCell = cells.find(
			(cell) => isLikelyName(trimName(cell), { strict: true }) && findWebAddresses(cell).length === 0,
		)
		if (!nameCell) return null
		const description = cells.find(
			(cell) => cell !== nameCell && cell.split(/\s+/).length >= 3 && findWebAddresses(cell).length === 0,
		)
		return { name: trimName(nameCell), description: description ? cleanDescription(description) : null }
	}
	const separated = SEPARATOR_RE.exec(line)
	if (separated) {
		const namePart = (separated[1] ?? separated[3] ?? separated[5])!
		const rest = (separated[2] ?? separated[4] ?? separated[6])!
		const company = companyOfNamePart(namePart)
		// "The Fintech Weekly — Issue #212" is a title.
		if (
			company &&
			!/^(issue|vol\.?|volume|no\.|episode|part|edition|chapter|page)\s*#?\d+/i.test(rest.trim())
		) {
			// "Acme — acme.com" says nothing more; "Acme – San Francisco – acme.com" says where it is.
			const description = cleanDescription(rest)?.replace(/\s+[—–|-]$/, '')
			const place = description?.split(/\s+[—–|-]\s+/)[0]
			if (place && placeOf(place)) setPlace(company, place)
			else if (description) company.description = description
			return company
		}
	}
	return companyOfNamePart(line)
}

/** A known place named beside the company: a country fills the country, a city the city. */
function setPlace(company: Found, place: string) {
	const isCountry = (placeOf(place)?.aliases.length ?? 0) > 1
	company.headquarter ??= isCountry ? { country: place } : { city: place }
	company.locations ??= [place]
}

/** The name side of a line: a name, a name with its address in brackets, or an address alone. */
function companyOfNamePart(part: string): Found | null {
	const addresses = findWebAddresses(part)
	let withoutAddresses = addresses
		.reduce((text, address) => text.replace(address.raw, ' '), part)
		.replace(/\(\s*\)|\[\s*\]/g, ' ')
		.replace(/\s+/g, ' ')
	// "Cedar Health (cedarhealth.example)": a host in brackets the address finder does not know
	// (an unusual or reserved TLD) is still the company's site, not part of its name.
	const bracketHost = /\s*\(((?:[a-z0-9-]+\.)+[a-z]{2,24})\)\s*$/i.exec(withoutAddresses)
	if (bracketHost) withoutAddresses = withoutAddresses.replace(bracketHost[0], ' ')
	// "Pleo (Copenhagen)": a place in brackets after the name is where it is.
	const bracket = /\s*\(([^()]{2,40})\)\s*$/.exec(withoutAddresses.replace(/[—–|,:-]+\s*$/, ''))
	const bracketPlace = bracket && placeOf(bracket[1]!.trim()) ? bracket[1]!.trim() : null
	const name = trimName(
		(bracketPlace ? withoutAddresses.replace(bracket![0], ' ') : withoutAddresses).replace(
			/[—–|,:-]+\s*$/,
			'',
		),
	)
	if (name && isLikelyName(name, { strict: true })) {
		const company: Found = { name }
		if (bracketPlace) setPlace(company, bracketPlace)
		if (bracketHost && addresses.length === 0) company.website = `https://${bracketHost[1]!.toLowerCase()}`
		for (const address of addresses) attachAddress(company, address.raw)
		return company
	}
	if (!name && addresses.length === 1) return companyFromAddress(addresses[0]!, null)[0] ?? null
	return null
}

/** Sentences that mention a company by "Name (acme.com)", a link, or an address. */
function companiesFromProse(paragraph: string): Found[] {
	const companies: Found[] = []
	for (const sentence of splitSentences(paragraph)) {
		const used = new Set<string>()
		for (const match of sentence.matchAll(NAME_BEFORE_PAREN_RE)) {
			const inside = findWebAddresses(match[2]!)
			if (inside.length === 0) continue
			const name = trimName(match[1]!)
			if (!isLikelyName(name)) continue
			const company: Found = { name, description: cleanDescription(sentence, 3), proseDescription: true }
			for (const address of inside) {
				attachAddress(company, address.raw)
				used.add(address.host)
			}
			companies.push(company)
		}
		for (const address of findWebAddresses(sentence)) {
			if (used.has(address.host)) continue
			used.add(address.host)
			// "Meanwhile globex.com keeps hiring" describes Globex as "Meanwhile Globex keeps hiring".
			const named =
				linkedinCompany(address) || isPlatformHost(address.host)
					? sentence.replace(address.raw, ' ')
					: sentence.replace(address.raw, nameFromHost(address.host))
			const found = companyFromAddress(address, cleanDescription(named, 3))
			for (const company of found) company.proseDescription = true
			companies.push(...found)
		}
	}
	return companies
}

/** A bare address: a LinkedIn company page or a website, with a name guessed from it. */
function companyFromAddress(address: WebAddress, description: string | null): Found[] {
	const linkedin = linkedinCompany(address)
	if (linkedin)
		return [
			{
				name: nameFromLinkedinSlug(linkedin.slug),
				nameGuessed: true,
				linkedinUrl: linkedin.url,
				description,
			},
		]
	if (isPlatformHost(address.host)) return []
	// A file on some host ("cdn.acme.com/logo.png") is not a mention of a company.
	if (/\.(png|jpe?g|gif|svg|webp|pdf|zip|mp4|mp3|css|js)$/i.test(address.path)) return []
	return [
		{
			name: nameFromHost(address.host),
			nameGuessed: true,
			website: websiteFromHost(address.host),
			description,
		},
	]
}

function companiesFromEmails(text: string): Found[] {
	const hosts = [...new Set(findEmailHosts(text))].filter(
		(host) => !FREE_MAIL_HOSTS.has(host) && !isPlatformHost(host),
	)
	return hosts.map((host) => ({
		name: nameFromHost(host),
		nameGuessed: true,
		website: websiteFromHost(host),
	}))
}
