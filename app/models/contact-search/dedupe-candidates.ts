import { type CandidateSource, type ContactCandidate } from '#app/schemas/contact-search.ts'
import { linkedinKey } from '#app/utils/linkedin-url.ts'

// The same person found by several sources becomes one candidate (decision 037): two candidates
// are one when they share a LinkedIn profile (canonical key) or an email (case-insensitive). The
// merged candidate keeps every source and, field by field, the fullest value found.

export function dedupeCandidates(candidates: ContactCandidate[]): ContactCandidate[] {
	const groups: ContactCandidate[][] = []
	const byIdentity = new Map<string, number>()
	for (const found of candidates) {
		const identities = identitiesOf(found)
		const matches = [...new Set(identities.map((id) => byIdentity.get(id)).filter((g) => g !== undefined))]
		let group: number
		if (matches.length === 0) {
			group = groups.push([found]) - 1
		} else {
			// A candidate may join two groups (one matched by email, the other by LinkedIn): merge them.
			group = Math.min(...matches)
			groups[group]!.push(found)
			for (const other of matches) {
				if (other === group) continue
				groups[group]!.push(...groups[other]!)
				groups[other] = []
				for (const [id, g] of byIdentity) if (g === other) byIdentity.set(id, group)
			}
		}
		for (const id of identities) byIdentity.set(id, group)
	}
	return groups.filter((group) => group.length > 0).map(mergeGroup)
}

function identitiesOf(found: ContactCandidate) {
	const ids: string[] = []
	const key = found.linkedinUrl ? linkedinKey(found.linkedinUrl) : null
	if (key?.startsWith('linkedin.com/in/')) ids.push(`li:${key}`)
	if (found.email?.includes('@')) ids.push(`email:${found.email.trim().toLowerCase()}`)
	return ids
}

const TEXT_FIELDS = [
	'firstName',
	'middleName',
	'lastName',
	'email',
	'phone',
	'role',
	'roleDetails',
	'summary',
	'location',
	'linkedinUrl',
	'companyName',
	'companyId',
	'existingContactId',
] as const

function mergeGroup(group: ContactCandidate[]): ContactCandidate {
	if (group.length === 1) return group[0]!
	const merged: ContactCandidate = { ...group[0]! }
	for (const field of TEXT_FIELDS) {
		let best: string | null = null
		for (const found of group) {
			const value = found[field]
			// The fullest value: a saved contact's id comes first; otherwise the longest text.
			if (value && (!best || (field !== 'existingContactId' && value.length > best.length))) best = value
		}
		merged[field] = best
	}
	if (merged.email) merged.email = merged.email.trim().toLowerCase()
	const sources: CandidateSource[] = []
	for (const found of group) for (const source of found.sources ?? [found.source]) sources.push(source)
	merged.sources = [...new Set(sources)]
	return merged
}
