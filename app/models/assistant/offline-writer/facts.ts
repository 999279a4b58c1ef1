import { shortCompanyName } from '../draft-rules.ts'
import { type GenerationRequest } from '../sequence-draft.ts'
import { ANGLES, GENERAL_ANGLE, INDUSTRY_CONCERNS, type Angle } from './angles.ts'
import { hash } from './picker.ts'
import { lowerFirst, sentences, wordCount } from './phrasing.ts'
import { notesAsClause, painPhrase, type PainPhrase } from './second-person.ts'

// What the offline writer knows about the contact, their company and the sender's organization.

export type Facts = {
	first: string
	company: string | null
	role: string | null
	/** The contact's notes as a second-person clause ("you run operations"), when they can be. */
	roleClause: string | null
	/** The first pain point that relates to what the organization sells. */
	pain: PainPhrase | null
	industry: string | null
	industryConcern: string | null
	companyFact: string | null
	orgName: string
	offering: string | null
	proofs: string[]
	angle: Angle
	/** The angle's outcome, when it is something the organization sells (else nothing is promised). */
	outcome: string | null
	sender: string
	/** Greeting and sign-off come from this seed so they stay the same in every email. */
	voiceSeed: number
}

/** Numbers convince; a leading "it" reads oddly once the sentence is lifted out of its document. */
function proofScore(sentence: string) {
	return (/\b\d/.test(sentence) ? 2 : 0) - (/\bit\b/i.test(sentence) ? 3 : 0)
}

const NEUTRAL_QUESTIONS: Angle['questions'] = [
	'Would it be worth a short conversation to see whether this fits your team?',
	'Is this something on your list for the coming months?',
]
const THIRD_PERSON = /\b(he|she|his|her|him|they|their|them)\b/i
// Words that say nothing about what an organization sells, so they cannot make a pain point fit.
const GENERIC = new Set(
	'team teams company companies business work time week weeks day days more less every people help helps customer customers client clients use used our their your with from that this have into'.split(
		' ',
	),
)

function stems(text: string) {
	return text
		.toLowerCase()
		.split(/[^a-z0-9-]+/)
		.filter((word) => word.length > 3 && !GENERIC.has(word))
		.map((word) => word.replace(/(ing|ed|es|s)$/, ''))
}

function offeringStems(orgText: string[]) {
	return new Set(orgText.flatMap(stems))
}

/** Pain points we can speak to: those that share a word with what the organization sells. */
function relatedPain(painPoints: string | null | undefined, offering: Set<string>): PainPhrase | null {
	const pain = (painPoints ?? '')
		.split(/[;\n•]|\.\s/)
		.map((part) => part.trim())
		.find((part) => part && stems(part).some((word) => offering.has(word)))
	return pain ? painPhrase(pain) : null
}

export function gatherFacts(request: GenerationRequest, seed: number): Facts {
	const { contact, company, organization } = request
	const role = contact.role?.trim() || null
	const industry = company?.industry?.trim() || null
	const orgText = request.useOrganizationPrompt
		? [organization.description, ...organization.passages].flatMap(sentences)
		: []
	const proofPattern =
		/\b\d|\b(customers?|clients?|companies|teams|trusted|helped|used by|case stud(?:y|ies)|saved|reduced|increased|grew|doubled)\b/i
	// A sentence about the company that names it first and says "they" of nobody: it can follow
	// "I read that" without sounding like a pasted field.
	const names = company ? [company.name, shortCompanyName(company.name)] : []
	const companyFact = [company?.summary, company?.description, company?.tagline]
		.flatMap(sentences)
		.find(
			(sentence) =>
				wordCount(sentence) <= 30 &&
				names.some((name) => sentence.startsWith(`${name} `)) &&
				!THIRD_PERSON.test(sentence),
		)
	const offer = request.useOrganizationPrompt
		? (sentences(organization.summary)[0] ?? sentences(organization.description)[0] ?? null)
		: null
	const angle = ANGLES.find(({ match }) => match.test(role ?? ''))?.angle ?? GENERAL_ANGLE
	// A CTO hears about engineering time only if we sell something for it; else we promise nothing.
	const fits = !offer || angle.sells.test(offer)
	const offering = offeringStems(request.useOrganizationPrompt ? [organization.summary, ...orgText] : [])
	return {
		first: contact.firstName.trim() || 'there',
		company: company ? shortCompanyName(company.name) : null,
		role,
		roleClause: notesAsClause(contact.roleDetails),
		pain: relatedPain(contact.painPoints, offering),
		industry,
		industryConcern: industry
			? (INDUSTRY_CONCERNS.find(([match]) => match.test(industry))?.[1] ?? null)
			: null,
		companyFact: companyFact ?? null,
		orgName: organization.name,
		offering: offer,
		// Numbers and named customers convince more than a general claim, so they come first.
		proofs: orgText
			// "Case study: Kestrel doubled…" reads as a label once it follows our own lead-in.
			.map((sentence) => sentence.replace(/^(case study|example|result)\s*:\s*/i, ''))
			.filter((sentence) => proofPattern.test(sentence) && wordCount(sentence) <= 35)
			.sort((a, b) => proofScore(b) - proofScore(a)),
		angle: fits ? angle : { ...angle, questions: NEUTRAL_QUESTIONS },
		outcome: fits ? angle.outcome : null,
		sender: request.sender.name.trim(),
		voiceSeed: (seed ^ 0x5bd1e995) >>> 0,
	}
}

export function teamsLike(facts: Facts) {
	return facts.industry ? `${facts.angle.audience} in ${lowerFirst(facts.industry)}` : facts.angle.audience
}

export function seedFor(request: GenerationRequest, salt: string) {
	const { contact, company } = request
	return hash(
		[
			salt,
			contact.firstName,
			contact.lastName,
			contact.email,
			contact.role,
			company?.name,
			request.instruction,
		].join('|'),
	)
}
