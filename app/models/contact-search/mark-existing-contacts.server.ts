import { type ContactCandidate } from '#app/schemas/contact-search.ts'
import { prisma } from '#app/utils/db.server.ts'
import { linkedinKey, linkedinKeyForms } from '#app/utils/linkedin-url.ts'

/**
 * Sets `existingContactId` on candidates the organization already saved: same LinkedIn profile
 * (the index on linkedin_key(linkedin), as check-batch uses) or same email, case-insensitive.
 */
export async function markExistingContacts(organizationId: string, candidates: ContactCandidate[]) {
	const urls = candidates.map((c) => c.linkedinUrl).filter((url): url is string => Boolean(url))
	const keys = [...new Set(urls.flatMap((url) => linkedinKeyForms(url)))]
	const emails = [
		...new Set(candidates.map((c) => c.email?.trim().toLowerCase()).filter((e): e is string => Boolean(e))),
	]
	if (keys.length === 0 && emails.length === 0) return candidates
	const rows = await prisma.$queryRaw<Array<{ id: string; linkedin: string | null; email: string | null }>>`
		SELECT c.id, c.linkedin, c.email FROM "Contact" c
		WHERE c."organizationId" = ${organizationId}
			AND (linkedin_key(c.linkedin) = ANY(${keys}::text[]) OR lower(c.email) = ANY(${emails}::text[]))
		ORDER BY c."createdAt", c.id`
	const byKey = new Map<string, string>()
	const byEmail = new Map<string, string>()
	for (const row of rows) {
		const key = row.linkedin ? linkedinKey(row.linkedin) : null
		if (key && !byKey.has(key)) byKey.set(key, row.id)
		const email = row.email?.toLowerCase()
		if (email && !byEmail.has(email)) byEmail.set(email, row.id)
	}
	return candidates.map((c) => {
		if (c.existingContactId) return c
		const key = c.linkedinUrl ? linkedinKey(c.linkedinUrl) : null
		const existing =
			(key ? byKey.get(key) : undefined) ?? (c.email ? byEmail.get(c.email.trim().toLowerCase()) : undefined)
		return existing ? { ...c, existingContactId: existing } : c
	})
}
