import { type Prisma } from '#app/generated/prisma/client.ts'
import { type QueueableStatus } from '#app/generated/prisma/enums.ts'
import { recordContactSearchSignals } from '#app/models/contact-search/contact-search-signals.server.ts'
import { saveLeads } from '#app/models/lead-import/save-leads.server.ts'
import {
	CONTACT_SEARCH_TYPE,
	type ContactSearchJobResult,
	type ContactSearchMode,
	type ContactSearchResult,
} from '#app/schemas/contact-search.ts'
import { type QueueableMetadata } from '#app/schemas/queueable.ts'
import { prisma } from '#app/utils/db.server.ts'

// One contact search as its results page shows it (issue 15): the job's state while it runs, its
// ranked people per company once done; and Import Leads, which saves the chosen people through the
// lead scraper's save (companies, tags, existing contacts) and marks them saved in the results.

export type ContactSearchView = {
	id: string
	status: QueueableStatus
	progress: number
	metadata: QueueableMetadata
	failureReason: string | null
	mode: ContactSearchMode
	lookingFor: string
	result: ContactSearchJobResult | null
	createdAt: Date
}

type SearchPayload = { mode?: unknown; lookingFor?: unknown }

export async function getContactSearch(
	organizationId: string,
	id: string,
): Promise<ContactSearchView | null> {
	const row = await prisma.queueable.findFirst({
		where: { id, organizationId, type: CONTACT_SEARCH_TYPE },
		select: {
			id: true,
			status: true,
			progress: true,
			metadata: true,
			payload: true,
			result: true,
			failureReason: true,
			createdAt: true,
		},
	})
	if (!row) return null
	const payload = (row.payload ?? {}) as SearchPayload
	const result = isJobResult(row.result) ? row.result : null
	return {
		id: row.id,
		status: row.status,
		progress: row.progress,
		metadata: (row.metadata ?? {}) as QueueableMetadata,
		failureReason: row.failureReason,
		mode: result?.mode ?? (payload.mode === 'bulk' ? 'bulk' : 'single'),
		lookingFor:
			result?.query.lookingFor ?? (typeof payload.lookingFor === 'string' ? payload.lookingFor : ''),
		result,
		createdAt: row.createdAt,
	}
}

function isJobResult(value: unknown): value is ContactSearchJobResult {
	const result = value as ContactSearchJobResult | null
	return typeof result === 'object' && result !== null && Array.isArray(result.results)
}

/** Every person of the search, in page order (company by company, rank by rank). */
export function allResults(result: ContactSearchJobResult): ContactSearchResult[] {
	return result.results.flatMap((company) => company.topContacts)
}

/** A result as a lead of the lead scraper's save: the company by id when it is ours, else by name. */
export function resultAsLead(result: ContactSearchResult) {
	return {
		firstName: result.firstName ?? '',
		lastName: result.lastName ?? '',
		email: result.email,
		phone: result.phone,
		linkedin: result.linkedinUrl,
		role: result.role,
		roleDetails: result.roleDetails,
		companyId: result.companyData.id,
		companyName: result.companyData.id ? null : (result.companyName ?? result.companyData.name),
	}
}

/**
 * Import Leads (n): saves the chosen people (the ones already saved are tagged, not created again)
 * and records which are now contacts, so the page shows them dimmed. Null when the search is not
 * this organization's or has no results.
 */
export async function importContactSearchLeads({
	organizationId,
	userId,
	queueableId,
	resultIds,
	tagIds,
}: {
	organizationId: string
	userId: string | null
	queueableId: string
	resultIds: string[]
	tagIds: string[]
}) {
	const search = await getContactSearch(organizationId, queueableId)
	if (!search?.result) return null
	const wanted = new Set(resultIds)
	const chosen = allResults(search.result).filter((result) => wanted.has(result.id))
	const summary = await saveLeads({ organizationId, userId, contacts: chosen.map(resultAsLead), tagIds })
	const savedAs = new Map<string, string>()
	for (const saved of summary.savedResults) {
		const result = chosen[saved.index]
		if (result && saved.contactId && (saved.status === 'created' || saved.status === 'existing'))
			savedAs.set(result.id, saved.contactId)
	}
	if (savedAs.size > 0) await markSaved(organizationId, queueableId, savedAs)
	await recordContactSearchSignals({ organizationId, userId }, queueableId, {
		accepted: [...savedAs.keys()],
		rejected: skippedAbove(search.result, wanted),
	})
	return { summary, chosen }
}

/**
 * The people the user saw and passed over: in each company they imported from, the ones ranked
 * above the lowest one they chose that they did not choose (the ones below may never have been
 * read). People already saved as contacts are not a judgement on the ranking and are left out.
 */
export function skippedAbove(result: ContactSearchJobResult, chosen: Set<string>) {
	return result.results.flatMap((company) => {
		const lowest = company.topContacts.findLastIndex((contact) => chosen.has(contact.id))
		return company.topContacts
			.slice(0, Math.max(0, lowest))
			.filter((contact) => !chosen.has(contact.id) && !contact.existingContactId)
			.map((contact) => contact.id)
	})
}

/** Writes the new contact ids into the stored results. */
async function markSaved(organizationId: string, queueableId: string, savedAs: Map<string, string>) {
	await prisma.$transaction(async (tx) => {
		// Locked: two imports from the same results at once each keep the other's marks.
		const [row] = await tx.$queryRaw<Array<{ result: unknown }>>`
			SELECT result FROM "Queueable"
			WHERE id = ${queueableId} AND "organizationId" = ${organizationId} AND type = ${CONTACT_SEARCH_TYPE}
			FOR UPDATE`
		if (!row || !isJobResult(row.result)) return
		const result = row.result
		for (const company of result.results)
			for (const contact of company.topContacts) {
				const contactId = savedAs.get(contact.id)
				if (contactId) contact.existingContactId = contactId
			}
		await tx.queueable.update({
			where: { id: queueableId },
			data: { result: result as unknown as Prisma.InputJsonObject },
		})
	})
}
