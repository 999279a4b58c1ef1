import { type SearchSignal } from '#app/models/contact-search/rank/rank-candidates.server.ts'
import {
	CONTACT_SEARCH_TYPE,
	type ContactSearchJobResult,
	type ContactSearchResult,
} from '#app/schemas/contact-search.ts'
import { prisma } from '#app/utils/db.server.ts'

// Accept and reject signals (decision 037): the results a user imported (accepted) or deselected
// (rejected), stored with the search's lookingFor and the person's role, so the ranker of the
// organization's later searches lifts or lowers similar candidates.

/** Signals the ranker reads: the organization's latest. */
export const SIGNALS_LOADED = 500

type Actor = { organizationId: string; userId: string | null }

/**
 * Records the signals of one search's results; a result signalled again takes the new kind.
 * Returns null when the search is not the organization's (the API's 404); unknown result ids are
 * ignored and counted.
 */
export async function recordContactSearchSignals(
	actor: Actor,
	queueableId: string,
	{ accepted = [], rejected = [] }: { accepted?: string[]; rejected?: string[] },
) {
	const search = await prisma.queueable.findFirst({
		where: { id: queueableId, organizationId: actor.organizationId, type: CONTACT_SEARCH_TYPE },
		select: { result: true, payload: true },
	})
	if (!search) return null
	const result = search.result as ContactSearchJobResult | null
	const searchedFor = result?.query.lookingFor ?? (search.payload as { lookingFor?: string }).lookingFor ?? ''
	// Each person with what their company was searched for (its own role prompt, or the search's).
	const byId = new Map<string, ContactSearchResult & { lookingFor: string }>()
	for (const company of result?.results ?? [])
		for (const row of company.topContacts)
			byId.set(row.id, { ...row, lookingFor: company.lookingFor || searchedFor })
	// Rejected after accepted in the same call: the last word counts.
	const kinds = new Map<string, 'ACCEPTED' | 'REJECTED'>()
	for (const id of accepted) kinds.set(id, 'ACCEPTED')
	for (const id of rejected) kinds.set(id, 'REJECTED')
	const rows = [...kinds].flatMap(([resultId, kind]) => {
		const found = byId.get(resultId)
		if (!found) return []
		return [
			{
				organizationId: actor.organizationId,
				userId: actor.userId,
				queueableId,
				resultId,
				kind,
				lookingFor: found.lookingFor,
				role: found.role,
				roleDetails: found.roleDetails,
				linkedinUrl: found.linkedinUrl,
			},
		]
	})
	await prisma.$transaction(async (tx) => {
		await tx.contactSearchSignal.deleteMany({
			where: {
				organizationId: actor.organizationId,
				queueableId,
				resultId: { in: rows.map((r) => r.resultId) },
			},
		})
		if (rows.length) await tx.contactSearchSignal.createMany({ data: rows })
	})
	return {
		accepted: rows.filter((r) => r.kind === 'ACCEPTED').length,
		rejected: rows.filter((r) => r.kind === 'REJECTED').length,
		ignored: kinds.size - rows.length,
	}
}

/** The organization's latest signals, newest first, as the ranker takes them. */
export async function loadSearchSignals(organizationId: string): Promise<SearchSignal[]> {
	const rows = await prisma.contactSearchSignal.findMany({
		where: { organizationId },
		select: { kind: true, lookingFor: true, role: true, roleDetails: true },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take: SIGNALS_LOADED,
	})
	return rows.map((row) => ({
		kind: row.kind,
		lookingFor: row.lookingFor,
		role: row.role,
		roleDetails: row.roleDetails,
	}))
}
