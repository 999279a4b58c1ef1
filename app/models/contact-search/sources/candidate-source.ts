import { type ContactCandidate } from '#app/schemas/contact-search.ts'

// One interface for every place candidates come from (decision 037): the organization's own
// records, LinkedIn through the user's session, an optional people-data provider. The job runs
// them side by side for each company and de-duplicates what they find.

/** A target company as the job searches it: ours when matched (id), else the caller's facts. */
export type SearchCompany = {
	id: string | null
	name: string
	description: string | null
	website: string | null
	linkedinUrl: string | null
	logoUrl: string | null
	/** This company's own role prompt (company mode's file); the search's lookingFor otherwise. */
	lookingFor?: string | null
}

export type SourceContext = {
	organizationId: string
	userId: string | null
	lookingFor: string
	/** Most candidates a source should return for one company. */
	limit: number
	signal?: AbortSignal
}

export interface CandidateSource {
	/** Shown in the company's source outcomes: "organization", "linkedin", "people-data". */
	readonly name: string
	find(company: SearchCompany, context: SourceContext): Promise<ContactCandidate[]>
}

/** The source does not apply (no LinkedIn connected, no key): not a failure. */
export class SourceSkipped extends Error {
	override name = 'SourceSkipped'
}

/** The source was tried and did not answer usefully (after its retries): the reason is shown. */
export class SourceFailed extends Error {
	override name = 'SourceFailed'
}

/** A candidate with every field present (sources fill what they know). */
export function candidate(
	fields: Partial<ContactCandidate> & Pick<ContactCandidate, 'key' | 'source'>,
): ContactCandidate {
	return {
		firstName: null,
		middleName: null,
		lastName: null,
		email: null,
		phone: null,
		role: null,
		roleDetails: null,
		summary: null,
		location: null,
		linkedinUrl: null,
		companyName: null,
		companyId: null,
		existingContactId: null,
		...fields,
		sources: [fields.source],
	}
}
