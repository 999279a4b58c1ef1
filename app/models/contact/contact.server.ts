import { Prisma } from '#app/generated/prisma/client.ts'
import { CONTACT_MESSAGES, type ContactCreateInput, type ContactUpdateInput } from '#app/schemas/contact.ts'
import { EMBEDDED_COMPANY_SELECT } from '#app/models/company/company.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { CONTACT_CARD_SELECT } from './contact-select.ts'
import { lockForContactDeletes } from './contact-membership.server.ts'
import { linkedinKey, linkedinKeyForms } from '#app/utils/linkedin-url.ts'

/** Everything a contact's detail shows: all its fields, tags, campaigns, and its company. */
function contactSelect(fullCompany: boolean) {
	return {
		...CONTACT_CARD_SELECT,
		decisionMakingCapacity: true,
		painPoints: true,
		budgetControl: true,
		teamSize: true,
		technicalBackground: true,
		summary: true,
		status: true,
		metadata: true,
		lastContactedAt: true,
		createdAt: true,
		updatedAt: true,
		companyId: true,
		creatorId: true,
		company: { select: fullCompany ? EMBEDDED_COMPANY_SELECT : { id: true, name: true } },
		tags: { select: { tag: { select: { id: true, name: true } } }, orderBy: { createdAt: 'asc' } },
		campaigns: {
			select: { campaign: { select: { id: true, name: true } } },
			orderBy: { createdAt: 'asc' },
		},
	} satisfies Prisma.ContactSelect
}

type ContactRecord = Prisma.ContactGetPayload<{ select: ReturnType<typeof contactSelect> }>
type ContactRecordWithCompany = Omit<ContactRecord, 'company'> & {
	company: Prisma.CompanyGetPayload<{ select: typeof EMBEDDED_COMPANY_SELECT }> | null
}

/** The spec's shape: tags as { id, name }, tagIds, campaigns as { campaign: { id, name } }. */
function toContact<Record extends ContactRecord | ContactRecordWithCompany>(record: Record) {
	const { tags, ...rest } = record
	const tagList = tags.map(({ tag }) => tag)
	return { ...rest, tags: tagList, tagIds: tagList.map((tag) => tag.id) }
}

export type Contact = ReturnType<typeof toContact<ContactRecord>>
export type ContactWithCompany = ReturnType<typeof toContact<ContactRecordWithCompany>>

/** A failed write, with the API's status, error code and the message users see. */
export type ContactFailure = {
	status: 404 | 409
	error: 'not_found' | 'conflict'
	message: string
	field?: 'companyId' | 'tagIds' | 'email'
}
export type ContactResult = { ok: true; contact: Contact } | { ok: false; failure: ContactFailure }

const FAILURES = {
	contactNotFound: { status: 404, error: 'not_found', message: CONTACT_MESSAGES.contactNotFound },
	companyNotFound: {
		status: 404,
		error: 'not_found',
		message: CONTACT_MESSAGES.companyNotFound,
		field: 'companyId',
	},
	tagNotFound: { status: 404, error: 'not_found', message: CONTACT_MESSAGES.tagNotFound, field: 'tagIds' },
	duplicateEmail: {
		status: 409,
		error: 'conflict',
		message: CONTACT_MESSAGES.duplicateEmail,
		field: 'email',
	},
} as const satisfies Record<string, ContactFailure>

export async function getContact(
	organizationId: string,
	id: string,
	options: { company: true },
): Promise<ContactWithCompany | null>
export async function getContact(
	organizationId: string,
	id: string,
	options?: { company?: false },
): Promise<Contact | null>
export async function getContact(
	organizationId: string,
	id: string,
	{ company = false }: { company?: boolean } = {},
) {
	const record = await prisma.contact.findFirst({
		where: { id, organizationId },
		select: contactSelect(company),
	})
	return record ? toContact(record) : null
}

/** Another organization's company or tags count as missing: ids of others are never usable. */
async function checkOwnership(
	tx: Prisma.TransactionClient,
	organizationId: string,
	{ companyId, tagIds }: { companyId?: string; tagIds?: string[] },
): Promise<ContactFailure | null> {
	if (companyId !== undefined) {
		const company = await tx.company.findFirst({
			where: { id: companyId, organizationId },
			select: { id: true },
		})
		if (!company) return FAILURES.companyNotFound
	}
	if (tagIds?.length) {
		const owned = await tx.tag.count({ where: { id: { in: tagIds }, organizationId } })
		if (owned !== tagIds.length) return FAILURES.tagNotFound
	}
	return null
}

function isDuplicateEmail(error: unknown) {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

class Failed extends Error {
	constructor(readonly failure: ContactFailure) {
		super(failure.message)
	}
}

/** Runs a write; ownership failures and a duplicate email come back as a ContactFailure. */
/**
 * Runs a contact write in a transaction that answers the contact's id, then reads the contact on
 * the pool: Prisma loads a select's relations with several queries at once, which a transaction's
 * one connection must not be given (pg's "already executing a query", an error in pg 9).
 */
async function write(run: (tx: Prisma.TransactionClient) => Promise<string>): Promise<ContactResult> {
	try {
		const id = await prisma.$transaction(run)
		const record: ContactRecord = await prisma.contact.findUniqueOrThrow({
			where: { id },
			select: contactSelect(false),
		})
		return { ok: true, contact: toContact(record) }
	} catch (error) {
		if (error instanceof Failed) return { ok: false, failure: error.failure }
		if (isDuplicateEmail(error)) return { ok: false, failure: FAILURES.duplicateEmail }
		throw error
	}
}

export function createContact(
	organizationId: string,
	creatorId: string | null,
	input: ContactCreateInput,
): Promise<ContactResult> {
	const { tagIds, companyId, metadata, ...fields } = input
	return write(async (tx) => {
		const failure = await checkOwnership(tx, organizationId, { companyId, tagIds })
		if (failure) throw new Failed(failure)
		const { id } = await tx.contact.create({
			data: { ...fields, metadata: metadata ?? {}, organizationId, companyId, creatorId },
			select: { id: true },
		})
		if (tagIds.length)
			await tx.contactTag.createMany({ data: tagIds.map((tagId) => ({ tagId, contactId: id })) })
		return id
	})
}

/** Changes the given fields; `tagIds`, when given, replaces the contact's tags. */
export function updateContact(
	organizationId: string,
	id: string,
	input: ContactUpdateInput,
): Promise<ContactResult> {
	const { tagIds, metadata, ...fields } = input
	return write(async (tx) => {
		const existing = await tx.contact.findFirst({ where: { id, organizationId }, select: { id: true } })
		if (!existing) throw new Failed(FAILURES.contactNotFound)
		const failure = await checkOwnership(tx, organizationId, { companyId: fields.companyId, tagIds })
		if (failure) throw new Failed(failure)
		if (tagIds) {
			await tx.contactTag.deleteMany({ where: { contactId: id, tagId: { notIn: tagIds } } })
			await tx.contactTag.createMany({
				data: tagIds.map((tagId) => ({ tagId, contactId: id })),
				skipDuplicates: true,
			})
		}
		await tx.contact.update({
			where: { id },
			data: { ...fields, ...(metadata ? { metadata } : {}) },
			select: { id: true },
		})
		return id
	})
}

/** True when the organization's contact existed and is gone. */
export async function deleteContact(organizationId: string, id: string) {
	const count = await prisma.$transaction(async (tx) => {
		// Waits for bulk adds in flight, which could otherwise add this contact after it is gone.
		await lockForContactDeletes(tx, organizationId)
		return (await tx.contact.deleteMany({ where: { id, organizationId } })).count
	})
	return count > 0
}

export type CheckBatchResult = {
	linkedin: string
	saved: boolean
	contactId: string | null
	companyId: string | null
	tagIds: string[]
}

/** For each LinkedIn address: is it already one of the organization's contacts (and which)? */
export async function checkContactsBatch(
	organizationId: string,
	linkedinUrls: string[],
): Promise<CheckBatchResult[]> {
	const keys = linkedinUrls.map((url) => linkedinKey(url))
	const lookup = [...new Set(linkedinUrls.flatMap((url) => linkedinKeyForms(url)))]
	// One probe per key in Contact(organizationId, linkedin_key(linkedin)) (migration 20261127110000).
	const matches = lookup.length
		? await prisma.$queryRaw<
				Array<{ id: string; linkedin: string | null; companyId: string | null; tagIds: string[] }>
			>`
				SELECT c.id, c.linkedin, c."companyId",
					coalesce((SELECT array_agg(ct."tagId") FROM "ContactTag" ct WHERE ct."contactId" = c.id), '{}') AS "tagIds"
				FROM "Contact" c
				WHERE c."organizationId" = ${organizationId} AND linkedin_key(c.linkedin) = ANY(${lookup}::text[])
				ORDER BY c."createdAt", c.id`
		: []
	const byKey = new Map<string, (typeof matches)[number]>()
	for (const match of matches) {
		const key = match.linkedin ? linkedinKey(match.linkedin) : null
		if (key && !byKey.has(key)) byKey.set(key, match)
	}
	return linkedinUrls.map((linkedin, index) => {
		const key = keys[index]
		const match = key ? byKey.get(key) : undefined
		return {
			linkedin,
			saved: Boolean(match),
			contactId: match?.id ?? null,
			companyId: match?.companyId ?? null,
			tagIds: match?.tagIds ?? [],
		}
	})
}
