import { type Prisma } from '#app/generated/prisma/client.ts'
import { type ContactCandidate } from '#app/schemas/contact-search.ts'
import { prisma } from '#app/utils/db.server.ts'
import { canonicalLinkedinUrl } from '#app/utils/linkedin-url.ts'
import {
	candidate,
	type CandidateSource,
	type SearchCompany,
	type SourceContext,
} from './candidate-source.ts'
import { linkedinCompanyName, registrableDomain } from './registrable-domain.ts'

// Source (a): people the organization already has at the company — its contacts (by company id,
// by the website's domain in their email, by the company's LinkedIn page, by the company's name)
// and the leads of earlier lead imports (by company name or email domain). Always available.

/** Most rows read per company from each table: a company rarely has more saved people. */
const MAX_ROWS = 200

export const organizationRecordsSource: CandidateSource = {
	name: 'organization',
	async find(company, context) {
		const [contacts, leads] = await Promise.all([findContacts(company, context), findLeads(company, context)])
		return [...contacts, ...leads]
	},
}

function emailDomainConditions(domain: string | null) {
	if (!domain) return []
	return [
		{ email: { endsWith: `@${domain}`, mode: 'insensitive' as const } },
		{ email: { endsWith: `.${domain}`, mode: 'insensitive' as const } },
	]
}

async function findContacts(company: SearchCompany, { organizationId }: SourceContext) {
	const domain = registrableDomain(company.website)
	const universalName = linkedinCompanyName(company.linkedinUrl)
	const or: Prisma.ContactWhereInput[] = [
		...(company.id ? [{ companyId: company.id }] : []),
		...emailDomainConditions(domain),
		...(universalName
			? [
					{
						company: { linkedinUrl: { contains: `/company/${universalName}`, mode: 'insensitive' as const } },
					},
				]
			: []),
		{ company: { name: { equals: company.name, mode: 'insensitive' } } },
	]
	const rows = await prisma.contact.findMany({
		where: { organizationId, OR: or },
		select: {
			id: true,
			firstName: true,
			middleName: true,
			lastName: true,
			email: true,
			phone: true,
			linkedin: true,
			role: true,
			roleDetails: true,
			summary: true,
			companyId: true,
			company: { select: { name: true } },
		},
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
		take: MAX_ROWS,
	})
	return rows.map((row): ContactCandidate =>
		candidate({
			key: `contact:${row.id}`,
			source: 'CONTACTS',
			firstName: row.firstName || null,
			middleName: row.middleName,
			lastName: row.lastName || null,
			email: row.email,
			phone: row.phone,
			role: row.role,
			roleDetails: row.roleDetails,
			summary: row.summary,
			linkedinUrl: row.linkedin ? (canonicalLinkedinUrl(row.linkedin) ?? row.linkedin) : null,
			companyName: row.company?.name ?? company.name,
			companyId: row.companyId ?? company.id,
			existingContactId: row.id,
		}),
	)
}

async function findLeads(company: SearchCompany, { organizationId }: SourceContext) {
	const domain = registrableDomain(company.website)
	const rows = await prisma.leadImportLead.findMany({
		where: {
			leadImport: { organizationId },
			OR: [{ companyName: { equals: company.name, mode: 'insensitive' } }, ...emailDomainConditions(domain)],
		},
		select: {
			id: true,
			firstName: true,
			middleName: true,
			lastName: true,
			email: true,
			phone: true,
			linkedin: true,
			role: true,
			roleDetails: true,
			companyName: true,
		},
		orderBy: { id: 'asc' },
		take: MAX_ROWS,
	})
	return rows.map((row): ContactCandidate =>
		candidate({
			key: `lead:${row.id}`,
			source: 'LEADS',
			firstName: row.firstName || null,
			middleName: row.middleName,
			lastName: row.lastName || null,
			email: row.email,
			phone: row.phone,
			role: row.role,
			roleDetails: row.roleDetails,
			linkedinUrl: row.linkedin ? (canonicalLinkedinUrl(row.linkedin) ?? row.linkedin) : null,
			companyName: row.companyName ?? company.name,
			companyId: company.id,
		}),
	)
}
