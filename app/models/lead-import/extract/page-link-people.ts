import { type HtmlDocument, textOf } from '#app/integrations/web/page-text.ts'
import { normalizeEmail, personalEmail, profileLinkedinUrl } from './lead-contact-points.ts'
import { type LeadDraft } from './lead-record.ts'
import { ancestors, contactsIn, type Element, squash } from './page-dom.ts'
import { fullNameOf, isLikelyPersonName, nameFromLinkedinSlug } from './person-name.ts'
import { parsePersonLine } from './role-and-company.ts'

// People a page names outside any card: schema.org Person microdata, and the `mailto:` and LinkedIn
// `/in/` links no card claimed, named by their text, their label, or a block naming exactly one person.

const LINK_NOISE_RE =
	/\b(?:on linkedin|linkedin profile|linkedin|profile|view|visit|connect with|follow|e-?mail|send an? e-?mail to|contact|'s|’s)\b|[|:›»]/gi

/** schema.org Person microdata (itemscope itemtype=…/Person). */
export function microdataPeople(document: HtmlDocument): LeadDraft[] {
	const drafts: LeadDraft[] = []
	for (const scope of Array.from(document.querySelectorAll('[itemscope][itemtype*="schema.org/Person" i]'))) {
		const prop = (name: string) => {
			const element = scope.querySelector(`[itemprop="${name}"]`)
			if (!element) return undefined
			return (
				squash(element.getAttribute('content') ?? element.getAttribute('href') ?? element.textContent) ||
				undefined
			)
		}
		const name = prop('name')
		const given = prop('givenName')
		if (!name && !given) continue
		const draft: LeadDraft = given ? { firstName: given, lastName: prop('familyName') } : { fullName: name }
		Object.assign(draft, {
			role: prop('jobTitle'),
			companyName: prop('worksFor') ?? prop('affiliation'),
			email: prop('email'),
			phone: prop('telephone'),
		})
		contactsIn(scope, draft, new Set())
		drafts.push(draft)
	}
	return drafts
}

/** Text around a link that names its person: the link's own words, its label, or the block it stands in. */
function nameNear(link: Element): LeadDraft | null {
	const labels = [squash(link.textContent), link.getAttribute('aria-label'), link.getAttribute('title')]
	for (const label of labels) {
		const text = squash(label?.replace(LINK_NOISE_RE, ' '))
		if (text && isLikelyPersonName(text)) return { fullName: text }
	}
	// The block around the link, if it names exactly one person; a block naming several is ambiguous.
	for (const parent of ancestors(link, 3)) {
		const text = textOf(parent)
		if (text.length > 400) break
		const named: LeadDraft[] = []
		for (const line of text.split(/\n|\t/)) {
			const rest = squash(line.replace(/[\w.+-]+@[\w.-]+/g, ' '))
			const person = parsePersonLine(rest)
			const bare = squash(rest.replace(LINK_NOISE_RE, ' '))
			if (person) named.push({ ...person.name, role: person.role, companyName: person.companyName })
			else if (bare && bare.length <= 60 && isLikelyPersonName(bare)) named.push({ fullName: bare })
		}
		if (named.length === 1) return named[0]!
		if (named.length > 1) break
	}
	return null
}

/** `mailto:` and LinkedIn profile links that no card claimed. */
export function linkPeople(document: HtmlDocument, usedLinks: Set<Element>): LeadDraft[] {
	const drafts: LeadDraft[] = []
	for (const link of Array.from(document.querySelectorAll('a[href]'))) {
		if (usedLinks.has(link)) continue
		const href = link.getAttribute('href') ?? ''
		const email = /^mailto:/i.test(href) ? personalEmail(normalizeEmail(href)) : null
		const linkedin = !email && /linkedin\.com\/(in|pub)\//i.test(href) ? profileLinkedinUrl(href) : null
		if (!email && !linkedin) continue
		const named = nameNear(link)
		if (named) drafts.push({ ...named, email, linkedin })
		else if (linkedin) {
			const slugName = nameFromLinkedinSlug(linkedin.split('/').pop() ?? '')
			if (slugName) drafts.push({ fullName: fullNameOf(slugName), linkedin })
		} else drafts.push({ email })
	}
	return drafts
}
