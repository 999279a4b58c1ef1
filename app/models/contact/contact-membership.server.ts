import { Prisma } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'

/** The groups a contact can belong to, and their membership tables. */
const GROUPS = {
	tag: { table: Prisma.raw('"Tag"'), memberships: Prisma.raw('"ContactTag"'), column: Prisma.raw('"tagId"') },
	list: { table: Prisma.raw('"List"'), memberships: Prisma.raw('"ListContact"'), column: Prisma.raw('"listId"') },
	campaign: {
		table: Prisma.raw('"Campaign"'),
		memberships: Prisma.raw('"CampaignContact"'),
		column: Prisma.raw('"campaignId"'),
	},
} as const
export type ContactGroupKind = keyof typeof GROUPS

// A million rows take seconds; Prisma's default interactive transaction timeout is 5 s.
const BULK_TRANSACTION = { timeout: 120_000, maxWait: 10_000 }

/**
 * Adds the contacts that `contactIdsSql` (a `SELECT c.id FROM "Contact" c WHERE …` scoped to the
 * organization, see selectedContactIdsSql) selects to a tag, list or campaign of the
 * organization, in one INSERT … SELECT: no id passes through Node. Returns how many were
 * added (already-members are skipped), or null when the group is not the organization's.
 *
 * Adds to one group are serialised by a row lock on the group, so the anti-join never races
 * another bulk add; an add that slips in through another path (a single contact's tags) makes
 * the insert hit the primary key, and it is then run again with ON CONFLICT DO NOTHING, which
 * is correct under any race but a third slower at a million rows.
 */
export async function addContactsToGroup(
	kind: ContactGroupKind,
	organizationId: string,
	groupId: string,
	contactIdsSql: Prisma.Sql,
): Promise<number | null> {
	try {
		return await insertMemberships(kind, organizationId, groupId, contactIdsSql, false)
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		return insertMemberships(kind, organizationId, groupId, contactIdsSql, true)
	}
}

async function insertMemberships(
	kind: ContactGroupKind,
	organizationId: string,
	groupId: string,
	contactIdsSql: Prisma.Sql,
	onConflict: boolean,
) {
	const { table, memberships, column } = GROUPS[kind]
	return prisma.$transaction(async (tx) => {
		const group = await tx.$queryRaw<Array<{ id: string }>>`
			SELECT id FROM ${table} WHERE id = ${groupId} AND "organizationId" = ${organizationId} FOR NO KEY UPDATE`
		if (!group.length) return null
		return tx.$executeRaw`
			INSERT INTO ${memberships} (${column}, "contactId")
			SELECT ${groupId}, s.id FROM (${contactIdsSql}) s
			WHERE NOT EXISTS (SELECT 1 FROM ${memberships} m WHERE m.${column} = ${groupId} AND m."contactId" = s.id)
			ORDER BY s.id
			${onConflict ? Prisma.sql`ON CONFLICT DO NOTHING` : Prisma.empty}`
	}, BULK_TRANSACTION)
}

function isUniqueViolation(error: unknown) {
	const text = String((error as { message?: string })?.message ?? error)
	return text.includes('23505') || /unique constraint/i.test(text)
}
