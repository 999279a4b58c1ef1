import { type HtmlDocument } from '#app/integrations/web/page-text.ts'
import { profileLinkedinUrl } from './lead-contact-points.ts'
import { type LeadDraft } from './lead-record.ts'

// People a page states in JSON-LD: `Person` nodes anywhere (alone, in an array, an `@graph`, an
// `ItemList`'s items, an organization's `employee`/`member`/`founder`, an event's `performer`),
// with `worksFor`/`affiliation` for the company — or the organization they were listed under.

type JsonObject = Record<string, unknown>

const MAX_NODES = 2_000
const MAX_DEPTH = 10
const ORGANIZATION_TYPES =
	/^(organization|corporation|localbusiness|ngo|educationalorganization|collegeoruniversity|governmentorganization|medicalorganization|onlinebusiness|researchorganization|newsmediaorganization)$/i
const MEMBER_KEYS = new Set(['employee', 'employees', 'member', 'members', 'founder', 'founders', 'alumni'])

function parseJson(text: string): unknown {
	const cleaned = text
		.replace(/^\s*<!--/, '')
		.replace(/-->\s*$/, '')
		.replace(/^\s*\/\/\s*<!\[CDATA\[/, '')
		.replace(/\/\/\s*\]\]>\s*$/, '')
	try {
		return JSON.parse(cleaned)
	} catch {
		return null
	}
}

function typesOf(node: JsonObject) {
	return ([] as unknown[])
		.concat(node['@type'] ?? [])
		.filter((type): type is string => typeof type === 'string')
		.map((type) => type.replace(/^.*[/:]/, ''))
}

/** A text value: a string, the first string of a list, or an object's `name`. */
function textOf(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim() || undefined
	if (Array.isArray(value)) {
		for (const item of value) {
			const text = textOf(item)
			if (text) return text
		}
		return undefined
	}
	if (value && typeof value === 'object') return textOf((value as JsonObject).name)
	return undefined
}

function linksOf(node: JsonObject) {
	return ([] as unknown[])
		.concat(node.sameAs ?? [], node.url ?? [])
		.filter((value): value is string => typeof value === 'string')
}

function draftOf(person: JsonObject, employer: string | undefined): LeadDraft | null {
	const name = textOf(person.name)
	const given = textOf(person.givenName)
	const family = textOf(person.familyName)
	if (!name && !given) return null
	const linkedin = linksOf(person).map(profileLinkedinUrl).find(Boolean)
	const email = textOf(person.email)?.replace(/^mailto:/i, '')
	const employerOf = textOf(person.worksFor) ?? textOf(person.affiliation) ?? employer
	return {
		...(given
			? { firstName: given, middleName: textOf(person.additionalName), lastName: family }
			: { fullName: name }),
		email,
		phone: textOf(person.telephone),
		linkedin,
		role: textOf(person.jobTitle) ?? textOf(person.hasOccupation),
		companyName: employerOf,
	}
}

export function jsonLdPeople(document: HtmlDocument): LeadDraft[] {
	const drafts: LeadDraft[] = []
	let visited = 0
	for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json" i]'))) {
		const stack: Array<{ value: unknown; depth: number; employer?: string }> = [
			{ value: parseJson(script.textContent ?? ''), depth: 0 },
		]
		while (stack.length && visited < MAX_NODES) {
			const { value, depth, employer } = stack.pop()!
			if (depth > MAX_DEPTH || !value || typeof value !== 'object') continue
			visited++
			if (Array.isArray(value)) {
				for (let index = value.length - 1; index >= 0; index--)
					stack.push({ value: value[index], depth: depth + 1, employer })
				continue
			}
			const node = value as JsonObject
			const types = typesOf(node)
			if (types.includes('Person')) {
				const draft = draftOf(node, employer)
				if (draft) drafts.push(draft)
				continue
			}
			const isOrganization = types.some((type) => ORGANIZATION_TYPES.test(type))
			const organizationName = isOrganization ? textOf(node.name) : undefined
			const entries = Object.entries(node)
			for (let index = entries.length - 1; index >= 0; index--) {
				const [key, child] = entries[index]!
				const childEmployer = organizationName && MEMBER_KEYS.has(key) ? organizationName : employer
				stack.push({ value: child, depth: depth + 1, employer: childEmployer })
			}
		}
	}
	return drafts
}
