import { Prisma } from '#app/generated/prisma/client.ts'
import { finalizeQueueable } from '#app/models/queueable/queueable.server.ts'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { enqueueWebhookEvent } from '#app/models/webhook/webhook-events.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { saveLeads, SaveLeadsRefusal, type SaveLeadsSummary } from './save-leads.server.ts'

// The review of a lead import (/lead-scraper/:queueId): its leads page by page with search, each
// with the contact it already is (same LinkedIn profile or email) — those are dimmed and cannot
// be selected — and the save of the selected ones (or all new ones) with tags.

export const REVIEW_PAGE_SIZE = 50

export type ReviewLead = {
	id: string
	position: number
	firstName: string
	middleName: string | null
	lastName: string
	email: string | null
	phone: string | null
	linkedin: string | null
	role: string | null
	roleDetails: string | null
	companyName: string | null
	companyDescription: string | null
	/** The organization's contact this person already is, if any. */
	existingContactId: string | null
}

function searchCondition(search: string) {
	const term = search.trim().toLowerCase()
	if (!term) return Prisma.empty
	const like = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
	return Prisma.sql`AND lower(concat_ws(' ', l."firstName", l."middleName", l."lastName", l.email, l.role, l."companyName", l.linkedin)) LIKE ${like}`
}

// The contact the lead became when saved (a lead without LinkedIn or email has no other key), else
// two lookups, each on an index of Contact ((organizationId, linkedin_key(linkedin)) and (organizationId, email)).
function existingContactSql(organizationId: string) {
	return Prisma.sql`coalesce(
		(SELECT c.id FROM "Contact" c WHERE l."contactId" IS NOT NULL AND c.id = l."contactId" AND c."organizationId" = ${organizationId}),
		(SELECT c.id FROM "Contact" c WHERE c."organizationId" = ${organizationId} AND l.linkedin IS NOT NULL AND linkedin_key(c.linkedin) = linkedin_key(l.linkedin) LIMIT 1),
		(SELECT c.id FROM "Contact" c WHERE c."organizationId" = ${organizationId} AND l.email IS NOT NULL AND c.email = l.email LIMIT 1)
	)`
}

export async function listReviewLeads(
	organizationId: string,
	leadImportId: string,
	{
		search = '',
		page = 1,
		pageSize = REVIEW_PAGE_SIZE,
	}: { search?: string; page?: number; pageSize?: number } = {},
) {
	const where = Prisma.sql`l."leadImportId" = ${leadImportId} ${searchCondition(search)}`
	const [counts] = await prisma.$queryRaw<Array<{ total: number; existing: number }>>`
		SELECT count(*)::int AS total, count(${existingContactSql(organizationId)})::int AS existing
		FROM "LeadImportLead" l WHERE ${where}`
	const total = counts?.total ?? 0
	const pageCount = Math.max(1, Math.ceil(total / pageSize))
	const current = Math.min(Math.max(1, Math.floor(page)), pageCount)
	const leads = await prisma.$queryRaw<ReviewLead[]>`
		SELECT l.id, l.position, l."firstName", l."middleName", l."lastName", l.email, l.phone, l.linkedin, l.role,
			l."roleDetails", l."companyName", l."companyDescription", ${existingContactSql(organizationId)} AS "existingContactId"
		FROM "LeadImportLead" l WHERE ${where}
		ORDER BY l.position LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`
	return { leads, total, existing: counts?.existing ?? 0, page: current, pageCount, pageSize }
}

/**
 * Saves leads of an import: the chosen ones, or every lead that is no contact yet — neither saved
 * from here nor found among the organization's contacts (`all`). Existing contacts among chosen
 * ones are tagged too ("Process existing contacts"). The import becomes SAVED and keeps the last
 * save's summary; its queue item is finalized (the user acted on it).
 */
export async function saveReviewLeads({
	organizationId,
	userId,
	leadImportId,
	leadIds,
	tagIds,
}: {
	organizationId: string
	userId: string | null
	leadImportId: string
	leadIds: string[] | 'all'
	tagIds: string[]
}): Promise<SaveLeadsSummary | null> {
	const record = await prisma.leadImport.findFirst({
		where: { id: leadImportId, organizationId, state: { in: ['READY', 'SAVED'] } },
		select: { id: true, queueableId: true },
	})
	if (!record) return null
	if (leadIds !== 'all' && leadIds.length === 0)
		throw new SaveLeadsRefusal('nothing_to_save', LEAD_IMPORT_MESSAGES.noLeadsSelected)
	const ids = leadIds === 'all' ? await newLeadIds(organizationId, leadImportId) : leadIds
	const rows = await prisma.leadImportLead.findMany({
		where: { leadImportId, id: { in: ids } },
		orderBy: { position: 'asc' },
	})
	if (rows.length === 0) throw new SaveLeadsRefusal('nothing_to_save', LEAD_IMPORT_MESSAGES.noProcessedLeads)
	const summary = await saveLeads({
		organizationId,
		userId,
		tagIds,
		contacts: rows.map((row) => ({
			firstName: row.firstName,
			middleName: row.middleName,
			lastName: row.lastName,
			email: row.email,
			phone: row.phone,
			linkedin: row.linkedin,
			role: row.role,
			roleDetails: row.roleDetails,
			companyName: row.companyName,
			companyDescription: row.companyDescription,
		})),
	})
	await recordSave(organizationId, record.id, rows, summary)
	if (record.queueableId) await finalizeQueueable(organizationId, record.queueableId).catch(() => null)
	return summary
}

/** "Select all n new leads": the import's leads that are no contact yet (neither saved nor found). */
async function newLeadIds(organizationId: string, leadImportId: string) {
	const rows = await prisma.$queryRaw<Array<{ id: string }>>`
		SELECT l.id FROM "LeadImportLead" l
		WHERE l."leadImportId" = ${leadImportId} AND ${existingContactSql(organizationId)} IS NULL`
	return rows.map((row) => row.id)
}

async function recordSave(
	organizationId: string,
	leadImportId: string,
	rows: Array<{ id: string }>,
	summary: SaveLeadsSummary,
) {
	const saved = summary.savedResults.flatMap((result) => {
		const row = rows[result.index]
		return row && result.contactId ? [{ id: row.id, contactId: result.contactId }] : []
	})
	await prisma.$transaction(async (tx) => {
		if (saved.length) {
			await tx.$executeRaw`
				UPDATE "LeadImportLead" AS l SET "contactId" = s."contactId"
				FROM unnest(${saved.map((row) => row.id)}::text[], ${saved.map((row) => row.contactId)}::text[]) AS s(id, "contactId")
				WHERE l.id = s.id AND l."leadImportId" = ${leadImportId}`
		}
		await tx.leadImport.updateMany({
			where: { id: leadImportId, organizationId },
			data: {
				state: 'SAVED',
				savedCount: summary.successCount,
				existingCount: summary.existingCount,
				duplicateCount: summary.duplicateCount,
				skippedCount: summary.skippedCount,
				errorCount: summary.errorCount,
			},
		})
		await enqueueWebhookEvent(prismaRun(tx), organizationId, 'import.completed', {
			importId: leadImportId,
			kind: 'leads',
			saved: summary.successCount,
			existing: summary.existingCount,
			duplicates: summary.duplicateCount,
			errors: summary.errorCount,
		})
	})
}
