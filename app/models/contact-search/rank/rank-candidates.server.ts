import { type ContactCandidate } from '#app/schemas/contact-search.ts'

// Ranks one company's candidates for what the user is looking for (issue 15). The model ranks in
// windows of 20 when a key is set; otherwise the offline ranker. Every result carries its reason.
// PLACEHOLDER while the ranker is built in parallel: keeps the sources' order.

/** What the user accepted (imported) or rejected (deselected) in earlier searches of the organization. */
export type SearchSignal = {
	kind: 'ACCEPTED' | 'REJECTED'
	lookingFor: string
	role: string | null
	roleDetails: string | null
}

export type RankedCandidate = ContactCandidate & {
	rank: number
	/** 0–1, higher is better. */
	score: number
	matchReason: string
}

export type RankCandidatesInput = {
	organizationId: string
	lookingFor: string
	/** The searcher's own company, in words (the organization's summary or description). */
	myCompany: string
	company: { name: string; description: string | null }
	candidates: ContactCandidate[]
	topX: number
	signals: SearchSignal[]
	signal?: AbortSignal
}

export async function rankCandidates(
	input: RankCandidatesInput,
): Promise<{ ranked: RankedCandidate[]; ranker: 'model' | 'offline' }> {
	const ranked = input.candidates.slice(0, input.topX).map((candidate, index) => ({
		...candidate,
		rank: index + 1,
		score: 0,
		matchReason: 'Works at the company',
	}))
	return { ranked, ranker: 'offline' }
}
