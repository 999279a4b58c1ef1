import { randomUUID } from 'node:crypto'
import { type Prisma } from '#app/generated/prisma/client.ts'
import { companySlug } from '#app/models/company/company-slug.ts'
import { prisma } from '#app/utils/db.server.ts'

/** A company row written straight to the database, with the slug the model would give it. */
export async function createCompanyRecord(
	organizationId: string,
	data: Partial<Omit<Prisma.CompanyUncheckedCreateInput, 'organizationId' | 'slug'>> = {},
) {
	const name = data.name ?? `Company ${randomUUID().slice(0, 8)}`
	return prisma.company.create({
		data: { description: `${name} makes things`, ...data, name, slug: companySlug(name), organizationId },
	})
}

/** The smallest valid create payload (form or API). */
export function companyPayload(overrides: Record<string, unknown> = {}) {
	return {
		name: `Acme ${randomUUID().slice(0, 8)}`,
		description: 'Makes anvils for coyotes',
		...overrides,
	}
}
