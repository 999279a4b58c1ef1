import { type Prisma } from '#app/generated/prisma/client.ts'
import { SEARCH_CONTACTS_TASK } from '#app/jobs/search-contacts.ts'
import { companySlug } from '#app/models/company/company-slug.ts'
import { createQueueable } from '#app/models/queueable/queueable.server.ts'
import {
	BulkContactSearchSchema,
	CONTACT_SEARCH_MESSAGES,
	CONTACT_SEARCH_TYPE,
	type ContactSearchMode,
	type ContactSearchStarted,
	NO_COMPANY_DESCRIPTION,
	SingleContactSearchSchema,
	type TargetCompany,
} from '#app/schemas/contact-search.ts'
import { prisma } from '#app/utils/db.server.ts'
import { describeDuration, estimateSearchSeconds } from './estimate-search-time.server.ts'
import { type SearchCompany } from './sources/candidate-source.ts'
import { registrableDomain } from './sources/registrable-domain.ts'

// Starting a contact search (issue 15, decision 037): validate, resolve the target companies
// against the organization's own (by id: the organization's only; by facts: matched by slug or
// website domain when it has the company), and create the Queueable whose job does the search.

export class ContactSearchInputError extends Error {
	constructor(
		message: string,
		readonly status: 400 | 404 = 400,
		readonly code = status === 404 ? 'not_found' : 'validation_error',
	) {
		super(message)
		this.name = 'ContactSearchInputError'
	}
}

type Actor = { organizationId: string; userId: string | null }

/** The Queueable's payload: what the job reads back. */
export type ContactSearchPayload = {
	mode: ContactSearchMode
	companies: SearchCompany[]
	lookingFor: string
	topX: number
	myCompany: string
	options: { excludeExisting?: boolean }
}

export async function startContactSearch(
	actor: Actor,
	{ mode, input }: { mode: ContactSearchMode; input: unknown },
): Promise<ContactSearchStarted> {
	const parsed =
		mode === 'single' ? SingleContactSearchSchema.safeParse(input) : BulkContactSearchSchema.safeParse(input)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		// No company at all reads as the form's message, not zod's "expected object".
		const noCompany =
			issue?.code === 'invalid_type' && issue.path.length === 1 && issue.path[0] === 'targetCompany'
		throw new ContactSearchInputError(
			noCompany ? CONTACT_SEARCH_MESSAGES.companyRequired : (issue?.message ?? 'Invalid request'),
		)
	}
	const data = parsed.data
	const targets = 'targetCompany' in data ? [data.targetCompany] : data.targetCompanies
	const companies = await resolveCompanies(actor.organizationId, targets)
	const myCompany = data.myCompany?.trim() || (await organizationDescription(actor.organizationId))
	const payload: ContactSearchPayload = {
		mode,
		companies,
		lookingFor: data.lookingFor ?? '',
		topX: data.topX,
		myCompany,
		options: data.options ?? {},
	}
	const queueable = await createQueueable({
		organizationId: actor.organizationId,
		userId: actor.userId,
		type: CONTACT_SEARCH_TYPE,
		task: SEARCH_CONTACTS_TASK,
		payload: payload as unknown as Prisma.InputJsonObject,
		metadata: { totalCompanies: companies.length, total: companies.length, mode },
	})
	const linkedinConnected = actor.userId
		? Boolean(
				await prisma.user.findFirst({
					where: {
						id: actor.userId,
						linkedinConnectedAt: { not: null },
						linkedinAuthEncrypted: { not: null },
					},
					select: { id: true },
				}),
			)
		: false
	return {
		queueableId: queueable.id,
		totalCompanies: companies.length,
		estimatedTime: describeDuration(
			estimateSearchSeconds({ companies: companies.length, linkedinConnected }),
		),
	}
}

/** The organization's summary, else its description, else the spec's placeholder. */
async function organizationDescription(organizationId: string) {
	const organization = await prisma.organization.findUnique({
		where: { id: organizationId },
		select: { summary: true, description: true },
	})
	return organization?.summary.trim() || organization?.description.trim() || NO_COMPANY_DESCRIPTION
}

const companySelect = {
	id: true,
	name: true,
	slug: true,
	description: true,
	summary: true,
	website: true,
	linkedinUrl: true,
	logoUrl: true,
} satisfies Prisma.CompanySelect
type OwnCompany = Prisma.CompanyGetPayload<{ select: typeof companySelect }>

async function resolveCompanies(organizationId: string, targets: TargetCompany[]): Promise<SearchCompany[]> {
	const ids = [...new Set(targets.map((t) => t.id).filter((id): id is string => Boolean(id)))]
	const slugs = targets.filter((t) => !t.id && t.name).map((t) => companySlug(t.name!))
	const domains = targets
		.filter((t) => !t.id)
		.map((t) => registrableDomain(t.website))
		.filter((d): d is string => Boolean(d))
	const own = await prisma.company.findMany({
		where: {
			organizationId,
			OR: [
				{ id: { in: ids } },
				{ slug: { in: slugs } },
				...domains.map((domain) => ({ website: { contains: domain, mode: 'insensitive' as const } })),
			],
		},
		select: companySelect,
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
	})
	const byId = new Map(own.map((c) => [c.id, c]))
	const bySlug = new Map(own.map((c) => [c.slug, c]))
	const byDomain = new Map<string, OwnCompany>()
	for (const company of own) {
		const domain = registrableDomain(company.website)
		if (domain && !byDomain.has(domain)) byDomain.set(domain, company)
	}
	return targets.map((target) => {
		if (target.id) {
			const company = byId.get(target.id)
			// Another organization's id is answered as an unknown one: nothing tells it exists.
			if (!company) throw new ContactSearchInputError('Company not found', 404)
			return fromOwn(company, target)
		}
		const domain = registrableDomain(target.website)
		const match = bySlug.get(companySlug(target.name!)) ?? (domain ? byDomain.get(domain) : undefined)
		if (match) return fromOwn(match, target)
		return {
			lookingFor: target.lookingFor || null,
			id: null,
			name: target.name!,
			description: target.description ?? null,
			website: target.website ?? null,
			linkedinUrl: target.linkedin_url ?? null,
			logoUrl: target.logoUrl ?? null,
		}
	})
}

/** Our record, with what the caller knew filling what we lack. */
function fromOwn(company: OwnCompany, target: TargetCompany): SearchCompany {
	return {
		lookingFor: target.lookingFor || null,
		id: company.id,
		name: company.name,
		description: company.summary || company.description || target.description || null,
		website: company.website ?? target.website ?? null,
		linkedinUrl: company.linkedinUrl ?? target.linkedin_url ?? null,
		logoUrl: company.logoUrl ?? target.logoUrl ?? null,
	}
}
