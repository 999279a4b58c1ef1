import { prisma } from '#app/utils/db.server.ts'

/**
 * Recomputes every organization's contact figures in one statement: one pass over contacts, lead
 * imports and contact searches, an upsert per organization. Run each minute by the
 * refresh_admin_figures job and by an administrator's Refresh; the admin tables read the result,
 * so their filters never count contacts (decision 043). A transaction-level advisory lock makes
 * concurrent runs (several workers, a click during the cron run) wait rather than both work.
 */
export async function refreshOrganizationActivity() {
	return prisma.$transaction(async (tx) => {
		await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('refresh_admin_figures'))`
		return tx.$executeRaw`
			INSERT INTO "OrganizationActivity"
				("organizationId", "contactsAdded", "leadsContacted", "lastContactAt", "autoLeads", "refreshedAt")
			SELECT o.id, coalesce(c.added, 0), coalesce(c.contacted, 0), c.last,
				(li."organizationId" IS NOT NULL OR q."organizationId" IS NOT NULL), now()
			FROM "Organization" o
			LEFT JOIN (
				SELECT "organizationId", count(*)::int AS added, count("lastContactedAt")::int AS contacted,
					max("lastContactedAt") AS last
				FROM "Contact" GROUP BY "organizationId"
			) c ON c."organizationId" = o.id
			LEFT JOIN (SELECT DISTINCT "organizationId" FROM "LeadImport") li ON li."organizationId" = o.id
			LEFT JOIN (
				SELECT DISTINCT "organizationId" FROM "Queueable" WHERE "type" = 'contact_search'
			) q ON q."organizationId" = o.id
			ON CONFLICT ("organizationId") DO UPDATE SET
				"contactsAdded" = EXCLUDED."contactsAdded",
				"leadsContacted" = EXCLUDED."leadsContacted",
				"lastContactAt" = EXCLUDED."lastContactAt",
				"autoLeads" = EXCLUDED."autoLeads",
				"refreshedAt" = EXCLUDED."refreshedAt"`
	})
}

/** When the figures were last recomputed (null before the first run). */
export async function organizationActivityRefreshedAt() {
	const row = await prisma.organizationActivity.aggregate({ _max: { refreshedAt: true } })
	return row._max.refreshedAt
}
