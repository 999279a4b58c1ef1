import { shortCompanyName } from '../draft-rules.ts'
import { type GenerationRequest } from '../sequence-draft.ts'
import { ANGLES, GENERAL_ANGLE, INDUSTRY_CONCERNS, type Angle } from './angles.ts'
import { hash } from './picker.ts'
import { lowerFirst, sentences, wordCount } from './phrasing.ts'

// What the offline writer knows about the contact, their company and the sender's organization.

export type Facts = {
	first: string
	company: string | null
	role: string | null
	roleDetails: string | null
	pain: string | null
	industry: string | null
	industryConcern: string | null
	companyFact: string | null
	orgName: string
	offering: string | null
	proofs: string[]
	angle: Angle
	sender: string
	/** Greeting and sign-off come from this seed so they stay the same in every email. */
	voiceSeed: number
}

/** Numbers convince; a leading "it" reads oddly once the sentence is lifted out of its document. */
function proofScore(sentence: string) {
	return (/\b\d/.test(sentence) ? 2 : 0) - (/\bit\b/i.test(sentence) ? 3 : 0)
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
	const companyFact = [company?.summary, company?.description, company?.tagline]
		.flatMap(sentences)
		.find((sentence) => wordCount(sentence) <= 30)
	return {
		first: contact.firstName.trim() || 'there',
		company: company ? shortCompanyName(company.name) : null,
		role,
		roleDetails: sentences(contact.roleDetails)[0] ?? null,
		pain: contact.painPoints?.split(/[;\n•]|\.\s/)[0]?.trim() || null,
		industry,
		industryConcern: industry
			? (INDUSTRY_CONCERNS.find(([match]) => match.test(industry))?.[1] ?? null)
			: null,
		companyFact: companyFact ?? null,
		orgName: organization.name,
		offering: request.useOrganizationPrompt
			? (sentences(organization.summary)[0] ?? sentences(organization.description)[0] ?? null)
			: null,
		// Numbers and named customers convince more than a general claim, so they come first.
		proofs: orgText
			.filter((sentence) => proofPattern.test(sentence) && wordCount(sentence) <= 35)
			.sort((a, b) => proofScore(b) - proofScore(a)),
		angle: ANGLES.find(({ match }) => match.test(role ?? ''))?.angle ?? GENERAL_ANGLE,
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
