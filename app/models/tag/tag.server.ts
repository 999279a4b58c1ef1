import { Prisma } from '#app/generated/prisma/client.ts'
import { likePattern, selectedContactIdsSql } from '#app/models/contact/contact-filter.server.ts'
import { addContactsToGroup } from '#app/models/contact/contact-membership.server.ts'
import { type ContactFilter, type ContactSelection } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'

export type TagOption = { id: string; name: string }
export type TagWithCount = TagOption & { contactCount: number }

/** Which contacts a bulk tag action applies to (see selectedContactIdsSql). */
export type ContactTarget = { selection: ContactSelection; filter: ContactFilter; excludeIds?: string[] }

// Name order, case-insensitive, id as tie-breaker so pages never overlap.
const TAG_ORDER = Prisma.sql`lower(t."name") ASC, t.id ASC`

function tagConditions(organizationId: string, search: string | undefined) {
	const conditions = [Prisma.sql`t."organizationId" = ${organizationId}`]
	// Same expression as the "Tag_name_trgm_idx" GIN index.
	if (search) conditions.push(Prisma.sql`lower(t."name") LIKE ${likePattern(search)}`)
	return Prisma.join(conditions, ' AND ')
}

/**
 * One page of the organization's tags in name order, optionally searched, with how many
 * contacts each holds (skipped when the caller only needs id and name), and the total.
 */
export async function listTags(
	organizationId: string,
	{
		take,
		skip = 0,
		search,
		withCounts = true,
	}: { take: number; skip?: number; search?: string; withCounts?: boolean },
): Promise<{ tags: TagWithCount[] | TagOption[]; total: number }> {
	const where = tagConditions(organizationId, search)
	const count = withCounts
		? Prisma.sql`, (SELECT count(*)::int FROM "ContactTag" ct WHERE ct."tagId" = t.id) AS "contactCount"`
		: Prisma.empty
	const [tags, [totalRow]] = await Promise.all([
		prisma.$queryRaw<TagWithCount[] | TagOption[]>`
			SELECT t.id, t."name" ${count} FROM "Tag" t
			WHERE ${where} ORDER BY ${TAG_ORDER} LIMIT ${take} OFFSET ${skip}`,
		prisma.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM "Tag" t WHERE ${where}`,
	])
	return { tags, total: totalRow?.total ?? 0 }
}

/** The first `take` tags of the organization by name: options for selects and no-JS fallbacks. */
export async function listTagOptions(
	organizationId: string,
	{ take }: { take: number },
): Promise<TagOption[]> {
	const { tags } = await listTags(organizationId, { take, withCounts: false })
	return tags.map(({ id, name }) => ({ id, name }))
}

/** The organization's tags among `tagIds` (others' ids are dropped), in name order. */
export async function findTags(organizationId: string, tagIds: string[]): Promise<TagOption[]> {
	if (tagIds.length === 0) return []
	return prisma.tag.findMany({
		where: { organizationId, id: { in: tagIds } },
		select: { id: true, name: true },
		orderBy: [{ name: 'asc' }, { id: 'asc' }],
	})
}

/** An existing tag with this name, ignoring case (an exact match wins), or null. */
async function findTagByName(organizationId: string, name: string): Promise<TagOption | null> {
	const [tag] = await prisma.$queryRaw<TagOption[]>`
		SELECT t.id, t."name" FROM "Tag" t
		WHERE t."organizationId" = ${organizationId} AND lower(t."name") = lower(${name})
		ORDER BY (t."name" = ${name}) DESC, t.id LIMIT 1`
	return tag ?? null
}

/**
 * Creates a tag (the name already trimmed by TagNameSchema). Names are unique per
 * organization ignoring case: "Sales" when "sales" exists returns the existing tag, so
 * inline creation from a search box never makes near-duplicates.
 */
export async function createTag(
	organizationId: string,
	name: string,
): Promise<{ tag: TagOption; created: boolean }> {
	const existing = await findTagByName(organizationId, name)
	if (existing) return { tag: existing, created: false }
	try {
		const tag = await prisma.tag.create({ data: { organizationId, name }, select: { id: true, name: true } })
		return { tag, created: true }
	} catch (error) {
		// Two requests creating the same name at once: the unique index lets one win.
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
			const winner = await findTagByName(organizationId, name)
			if (winner) return { tag: winner, created: false }
		}
		throw error
	}
}

/**
 * Adds the selected contacts to a tag in one INSERT … SELECT (a million contacts never pass
 * through Node). Contacts already tagged are skipped. Returns how many were added, or null
 * when the tag is not the organization's.
 */
export async function addContactsToTag(
	organizationId: string,
	tagId: string,
	{ selection, filter, excludeIds = [] }: ContactTarget,
): Promise<number | null> {
	return addContactsToGroup('tag', organizationId, tagId, { selection, filter, excludeIds })
}

export type AddTagsToContactResult =
	| { ok: true; added: number; tags: TagOption[] }
	| { ok: false; reason: 'contact_not_found' | 'tag_not_found' }

/** Adds tags to one contact. Every id must be the organization's (else nothing changes). */
export async function addTagsToContact(
	organizationId: string,
	contactId: string,
	tagIds: string[],
): Promise<AddTagsToContactResult> {
	const contact = await prisma.contact.findFirst({
		where: { id: contactId, organizationId },
		select: { id: true },
	})
	if (!contact) return { ok: false, reason: 'contact_not_found' }
	const uniqueIds = [...new Set(tagIds)]
	const owned = await findTags(organizationId, uniqueIds)
	if (owned.length !== uniqueIds.length) return { ok: false, reason: 'tag_not_found' }
	const { count } = await prisma.contactTag.createMany({
		data: uniqueIds.map((tagId) => ({ tagId, contactId })),
		skipDuplicates: true,
	})
	const tags = await prisma.tag.findMany({
		where: { organizationId, contacts: { some: { contactId } } },
		select: { id: true, name: true },
		orderBy: [{ name: 'asc' }, { id: 'asc' }],
	})
	return { ok: true, added: count, tags }
}

/**
 * For the Add-tags dialog: how many contacts are selected, and how many of them each of
 * `tagIds` already holds (only the organization's tags are counted). A tag holding every
 * selected contact cannot be selected again.
 */
export async function tagCoverage(
	organizationId: string,
	tagIds: string[],
	{ selection, filter, excludeIds = [] }: ContactTarget,
): Promise<{ selectedCount: number; counts: Record<string, number> }> {
	const selected = selectedContactIdsSql(organizationId, selection, filter, excludeIds)
	const [countRow] = await prisma.$queryRaw<Array<{ count: number }>>`
		SELECT count(*)::int AS count FROM (${selected}) s`
	const counts: Record<string, number> = Object.fromEntries(tagIds.map((id) => [id, 0]))
	if (tagIds.length === 0 || !countRow?.count) return { selectedCount: countRow?.count ?? 0, counts }
	const rows = await prisma.$queryRaw<Array<{ tagId: string; count: number }>>`
		SELECT ct."tagId", count(*)::int AS count
		FROM "ContactTag" ct JOIN "Tag" t ON t.id = ct."tagId"
		WHERE t."organizationId" = ${organizationId} AND ct."tagId" IN (${Prisma.join(tagIds)})
			AND ct."contactId" IN (${selected})
		GROUP BY ct."tagId"`
	for (const row of rows) counts[row.tagId] = row.count
	return { selectedCount: countRow.count, counts }
}
