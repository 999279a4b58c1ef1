import { type ContactCandidate } from '#app/schemas/contact-search.ts'
import { dedupeCandidates } from './dedupe-candidates.ts'
import { markExistingContacts } from './mark-existing-contacts.server.ts'
import {
	type CandidateSource,
	type SearchCompany,
	SourceFailed,
	SourceSkipped,
	type SourceContext,
} from './sources/candidate-source.ts'
import { linkedinPeopleSource } from './sources/linkedin-people-source.server.ts'
import { organizationRecordsSource } from './sources/organization-records-source.server.ts'
import { peopleDataSource } from './sources/people-data-source.server.ts'

export const DEFAULT_SOURCES: CandidateSource[] = [
	organizationRecordsSource,
	linkedinPeopleSource,
	peopleDataSource,
]

export type SourceOutcome = {
	name: string
	status: 'ok' | 'skipped' | 'failed'
	found: number
	note?: string
}

export type GatheredCandidates = {
	/** De-duplicated, each with every source that found it and `existingContactId` when saved. */
	candidates: ContactCandidate[]
	sources: SourceOutcome[]
	/** A source failed and none found anyone: the company's search failed (decision 037). */
	failed: boolean
	/** Why, in words, when failed: the failed sources' reasons. */
	reason: string | null
}

/** Runs every source for one company side by side, then de-duplicates and marks saved people. */
export async function gatherCandidates(
	company: SearchCompany,
	context: SourceContext,
	sources: CandidateSource[] = DEFAULT_SOURCES,
): Promise<GatheredCandidates> {
	const settled = await Promise.allSettled(sources.map((source) => source.find(company, context)))
	const outcomes: SourceOutcome[] = []
	const found: ContactCandidate[] = []
	settled.forEach((result, index) => {
		const name = sources[index]!.name
		if (result.status === 'fulfilled') {
			found.push(...result.value)
			outcomes.push({ name, status: 'ok', found: result.value.length })
		} else if (result.reason instanceof SourceSkipped) {
			outcomes.push({ name, status: 'skipped', found: 0, note: result.reason.message })
		} else {
			const note =
				result.reason instanceof SourceFailed ? result.reason.message : `${name} failed unexpectedly`
			if (!(result.reason instanceof SourceFailed))
				console.error(`contact search source ${name}`, result.reason)
			outcomes.push({ name, status: 'failed', found: 0, note })
		}
	})
	const failures = outcomes.filter((o) => o.status === 'failed')
	const failed = failures.length > 0 && found.length === 0
	const candidates = await markExistingContacts(context.organizationId, dedupeCandidates(found))
	return {
		candidates,
		sources: outcomes,
		failed,
		reason: failed ? failures.map((f) => f.note).join('; ') : null,
	}
}
