import { type HtmlDocument, textOf } from '#app/integrations/web/page-text.ts'
import {
	findEmails,
	findPhones,
	normalizeEmail,
	normalizePhone,
	personalEmail,
	profileLinkedinUrl,
} from './lead-contact-points.ts'
import { type LeadDraft } from './lead-record.ts'

// What the page readers share: linkedom's element type, whitespace, ancestors, and the contact
// links (mailto:, tel:, LinkedIn /in/) inside an element.

export type Element = ReturnType<HtmlDocument['querySelectorAll']>[number]

export function squash(text: string | null | undefined) {
	return (text ?? '').replace(/\s+/g, ' ').trim()
}

export function ancestors(element: Element, max: number) {
	const list: Element[] = []
	let current = element.parentElement
	while (current && list.length < max) {
		list.push(current)
		current = current.parentElement
	}
	return list
}

/** The person's contact links inside the element (marked as used), then an address or phone in its text. */
export function contactsIn(card: Element, draft: LeadDraft, used: Set<Element>) {
	for (const link of Array.from(card.querySelectorAll('a[href]'))) {
		const href = link.getAttribute('href') ?? ''
		if (/^mailto:/i.test(href)) {
			draft.email ??= personalEmail(normalizeEmail(href))
			used.add(link)
		} else if (/^tel:/i.test(href)) {
			draft.phone ??= normalizePhone(href)
		} else if (/linkedin\.com\/(in|pub)\//i.test(href)) {
			draft.linkedin ??= profileLinkedinUrl(href)
			used.add(link)
		}
	}
	if (!draft.phone) draft.phone = findPhones(textOf(card))[0]?.value
	if (!draft.email)
		draft.email = findEmails(squash(card.textContent))
			.map((found) => personalEmail(found.value))
			.find(Boolean)
}
