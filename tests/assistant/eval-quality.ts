import {
	type GenerationRequest,
	type ModifyRequest,
	type SequenceDraft,
} from '#app/models/assistant/sequence-draft.ts'

// How an email reads (issue 19, item 7): second person to the reader, whole sentences with the
// right capitals, facts rephrased rather than pasted, only the facts that relate to what the
// organization sells, and the offer, call to action and signature kept through every modification.
// Heuristics, written before the writer was improved; they score any writer, offline or model.

export type QualityCheck = { check: string; passed: boolean; detail?: string }
type Email = SequenceDraft['emailSteps'][number]

/** Edits every case's draft goes through; the first is the one that lost the offer (issue 19). */
export const MODIFY_INSTRUCTIONS = [
	'make it shorter and more casual',
	'Make it shorter',
	'more formal please',
	'Ask them to schedule a call',
	'add social proof',
	'Rewrite this please',
]

const STOPWORDS = new Set(
	'a an and are as at be but by for from has have in into is it its of on or our so that the their them they this to too we with you your more most much less very than over under per every each all any just also across week weeks day days time team teams company companies business people work help helps'.split(
		' ',
	),
)
// "they/their/them" may only stand for a plural noun of the same sentence, never for the reader.
const PLURAL_NOUN =
	/\b(teams|customers|clients|companies|people|leaders|reps|engineers|buyers|folks|others|users|prospects|peers|founders|groups)\b/i
const SINGULAR_THIRD_PERSON = /\b(he|she|his|her|him|hers|himself|herself)\b/i
const PLURAL_THIRD_PERSON = /\b(they|their|them|theirs|themselves)\b/i
// Common words that are capitalised only at the start of a sentence ("For context: Our customers…").
const COMMON_START =
	/(?:[:;,—–]|[ ]-)[ ]+["“]?(Our|The|We|They|Their|Your|You|It|Its|This|These|That|A|An|In|For|With|More|Most|Over|Customers|Clients|Teams|Companies|Every|Each|Since|After|Runs|Leads|Manages|Owns|Oversees|Heads|Recently)\b/

export function words(text: string) {
	return text.split(/\s+/).filter(Boolean)
}

function stem(word: string) {
	return word
		.toLowerCase()
		.replace(/[^a-z0-9-]/g, '')
		.replace(/(ing|ed|es|s)$/, '')
}

export function contentStems(text: string | null | undefined): Set<string> {
	return new Set(
		words(text ?? '')
			.map((word) => word.toLowerCase().replace(/[^a-z0-9-]/g, ''))
			.filter((word) => word.length > 2 && !STOPWORDS.has(word))
			.map(stem),
	)
}

/** The paragraphs between the greeting and the sign-off, as sentences. */
export function bodySentences(body: string, senderName: string): string[] {
	const paragraphs = body.trim().split(/\n\s*\n/)
	if (/^(hi|hello|hey|dear)\b/i.test(paragraphs[0] ?? '')) paragraphs.shift()
	if (senderName && paragraphs.at(-1)?.trimEnd().endsWith(senderName)) paragraphs.pop()
	return paragraphs.flatMap((paragraph) =>
		paragraph
			.split(/(?<=[.!?])\s+/)
			.map((sentence) => sentence.trim())
			.filter(Boolean),
	)
}

function pronounProblem(sentences: string[]) {
	return sentences.find(
		(sentence) =>
			SINGULAR_THIRD_PERSON.test(sentence) ||
			(PLURAL_THIRD_PERSON.test(sentence) && !PLURAL_NOUN.test(sentence)),
	)
}

function fragmentProblem(sentences: string[]) {
	return sentences.find(
		(sentence) =>
			!/^["“]?[A-Z0-9À-Þ]/.test(sentence) ||
			!/[.!?]["”]?$/.test(sentence) ||
			(words(sentence).length < 3 && !sentence.endsWith('?')) ||
			sentence.includes(';') ||
			(sentence.match(/ [—–] /g)?.length ?? 0) >= 2 ||
			/\s[,.]|\.\.|,,| {2}/.test(sentence),
	)
}

function capitalProblem(body: string) {
	return COMMON_START.exec(body)?.[0] ?? /[.!?]\s+[a-z]\w*/.exec(body)?.[0]
}

/** The contact's and company's own words: what a mail merge would paste. */
function fieldParts(texts: Array<string | null | undefined>): string[] {
	return texts
		.flatMap((text) => (text ?? '').split(/[;\n•]|(?<=[.!?])\s+/))
		.map((part) => part.trim().replace(/[.!?]+$/, ''))
		.filter((part) => words(part).length >= 2)
}

function normalise(text: string) {
	return text
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()
}

function pastedProblem(body: string, request: GenerationRequest) {
	const flat = normalise(body)
	const { contact, company } = request
	const contactParts = fieldParts([contact.roleDetails, contact.painPoints, contact.summary])
	for (const part of [
		...contactParts,
		...fieldParts([company?.summary, company?.description, company?.tagline]),
	]) {
		const quoted = new RegExp(`["“]${part.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
		if (quoted.test(body)) return `quoted: ${part}`
		// A long field copied whole is pasted; a short noun phrase ("slow release cycles") may stay.
		if (words(part).length >= 5 && flat.includes(normalise(part))) return `verbatim: ${part}`
		// Its own capital mid-sentence: the field was dropped in as it was typed.
		// (Contact notes only: a company's sentences begin with its name.)
		if (
			contactParts.includes(part) &&
			/^[A-Z][a-z]/.test(part) &&
			new RegExp(`[a-z,:;—–] ${part.split(' ')[0]} ${part.split(' ')[1] ?? ''}`).test(body)
		)
			return `capitalised: ${part}`
	}
	return undefined
}

/** What the organization sells, as far as the request tells. */
function offeringStems(request: GenerationRequest) {
	const { organization } = request
	return request.useOrganizationPrompt
		? contentStems([organization.summary, organization.description, ...organization.passages].join(' '))
		: new Set<string>()
}

function painParts(request: GenerationRequest) {
	return (request.contact.painPoints ?? '')
		.split(/[;\n•]|(?<=[.!?])\s+/)
		.map((part) => part.trim())
		.filter((part) => words(part).length >= 1)
}

/** A pain point the email raises although it has nothing to do with what the organization sells. */
function unrelatedPainProblem(sentences: string[], request: GenerationRequest) {
	const offering = offeringStems(request)
	for (const pain of painParts(request)) {
		const stems = [...contentStems(pain)]
		if (stems.length === 0 || stems.some((word) => offering.has(word))) continue
		const needed = Math.min(3, stems.length)
		const raised = sentences.find(
			(sentence) => stems.filter((word) => contentStems(sentence).has(word)).length >= needed,
		)
		if (raised) return `${pain} → ${raised}`
	}
	return undefined
}

function hasOffer(email: Email | undefined, request: GenerationRequest | ModifyRequest) {
	const body = email?.body ?? ''
	if (!body.includes(request.organization.name)) return false
	if (!request.useOrganizationPrompt) return true
	const summary = [...contentStems(request.organization.summary)].filter(
		(word) => !contentStems(request.organization.name).has(word),
	)
	const stems = contentStems(body)
	return summary.filter((word) => stems.has(word)).length >= Math.min(2, summary.length)
}

const hasCallToAction = (email: Email) => /\?|\breply\b/i.test(email.body)
const hasSignature = (email: Email, senderName: string) => email.body.trimEnd().endsWith(senderName)

/** The checks of each email that hold for any email: pronouns, fragments, capitals, pasted fields. */
function emailChecks(emails: Email[], request: GenerationRequest, prefix: string): QualityCheck[] {
	return emails.flatMap((email, index) => {
		const sentences = bodySentences(email.body, request.sender.name)
		const at = `${prefix}email ${index + 1}`
		const pronoun = pronounProblem(sentences)
		const fragment = fragmentProblem(sentences)
		const capital = capitalProblem(email.body)
		const pasted = pastedProblem(email.body, request)
		const unrelated = unrelatedPainProblem(sentences, request)
		return [
			{ check: `${at}: second person`, passed: !pronoun, detail: pronoun },
			{ check: `${at}: whole sentences`, passed: !fragment, detail: fragment },
			{ check: `${at}: capitals`, passed: !capital, detail: capital },
			{ check: `${at}: no pasted fields`, passed: !pasted, detail: pasted },
			{ check: `${at}: only related pain points`, passed: !unrelated, detail: unrelated },
			{ check: `${at}: signature`, passed: hasSignature(email, request.sender.name) },
		]
	})
}

/** A written draft: every email reads well; the first states the offer; every email asks for something. */
export function draftQualityChecks(request: GenerationRequest, draft: SequenceDraft): QualityCheck[] {
	return [
		...emailChecks(draft.emailSteps, request, ''),
		{ check: 'offer in the first email', passed: hasOffer(draft.emailSteps[0], request) },
		{
			check: 'call to action in every email',
			passed: draft.emailSteps.every(hasCallToAction),
		},
	]
}

/** A modified draft: reads as well, and keeps the offer, call to action and signature. */
export function modifyQualityChecks(
	request: GenerationRequest,
	instruction: string,
	before: Email[],
	after: Email[],
): QualityCheck[] {
	const prefix = `"${instruction}": `
	return [
		...emailChecks(after, request, prefix),
		{
			check: `${prefix}offer kept`,
			passed: !hasOffer(before[0], request) || hasOffer(after[0], request),
		},
		{
			check: `${prefix}call to action kept`,
			passed: after.every(
				(email, index) => !before[index] || !hasCallToAction(before[index]) || hasCallToAction(email),
			),
		},
	]
}
