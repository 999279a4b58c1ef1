import { Prisma } from '#app/generated/prisma/client.ts'
import { likePattern } from '#app/models/contact/contact-filter.server.ts'
import { type CompanyInput, type CompanyUpdateInput } from '#app/schemas/company.ts'
import { prisma } from '#app/utils/db.server.ts'
import { companySlug } from './company-slug.ts'

export { companySlug }

/** A company as a contact's detail embeds it: the spec's Company less slug, ids of others and update time. */
export const EMBEDDED_COMPANY_SELECT = {
	id: true,
	name: true,
	description: true,
	summary: true,
	tagline: true,
	website: true,
	linkedinUrl: true,
	crunchbaseUrl: true,
	industry: true,
	revenue: true,
	employeeCount: true,
	employeeCountRange: true,
	linkedinFollowers: true,
	metadata: true,
	headquarter: true,
	locations: true,
	funding: true,
	logoUrl: true,
	lastContactedAt: true,
	createdAt: true,
} satisfies Prisma.CompanySelect

/** Every field a client sees: the spec's Company entity. */
export const COMPANY_SELECT = {
	...EMBEDDED_COMPANY_SELECT,
	slug: true,
	externalId: true,
	creatorId: true,
	updatedAt: true,
} satisfies Prisma.CompanySelect

export type CompanyRecord = Prisma.CompanyGetPayload<{ select: typeof COMPANY_SELECT }>

export type CompanyMutationResult =
	{ ok: true; company: CompanyRecord } | { ok: false; reason: 'duplicate' | 'not_found' }

function isUniqueViolation(error: unknown) {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

/** A nullable JSON column: null must be written as Prisma.DbNull. */
function jsonColumn(value: unknown) {
	if (value === undefined) return undefined
	return value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue)
}

/** The columns an input sets; undefined leaves a column as it is. */
function companyData(input: CompanyUpdateInput) {
	const { headquarter, locations, funding, metadata, ...scalars } = input
	return {
		...scalars,
		...(input.name !== undefined ? { slug: companySlug(input.name) } : {}),
		headquarter: jsonColumn(headquarter),
		funding: jsonColumn(funding),
		locations: locations === undefined ? undefined : (locations ?? []),
		metadata: metadata === undefined ? undefined : metadata,
	}
}

/** The search condition; lower("name") LIKE … matches the "Company_name_trgm_idx" GIN index. */
function companyConditions(organizationId: string, search?: string) {
	const conditions = [Prisma.sql`co."organizationId" = ${organizationId}`]
	if (search) conditions.push(Prisma.sql`lower(co."name") LIKE ${likePattern(search)}`)
	return Prisma.join(conditions, ' AND ')
}

/** One page of the organization's companies by name (then id), optionally matching a search. */
export async function listCompanies(
	organizationId: string,
	{ search, take, skip }: { search?: string; take: number; skip: number },
): Promise<CompanyRecord[]> {
	const ids = await prisma.$queryRaw<Array<{ id: string }>>`
		SELECT co.id FROM "Company" co
		WHERE ${companyConditions(organizationId, search)}
		ORDER BY co."name" ASC, co.id ASC
		LIMIT ${take} OFFSET ${skip}`
	if (ids.length === 0) return []
	const records = await prisma.company.findMany({
		where: { organizationId, id: { in: ids.map(({ id }) => id) } },
		select: COMPANY_SELECT,
	})
	const byId = new Map(records.map((record) => [record.id, record]))
	return ids.flatMap(({ id }) => {
		const record = byId.get(id)
		return record ? [record] : []
	})
}

export async function countCompanies(organizationId: string, { search }: { search?: string } = {}) {
	const [row] = await prisma.$queryRaw<Array<{ count: number }>>`
		SELECT count(*)::int AS count FROM "Company" co
		WHERE ${companyConditions(organizationId, search)}`
	return row?.count ?? 0
}

/** How many contacts each of these companies has (for a page of rows). */
export async function countContactsByCompany(organizationId: string, companyIds: string[]) {
	if (companyIds.length === 0) return new Map<string, number>()
	const groups = await prisma.contact.groupBy({
		by: ['companyId'],
		where: { organizationId, companyId: { in: companyIds } },
		_count: { _all: true },
	})
	return new Map(groups.flatMap((group) => (group.companyId ? [[group.companyId, group._count._all]] : [])))
}

/** `{ id, name }` by name, for server-rendered pickers (the select used before hydration). */
export async function listCompanyOptions(
	organizationId: string,
	{ take }: { take: number },
): Promise<Array<{ id: string; name: string }>> {
	return prisma.company.findMany({
		where: { organizationId },
		select: { id: true, name: true },
		orderBy: [{ name: 'asc' }, { id: 'asc' }],
		take,
	})
}

/** One company as a picker option, or null when the organization has none of that id. */
export async function findCompanyOption(organizationId: string, id: string) {
	return prisma.company.findFirst({ where: { id, organizationId }, select: { id: true, name: true } })
}

export async function getCompany(organizationId: string, id: string): Promise<CompanyRecord | null> {
	return prisma.company.findFirst({ where: { id, organizationId }, select: COMPANY_SELECT })
}

async function slugTaken(organizationId: string, slug: string, exceptId?: string) {
	const existing = await prisma.company.findUnique({
		where: { organizationId_slug: { organizationId, slug } },
		select: { id: true },
	})
	return Boolean(existing && existing.id !== exceptId)
}

/** Creates a company; a company of the same slug in the organization is a duplicate. */
export async function createCompany(
	organizationId: string,
	creatorId: string | null,
	input: CompanyInput,
): Promise<CompanyMutationResult> {
	const data = companyData(input)
	if (await slugTaken(organizationId, data.slug!)) return { ok: false, reason: 'duplicate' }
	try {
		const company = await prisma.company.create({
			data: {
				...data,
				name: input.name,
				description: input.description,
				slug: data.slug!,
				organizationId,
				creatorId,
			},
			select: COMPANY_SELECT,
		})
		return { ok: true, company }
	} catch (error) {
		// Two creates racing past the check: the unique index decides.
		if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' }
		throw error
	}
}

export async function updateCompany(
	organizationId: string,
	id: string,
	input: CompanyUpdateInput,
): Promise<CompanyMutationResult> {
	const existing = await prisma.company.findFirst({ where: { id, organizationId }, select: { id: true } })
	if (!existing) return { ok: false, reason: 'not_found' }
	const data = companyData(input)
	if (data.slug && (await slugTaken(organizationId, data.slug, id))) return { ok: false, reason: 'duplicate' }
	try {
		const company = await prisma.company.update({ where: { id }, data, select: COMPANY_SELECT })
		return { ok: true, company }
	} catch (error) {
		if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' }
		// Deleted between the check and the update.
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') {
			return { ok: false, reason: 'not_found' }
		}
		throw error
	}
}

/** Deletes the company; its contacts stay (their companyId becomes null). */
export async function deleteCompany(organizationId: string, id: string): Promise<boolean> {
	const { count } = await prisma.company.deleteMany({ where: { id, organizationId } })
	return count > 0
}

/** The fields the company forms and tables show (JSON columns as plain values). */
export function toCompanyFormValues(company: CompanyRecord) {
	return {
		id: company.id,
		name: company.name,
		description: company.description,
		summary: company.summary,
		tagline: company.tagline,
		website: company.website,
		linkedinUrl: company.linkedinUrl,
		crunchbaseUrl: company.crunchbaseUrl,
		industry: company.industry,
		revenue: company.revenue,
		employeeCount: company.employeeCount,
		employeeCountRange: company.employeeCountRange,
		linkedinFollowers: company.linkedinFollowers,
		headquarter: company.headquarter as unknown,
		locations: company.locations,
		funding: company.funding as unknown,
	}
}
