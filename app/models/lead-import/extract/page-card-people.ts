import { type HtmlDocument, textOf } from '#app/integrations/web/page-text.ts'
import { findEmails } from './lead-contact-points.ts'
import { type LeadDraft } from './lead-record.ts'
import { hasRoleWord, NOT_COMPANY_WORDS } from './lead-words.ts'
import { ancestors, contactsIn, type Element, squash } from './page-dom.ts'
import { isLikelyPersonName } from './person-name.ts'
import { isCompanyLike, splitRoleAndCompany } from './role-and-company.ts'

// People in the cards of a page's markup: team pages, speaker lists and directories (a name in a
// heading or a "name" element, its title in the next line or a "title"/"role" element, links to
// mail, LinkedIn and phone inside the card).

type Part = { text: string; hint: string; element: Element }

const NAME_SELECTOR =
	'h1,h2,h3,h4,h5,h6,strong,b,dt,figcaption,[itemprop="name"],[class*="name" i],[class*="title" i] > a,a[class*="name" i]'
const NEVER_TEXT = new Set([
	'SCRIPT',
	'STYLE',
	'NOSCRIPT',
	'TEMPLATE',
	'SVG',
	'IFRAME',
	'BUTTON',
	'SELECT',
	'NAV',
	'FOOTER',
])
const ROLE_HINT_RE = /title|role|position|job|designation|function|occupation|subtitle|headline|poste/i
const COMPANY_HINT_RE = /company|organi[sz]ation|employer|affiliation|firm|worksfor|org\b/i
/** "Talk to sales", "Contact our team": a button's words, not a title. */
const CALL_TO_ACTION_RE =
	/^(?:talk|contact|book|get|start|try|learn|read|see|join|request|schedule|call|email|write|ask|buy|sign|download|view|meet)\b/i
const MAX_CARDS = 2_000
const MAX_CARD_PARTS = 30
const CARD_CLIMB = 6
function hintOf(element: Element) {
	return `${element.getAttribute('class') ?? ''} ${element.getAttribute('itemprop') ?? ''}`
}

/**
 * Lines of text inside a card, in order, each with the class of the element it came from. An
 * element with text of its own is read whole, a line per <br> or block inside it.
 */
function partsOf(card: Element): Part[] {
	const parts: Part[] = []
	const stack: Element[] = [card]
	while (stack.length && parts.length < MAX_CARD_PARTS) {
		const element = stack.pop()!
		if (NEVER_TEXT.has(element.tagName)) continue
		const ownText = Array.from(element.childNodes).some(
			(node) => node.nodeType === 3 && (node.textContent ?? '').trim(),
		)
		if (ownText) {
			for (const line of textOf(element).split('\n')) {
				// textOf marks list items with "- ".
				const text = squash(line.replace(/^- /, ''))
				if (text) parts.push({ text, hint: hintOf(element), element })
			}
			continue
		}
		const children = Array.from(element.children) as Element[]
		for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!)
	}
	return parts
}

/** The name elements of the page: short text that reads as a person's name (the outermost of nested ones). */
function nameElements(document: HtmlDocument) {
	const found = new Set<Element>()
	for (const element of Array.from(document.querySelectorAll(NAME_SELECTOR))) {
		if (found.size >= MAX_CARDS) break
		const text = squash(element.textContent)
		if (text.length < 4 || text.length > 60) continue
		// Document order puts an outer match first; its inner matches are the same name.
		if (ancestors(element, 8).some((parent) => found.has(parent))) continue
		if (isLikelyPersonName(text)) found.add(element)
	}
	return [...found]
}

/** The largest ancestor (a few levels up) that holds this name and no other: the person's card. */
function cardOf(element: Element, namesInside: Map<Element, number>) {
	let card = element
	for (const parent of ancestors(element, CARD_CLIMB)) {
		if ((namesInside.get(parent) ?? 0) > 1 || parent.tagName === 'BODY' || parent.tagName === 'MAIN') break
		card = parent
	}
	return card
}

const SIBLING_CARD_MAX = 4

/**
 * The elements of a person's card. Where no element holds the name alone (headings and paragraphs
 * side by side in one container), the card is the name and the siblings after it, up to the next name.
 */
function cardElements(
	nameElement: Element,
	card: Element,
	names: Set<Element>,
	namesInside: Map<Element, number>,
): Element[] {
	if (card !== nameElement) return [card]
	const elements = [nameElement]
	let sibling = nameElement.nextElementSibling as Element | null
	while (sibling && elements.length <= SIBLING_CARD_MAX) {
		if (names.has(sibling) || namesInside.has(sibling)) break
		elements.push(sibling)
		sibling = sibling.nextElementSibling as Element | null
	}
	return elements
}

/** A card's person: its title from a title-like element or the line after the name, its company likewise. */
function cardDraft(
	nameElement: Element,
	card: Element[],
	eventPage: boolean,
): LeadDraft & { signals: number } {
	const name = squash(nameElement.textContent)
	const draft: LeadDraft & { signals: number } = { fullName: name, signals: 0 }
	// "Jane Doe – CTO, Acme" in one line: the name is cut off, the rest is a line of its own.
	const all = card
		.flatMap(partsOf)
		.map((part) =>
			part.text !== name && part.text.startsWith(name)
				? { ...part, text: part.text.slice(name.length).replace(/^[\s,;:|·•–—-]+/, '') }
				: part,
		)
	const isName = (part: Part) =>
		part.text === name || !part.text || (nameElement.contains(part.element) && !card.includes(part.element))
	const nameIndex = all.findIndex(isName)
	const parts = all.filter(
		(part) => !isName(part) && part.text.length <= 160 && !findEmails(part.text).length,
	)
	for (const part of parts) {
		if (!draft.role && ROLE_HINT_RE.test(part.hint) && !COMPANY_HINT_RE.test(part.hint)) {
			const split = splitRoleAndCompany(part.text)
			draft.role = split.role ?? part.text
			if (split.role) draft.companyName ??= split.companyName
			draft.signals++
		} else if (!draft.companyName && COMPANY_HINT_RE.test(part.hint) && isCompanyLike(part.text)) {
			draft.companyName = part.text
			draft.signals++
		}
	}
	// No hints: the first short line after the name is the title (or, on an event page, the company).
	const [first, second] = all
		.slice(nameIndex + 1)
		.filter((part) => parts.includes(part) && part.text.length <= 120)
	if (!draft.role && first && !NOT_COMPANY_WORDS.has(first.text.toLowerCase())) {
		if (hasRoleWord(first.text) && !CALL_TO_ACTION_RE.test(first.text)) {
			const split = splitRoleAndCompany(first.text)
			draft.role = split.role ?? first.text
			draft.companyName ??= split.companyName
			draft.signals++
		} else if (eventPage && !draft.companyName && isCompanyLike(first.text)) {
			draft.companyName = first.text
			draft.signals++
		}
	}
	if (
		eventPage &&
		draft.role &&
		!draft.companyName &&
		second &&
		isCompanyLike(second.text) &&
		!hasRoleWord(second.text)
	) {
		draft.companyName = second.text
	}
	return draft
}

export function cardPeople(document: HtmlDocument, { eventPage }: { eventPage: boolean }) {
	const names = nameElements(document)
	const namesInside = new Map<Element, number>()
	for (const element of names) {
		for (const parent of ancestors(element, CARD_CLIMB + 1))
			namesInside.set(parent, (namesInside.get(parent) ?? 0) + 1)
	}
	const signature = (element: Element) => `${element.tagName}.${element.getAttribute('class') ?? ''}`
	const repeats = new Map<string, number>()
	for (const element of names) repeats.set(signature(element), (repeats.get(signature(element)) ?? 0) + 1)
	const drafts: LeadDraft[] = []
	const usedLinks = new Set<Element>()
	const nameSet = new Set(names)
	for (const element of names) {
		const card = cardElements(element, cardOf(element, namesInside), nameSet, namesInside)
		const { signals, ...draft } = cardDraft(element, card, eventPage)
		const cardLinks = new Set<Element>()
		for (const part of card) contactsIn(part, draft, cardLinks)
		const contacts = Number(Boolean(draft.email)) + Number(Boolean(draft.linkedin))
		// A lone bold name in an article is not a card; a title, a contact or a repeated layout makes one.
		if (signals + contacts === 0 && (repeats.get(signature(element)) ?? 0) < 3) continue
		for (const link of cardLinks) usedLinks.add(link)
		drafts.push(draft)
	}
	return { drafts, usedLinks }
}
