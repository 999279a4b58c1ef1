import { prisma } from '#app/utils/db.server.ts'

const SLUG_MAX_LENGTH = 60

/** "Q3 Prospects — Café" → "q3-prospects-cafe"; never empty. */
export function slugify(name: string) {
	const slug = name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, SLUG_MAX_LENGTH)
		.replace(/-+$/, '')
	return slug || 'list'
}

/** The first free slug for the name in the organization: base, then base-2, base-3… */
export async function nextListSlug(organizationId: string, name: string) {
	const base = slugify(name)
	const taken = await prisma.list.findMany({
		where: { organizationId, OR: [{ slug: base }, { slug: { startsWith: `${base}-` } }] },
		select: { slug: true },
	})
	const used = new Set(taken.map(({ slug }) => slug))
	if (!used.has(base)) return base
	for (let suffix = 2; ; suffix++) {
		const candidate = `${base}-${suffix}`
		if (!used.has(candidate)) return candidate
	}
}
