import { Prisma } from '#app/generated/prisma/client.ts'
import { type ContactFilter, type ContactSelection } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import { CONTACT_SEARCH_EXPRESSION, selectedContactIdsSql } from './contact-filter.server.ts'

/** The groups a contact can belong to, and their membership tables. */
const GROUPS = {
	tag: { table: Prisma.raw('"Tag"'), memberships: Prisma.raw('"ContactTag"'), column: Prisma.raw('"tagId"') },
	list: {
		table: Prisma.raw('"List"'),
		memberships: Prisma.raw('"ListContact"'),
		column: Prisma.raw('"listId"'),
	},
	campaign: {
		table: Prisma.raw('"Campaign"'),
		memberships: Prisma.raw('"CampaignContact"'),
		column: Prisma.raw('"campaignId"'),
	},
} as const
export type ContactGroupKind = keyof typeof GROUPS

/** The contact columns a membership row copies (migration 20261121120000_membership_contact_copies). */
const COPY_COLUMNS = Prisma.sql`c.id, ${CONTACT_SEARCH_EXPRESSION} AS "searchText", lower(c."firstName") AS "sortName",
	c."createdAt" AS "contactCreatedAt", c."companyId"`

/** Which contacts a bulk add takes: a selection with the filter the user saw, and an optional extra rule. */
export type ContactGroupTarget = {
	selection: ContactSelection
	filter: ContactFilter
	excludeIds?: string[]
	/** More conditions on the contact (alias `c`), e.g. a campaign's channel rules. */
	where?: Prisma.Sql
}

// A million rows take seconds; Prisma's default interactive transaction timeout is 5 s.
const BULK_TRANSACTION = { timeout: 120_000, maxWait: 10_000 }

/**
 * Adds the target contacts of the organization to one of its tags, lists or campaigns, in one
 * INSERT … SELECT that also writes each membership's copy of the contact: no id passes through
 * Node. Returns how many were added (already-members are skipped), or null when the group is
 * not the organization's.
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
	{ selection, filter, excludeIds = [], where }: ContactGroupTarget,
): Promise<number | null> {
	const selected = selectedContactIdsSql(organizationId, selection, filter, excludeIds, COPY_COLUMNS)
	const contactsSql = where ? Prisma.sql`${selected} AND ${where}` : selected
	try {
		return await insertMemberships(kind, organizationId, groupId, contactsSql, false)
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		return insertMemberships(kind, organizationId, groupId, contactsSql, true)
	}
}

async function insertMemberships(
	kind: ContactGroupKind,
	organizationId: string,
	groupId: string,
	contactsSql: Prisma.Sql,
	onConflict: boolean,
) {
	const { table, memberships, column } = GROUPS[kind]
	return prisma.$transaction(async (tx) => {
		const group = await tx.$queryRaw<Array<{ id: string }>>`
			SELECT id FROM ${table} WHERE id = ${groupId} AND "organizationId" = ${organizationId} FOR NO KEY UPDATE`
		if (!group.length) return null
		// Contacts deleted meanwhile would leave memberships behind: deleteContacts takes this
		// lock exclusively, so deletes and bulk adds of one organization take turns.
		await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${CONTACT_DELETE_LOCK}::int, hashtext(${organizationId}))`
		// An empty group (the usual bulk add: a new tag or campaign) needs no anti-join.
		const [{ empty } = { empty: false }] = await tx.$queryRaw<Array<{ empty: boolean }>>`
			SELECT NOT EXISTS (SELECT 1 FROM ${memberships} m WHERE m.${column} = ${groupId}) AS empty`
		const notMember = empty
			? Prisma.empty
			: Prisma.sql`WHERE NOT EXISTS (SELECT 1 FROM ${memberships} m WHERE m.${column} = ${groupId} AND m."contactId" = s.id)`
		// In contact-id order, so the key's new entries are appended rather than scattered.
		return tx.$executeRaw`
			INSERT INTO ${memberships} (${column}, "contactId", "searchText", "sortName", "contactCreatedAt", "companyId")
			SELECT ${groupId}, s.id, s."searchText", s."sortName", s."contactCreatedAt", s."companyId"
			FROM (${contactsSql}) s
			${notMember}
			ORDER BY s.id
			${onConflict ? Prisma.sql`ON CONFLICT DO NOTHING` : Prisma.empty}`
	}, BULK_TRANSACTION)
}

/**
 * How many of the organization's contacts matching the filter are not yet in the group: what
 * "Add All (n)" would add (a count that included the members promised more than it did).
 */
export async function countNonMembers(
	kind: ContactGroupKind,
	organizationId: string,
	groupId: string,
	filter: ContactFilter,
) {
	const { memberships, column } = GROUPS[kind]
	const matching = selectedContactIdsSql(organizationId, 'all', filter)
	const [row] = await prisma.$queryRaw<Array<{ count: bigint }>>`
		SELECT count(*) AS count FROM (${matching}) s
		WHERE NOT EXISTS (SELECT 1 FROM ${memberships} m WHERE m.${column} = ${groupId} AND m."contactId" = s.id)`
	return Number(row?.count ?? 0)
}

/** Which of these contacts already belong to the group (the dialogs' "Added" state). */
export async function groupMemberIds(kind: ContactGroupKind, groupId: string, contactIds: string[]) {
	if (!contactIds.length) return new Set<string>()
	const { memberships, column } = GROUPS[kind]
	const rows = await prisma.$queryRaw<Array<{ contactId: string }>>`
		SELECT m."contactId" FROM ${memberships} m
		WHERE m.${column} = ${groupId} AND m."contactId" IN (${Prisma.join(contactIds)})`
	return new Set(rows.map(({ contactId }) => contactId))
}

/** Advisory lock space (first key) for "contacts of an organization being deleted". */
export const CONTACT_DELETE_LOCK = 72707370

/** Takes the organization's contact-delete lock in a transaction that deletes contacts. */
export async function lockForContactDeletes(tx: Prisma.TransactionClient, organizationId: string) {
	await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CONTACT_DELETE_LOCK}::int, hashtext(${organizationId}))`
}

function isUniqueViolation(error: unknown) {
	const text = String((error as { message?: string })?.message ?? error)
	return text.includes('23505') || /unique constraint/i.test(text)
}
