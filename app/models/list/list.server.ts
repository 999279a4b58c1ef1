import { Prisma } from '#app/generated/prisma/client.ts'
import { findGroupMembersPage } from '#app/models/contact/contact-list.server.ts'
import { addContactsToGroup, groupMemberIds } from '#app/models/contact/contact-membership.server.ts'
import { type ContactFilter, type ContactSelection } from '#app/schemas/contact-filter.ts'
import { type CreateListInput } from '#app/schemas/list.ts'
import { prisma } from '#app/utils/db.server.ts'
import { nextListSlug } from './list-slug.server.ts'

export const LIST_SELECT = { id: true, slug: true, name: true, description: true } as const

/** Creates a list with a slug from its name, unique in the organization (name-2, name-3…). */
export async function createList(organizationId: string, creatorId: string | null, input: CreateListInput) {
	// Two lists of the same name created at once can pick the same slug: the unique index
	// refuses the second, which then takes the next one.
	for (let attempt = 0; ; attempt++) {
		const slug = await nextListSlug(organizationId, input.name)
		try {
			return await prisma.list.create({
				data: { organizationId, creatorId, slug, name: input.name, description: input.description },
				select: LIST_SELECT,
			})
		} catch (error) {
			const conflict = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
			if (!conflict || attempt >= 4) throw error
		}
	}
}

/** The organization's lists, newest first, with how many contacts each holds. */
export async function listLists(organizationId: string) {
	const lists = await prisma.list.findMany({
		where: { organizationId },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		select: { ...LIST_SELECT, createdAt: true, _count: { select: { contacts: true } } },
	})
	return lists.map(({ _count, ...list }) => ({ ...list, contactCount: _count.contacts }))
}

export function findListBySlug(organizationId: string, slug: string) {
	return prisma.list.findUnique({
		where: { organizationId_slug: { organizationId, slug } },
		select: { ...LIST_SELECT, createdAt: true },
	})
}

/** A list by id (the API's :listId) or, for convenience, by slug; null when not the organization's. */
export function findList(organizationId: string, idOrSlug: string) {
	return prisma.list.findFirst({
		where: { organizationId, OR: [{ id: idOrSlug }, { slug: idOrSlug }] },
		select: { ...LIST_SELECT, createdAt: true },
	})
}

/** A list with one page of its contacts (newest first unless the filter sorts otherwise). */
export async function getListWithContacts(
	organizationId: string,
	slug: string,
	page: Parameters<typeof findGroupMembersPage>[2] = {},
) {
	const list = await findListBySlug(organizationId, slug)
	if (!list) return null
	const { contacts, total } = await findGroupMembersPage(organizationId, { kind: 'list', id: list.id }, page)
	return { ...list, contacts, total }
}

/**
 * Adds the selected contacts to a list in one INSERT … SELECT (a million never pass through
 * Node); contacts already in the list are left as they are. Returns how many were added.
 */
export async function addContactsToList(
	organizationId: string,
	listId: string,
	selection: ContactSelection,
	filter: ContactFilter,
	excludeIds: string[] = [],
) {
	return {
		added: (await addContactsToGroup('list', organizationId, listId, { selection, filter, excludeIds })) ?? 0,
	}
}

/** Which of these contacts are already in the list (for the Added state). */
export function listMemberIds(listId: string, contactIds: string[]) {
	return groupMemberIds('list', listId, contactIds)
}
