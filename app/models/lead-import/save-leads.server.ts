import { randomUUID } from 'node:crypto'
import { type Prisma } from '#app/generated/prisma/client.ts'
import { companySlug } from '#app/models/company/company-slug.ts'
import { CONTACT_SEARCH_EXPRESSION } from '#app/models/contact/contact-filter.server.ts'
import {
	IMPORT_CONTACT_MESSAGES,
	ImportContactSchema,
	type ImportContactInput,
} from '#app/schemas/contact.ts'
import {
	companiesSkippedMessage,
	duplicatesSkippedMessage,
	LEAD_IMPORT_MESSAGES,
	leadsSavedMessage,
} from '#app/schemas/lead-import.ts'
import { prisma } from '#app/utils/db.server.ts'
import { linkedinKey, linkedinKeyForms } from '#app/utils/linkedin-url.ts'

// Saving leads as contacts (issue 14, decision 035): the review page's Save and POST
// /api/v1/contacts/save. One transaction per save, holding the organization's lead-save lock, so
// two saves of the same leads at once run one after the other: the second finds the first's
// contacts and counts them as existing — never a contact saved twice, never a half-saved batch.

type Tx = Prisma.TransactionClient

export type LeadSaveStatus = 'created' | 'existing' | 'duplicate' | 'skipped' | 'failed'

export type LeadSaveResult = {
	index: number
	status: LeadSaveStatus
	contactId: string | null
	companyId: string | null
	message: string | null
}

export type SaveLeadsSummary = {
	successCount: number
	existingCount: number
	duplicateCount: number
	skippedCount: number
	errorCount: number
	/** Companies that could not be created (no name, or no description for a new one). */
	skippedCompanies: string[]
	savedResults: LeadSaveResult[]
	/** The toast: the spec's success message, or the reason nothing was saved. */
	message: string
	/** The spec's warnings ("Skipped n duplicate contacts", "1 company skipped: …"). */
	warnings: string[]
}

/** A refusal of the whole save (unknown tag or list): the API answers 404 with this message. */
export class SaveLeadsRefusal extends Error {
	constructor(
		readonly code: 'tag_not_found' | 'list_not_found' | 'nothing_to_save',
		message: string,
	) {
		super(message)
		this.name = 'SaveLeadsRefusal'
	}
}

const INSERT_CHUNK = 1_000
const NO_COMPANY_NAME = '(no company name)'

type ValidLead = { index: number; lead: ImportContactInput }

/**
 * Saves leads as contacts of the organization. Each lead needs a company: by id, or by name —
 * found by its lower-case slug or created when the lead carries a description. Leads already
 * saved (same LinkedIn profile or email) are "existing": they get the tags and list. A person
 * twice in one save is saved once ("duplicate").
 */
export async function saveLeads({
	organizationId,
	userId,
	contacts,
	tagIds = [],
	listId = null,
}: {
	organizationId: string
	userId: string | null
	contacts: unknown[]
	tagIds?: string[]
	listId?: string | null
}): Promise<SaveLeadsSummary> {
	if (contacts.length === 0)
		throw new SaveLeadsRefusal('nothing_to_save', LEAD_IMPORT_MESSAGES.noLeadsSelected)
	const results: LeadSaveResult[] = contacts.map((_, index) => ({
		index,
		status: 'failed',
		contactId: null,
		companyId: null,
		message: null,
	}))
	const skippedCompanies = new Set<string>()
	const valid: ValidLead[] = []
	contacts.forEach((raw, index) => {
		const parsed = ImportContactSchema.safeParse(raw)
		if (parsed.success) return valid.push({ index, lead: parsed.data })
		const message = parsed.error.issues[0]?.message ?? 'Invalid contact'
		const result = results[index]!
		result.message = message
		if (message === IMPORT_CONTACT_MESSAGES.companyNameEmpty) {
			result.status = 'skipped'
			skippedCompanies.add(NO_COMPANY_NAME)
		}
	})
	const { tagsByLead, listsByLead } = await checkGroups(organizationId, valid, tagIds, listId, results)

	await prisma.$transaction(
		async (tx) => {
			await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`lead-save:${organizationId}`}, 0))`
			const withCompany = await resolveCompanies(tx, organizationId, userId, valid, results, skippedCompanies)
			const { toCreate, duplicates } = await markExistingAndDuplicates(
				tx,
				organizationId,
				withCompany,
				results,
			)
			await createContacts(tx, organizationId, userId, toCreate, results)
			for (const [index, firstIndex] of duplicates) results[index]!.contactId = results[firstIndex]!.contactId
			await addMemberships(tx, withCompany, results, tagsByLead, listsByLead)
		},
		{ timeout: 60_000, maxWait: 30_000 },
	)
	return summarize(results, [...skippedCompanies])
}

/** Tags and lists must be the organization's: unknown global ones refuse the save, per-lead ones fail the lead. */
async function checkGroups(
	organizationId: string,
	valid: ValidLead[],
	tagIds: string[],
	listId: string | null,
	results: LeadSaveResult[],
) {
	const allTagIds = [
		...new Set([...tagIds, ...valid.flatMap(({ lead }) => (lead.tagId ? [lead.tagId] : []))]),
	]
	const allListIds = [
		...new Set([listId, ...valid.map(({ lead }) => lead.listId)].filter(Boolean) as string[]),
	]
	const [tags, lists] = await Promise.all([
		allTagIds.length
			? prisma.tag.findMany({ where: { organizationId, id: { in: allTagIds } }, select: { id: true } })
			: [],
		allListIds.length
			? prisma.list.findMany({ where: { organizationId, id: { in: allListIds } }, select: { id: true } })
			: [],
	])
	const ownedTags = new Set(tags.map((tag) => tag.id))
	const ownedLists = new Set(lists.map((list) => list.id))
	if (tagIds.some((id) => !ownedTags.has(id))) throw new SaveLeadsRefusal('tag_not_found', 'Tag not found')
	if (listId && !ownedLists.has(listId)) throw new SaveLeadsRefusal('list_not_found', 'List not found')
	const tagsByLead = new Map<number, string[]>()
	const listsByLead = new Map<number, string[]>()
	for (let i = valid.length - 1; i >= 0; i--) {
		const { index, lead } = valid[i]!
		if ((lead.tagId && !ownedTags.has(lead.tagId)) || (lead.listId && !ownedLists.has(lead.listId))) {
			results[index]!.message = lead.tagId && !ownedTags.has(lead.tagId) ? 'Tag not found' : 'List not found'
			valid.splice(i, 1)
			continue
		}
		tagsByLead.set(index, [...new Set([...tagIds, ...(lead.tagId ? [lead.tagId] : [])])])
		listsByLead.set(index, [...new Set([listId, lead.listId].filter(Boolean) as string[])])
	}
	return { tagsByLead, listsByLead }
}

/** Company ids for the leads: owned ids kept, names found by slug or created (with a description). */
async function resolveCompanies(
	tx: Tx,
	organizationId: string,
	userId: string | null,
	valid: ValidLead[],
	results: LeadSaveResult[],
	skippedCompanies: Set<string>,
): Promise<Array<ValidLead & { companyId: string }>> {
	const givenIds = [...new Set(valid.flatMap(({ lead }) => (lead.companyId ? [lead.companyId] : [])))]
	const owned = givenIds.length
		? await tx.company.findMany({ where: { organizationId, id: { in: givenIds } }, select: { id: true } })
		: []
	const ownedIds = new Set(owned.map((company) => company.id))
	const slugs = new Map<string, { name: string; description: string | null }>()
	for (const { lead } of valid) {
		if (lead.companyId || !lead.companyName) continue
		const slug = companySlug(lead.companyName)
		const known = slugs.get(slug)
		if (!known) slugs.set(slug, { name: lead.companyName, description: lead.companyDescription ?? null })
		else if (!known.description && lead.companyDescription) known.description = lead.companyDescription
	}
	const bySlug = new Map<string, string>()
	if (slugs.size) {
		const found = await tx.company.findMany({
			where: { organizationId, slug: { in: [...slugs.keys()] } },
			select: { id: true, slug: true },
		})
		for (const company of found) bySlug.set(company.slug, company.id)
		const missing = [...slugs].filter(([slug, company]) => !bySlug.has(slug) && company.description)
		for (let start = 0; start < missing.length; start += INSERT_CHUNK) {
			const created = await tx.company.createManyAndReturn({
				data: missing.slice(start, start + INSERT_CHUNK).map(([slug, company]) => ({
					organizationId,
					creatorId: userId,
					name: company.name,
					slug,
					description: company.description!,
				})),
				// A company import saving the same name at this moment wins; it is read back below.
				skipDuplicates: true,
				select: { id: true, slug: true },
			})
			for (const company of created) bySlug.set(company.slug, company.id)
		}
		const unresolved = [...slugs.keys()].filter((slug) => !bySlug.has(slug))
		if (unresolved.length) {
			const raced = await tx.company.findMany({
				where: { organizationId, slug: { in: unresolved } },
				select: { id: true, slug: true },
			})
			for (const company of raced) bySlug.set(company.slug, company.id)
		}
	}
	const resolved: Array<ValidLead & { companyId: string }> = []
	for (const entry of valid) {
		const { index, lead } = entry
		const result = results[index]!
		const companyId = lead.companyId
			? ownedIds.has(lead.companyId)
				? lead.companyId
				: null
			: (bySlug.get(companySlug(lead.companyName!)) ?? null)
		if (companyId) {
			resolved.push({ ...entry, companyId })
			continue
		}
		if (lead.companyId) {
			result.message = 'Company not found'
		} else {
			// A contact without a resolved company is dropped (spec "Lead save").
			result.status = 'skipped'
			result.message = companiesSkippedMessage([lead.companyName!])
			skippedCompanies.add(lead.companyName!)
		}
	}
	return resolved
}

function personKeys(lead: ImportContactInput) {
	const keys: string[] = []
	const linkedin = lead.linkedin ? linkedinKey(lead.linkedin) : null
	if (linkedin) keys.push(`in:${linkedin}`)
	if (lead.email) keys.push(`email:${lead.email}`)
	return keys
}

/** Marks leads already saved (existing) and repeated within this save (duplicate); returns the rest. */
async function markExistingAndDuplicates(
	tx: Tx,
	organizationId: string,
	leads: Array<ValidLead & { companyId: string }>,
	results: LeadSaveResult[],
) {
	const linkedinKeys = [
		...new Set(leads.flatMap(({ lead }) => (lead.linkedin ? linkedinKeyForms(lead.linkedin) : []))),
	]
	const emails = [...new Set(leads.flatMap(({ lead }) => (lead.email ? [lead.email] : [])))]
	const existing = new Map<string, { id: string; companyId: string | null }>()
	if (linkedinKeys.length || emails.length) {
		// Index probes: Contact(organizationId, linkedin_key(linkedin)) and the email unique index.
		const rows = await tx.$queryRaw<
			Array<{ id: string; linkedin: string | null; email: string | null; companyId: string | null }>
		>`
			SELECT id, linkedin, email, "companyId" FROM "Contact"
			WHERE "organizationId" = ${organizationId} AND linkedin_key(linkedin) = ANY(${linkedinKeys}::text[])
			UNION
			SELECT id, linkedin, email, "companyId" FROM "Contact"
			WHERE "organizationId" = ${organizationId} AND email = ANY(${emails}::text[])
			ORDER BY id`
		for (const row of rows) {
			for (const key of personKeys({ linkedin: row.linkedin, email: row.email } as ImportContactInput)) {
				if (!existing.has(key)) existing.set(key, { id: row.id, companyId: row.companyId })
			}
		}
	}
	const seen = new Map<string, number>()
	// Duplicate → its first occurrence, whose contact it takes once inserted.
	const duplicates = new Map<number, number>()
	const toCreate: Array<ValidLead & { companyId: string }> = []
	for (const entry of leads) {
		const result = results[entry.index]!
		result.companyId = entry.companyId
		const keys = personKeys(entry.lead)
		const found = keys.map((key) => existing.get(key)).find(Boolean)
		if (found) {
			Object.assign(result, { status: 'existing', contactId: found.id, companyId: found.companyId })
			continue
		}
		const firstIndex = keys.map((key) => seen.get(key)).find((value) => value !== undefined)
		if (firstIndex !== undefined) {
			result.status = 'duplicate'
			result.message = 'Duplicate of another contact in this save'
			duplicates.set(entry.index, firstIndex)
			continue
		}
		for (const key of keys) seen.set(key, entry.index)
		toCreate.push(entry)
	}
	return { toCreate, duplicates }
}

async function createContacts(
	tx: Tx,
	organizationId: string,
	userId: string | null,
	leads: Array<ValidLead & { companyId: string }>,
	results: LeadSaveResult[],
) {
	if (leads.length === 0) return
	// Ids chosen here, so what was inserted is known by id even when a row is skipped.
	const rows = leads.map((entry) => ({ ...entry, id: `c${randomUUID().replaceAll('-', '')}` }))
	const column = (pick: (row: (typeof rows)[number]) => string | null | undefined) =>
		rows.map((row) => pick(row) ?? null)
	// One statement of arrays (unnest), not rows of parameters: 8,000 contacts in one round trip.
	const inserted = await tx.$queryRaw<Array<{ id: string }>>`
		INSERT INTO "Contact" (id, "organizationId", "creatorId", "companyId", "firstName", "middleName", "lastName",
			email, phone, linkedin, role, "roleDetails", summary, "updatedAt")
		SELECT id, ${organizationId}, ${userId}, "companyId", "firstName", "middleName", "lastName",
			email, phone, linkedin, role, "roleDetails", summary, now()
		FROM unnest(
			${column((row) => row.id)}::text[], ${column((row) => row.companyId)}::text[],
			${column((row) => row.lead.firstName)}::text[], ${column((row) => row.lead.middleName)}::text[],
			${column((row) => row.lead.lastName)}::text[], ${column((row) => row.lead.email)}::text[],
			${column((row) => row.lead.phone)}::text[], ${column((row) => row.lead.linkedin)}::text[],
			${column((row) => row.lead.role)}::text[], ${column((row) => row.lead.roleDetails)}::text[],
			${column((row) => row.lead.summary)}::text[]
		) AS input(id, "companyId", "firstName", "middleName", "lastName", email, phone, linkedin, role, "roleDetails", summary)
		-- An email taken by a contact created elsewhere this instant: that lead is a duplicate.
		ON CONFLICT DO NOTHING
		RETURNING id`
	const created = new Set(inserted.map((row) => row.id))
	for (const { index, id } of rows) {
		const result = results[index]!
		if (created.has(id)) Object.assign(result, { status: 'created', contactId: id, message: null })
		else Object.assign(result, { status: 'duplicate', message: 'A contact with this email already exists.' })
	}
}

async function addMemberships(
	tx: Tx,
	leads: ValidLead[],
	results: LeadSaveResult[],
	tagsByLead: Map<number, string[]>,
	listsByLead: Map<number, string[]>,
) {
	const tagRows: Array<{ tagId: string; contactId: string }> = []
	const listRows: Array<{ listId: string; contactId: string }> = []
	for (const { index } of leads) {
		const contactId = results[index]!.contactId
		if (!contactId) continue
		for (const tagId of tagsByLead.get(index) ?? []) tagRows.push({ tagId, contactId })
		for (const listId of listsByLead.get(index) ?? []) listRows.push({ listId, contactId })
	}
	// The memberships carry their copy of the contact (decision 008), written here from the contact
	// rows, so the per-row trigger that would look each contact up stays idle.
	if (tagRows.length) {
		await tx.$executeRaw`
			INSERT INTO "ContactTag" ("tagId", "contactId", "searchText", "sortName", "contactCreatedAt", "companyId")
			SELECT input."tagId", c.id, ${CONTACT_SEARCH_EXPRESSION}, lower(c."firstName"), c."createdAt", c."companyId"
			FROM unnest(${tagRows.map((row) => row.tagId)}::text[], ${tagRows.map((row) => row.contactId)}::text[])
				AS input("tagId", "contactId")
			JOIN "Contact" c ON c.id = input."contactId"
			ON CONFLICT DO NOTHING`
	}
	if (listRows.length) {
		await tx.$executeRaw`
			INSERT INTO "ListContact" ("listId", "contactId", "searchText", "sortName", "contactCreatedAt", "companyId")
			SELECT input."listId", c.id, ${CONTACT_SEARCH_EXPRESSION}, lower(c."firstName"), c."createdAt", c."companyId"
			FROM unnest(${listRows.map((row) => row.listId)}::text[], ${listRows.map((row) => row.contactId)}::text[])
				AS input("listId", "contactId")
			JOIN "Contact" c ON c.id = input."contactId"
			ON CONFLICT DO NOTHING`
	}
}

function summarize(results: LeadSaveResult[], skippedCompanies: string[]): SaveLeadsSummary {
	const count = (status: LeadSaveStatus) => results.filter((result) => result.status === status).length
	const counts = {
		created: count('created'),
		existing: count('existing'),
		duplicate: count('duplicate'),
		skipped: count('skipped'),
		failed: count('failed'),
	}
	const warnings: string[] = []
	if (counts.duplicate) warnings.push(duplicatesSkippedMessage(counts.duplicate))
	if (skippedCompanies.length) warnings.push(companiesSkippedMessage(skippedCompanies))
	const anySaved = counts.created + counts.existing > 0
	const message = anySaved
		? leadsSavedMessage({ ...counts, skipped: counts.skipped + counts.duplicate })
		: counts.failed === results.length
			? `All ${results.length} contacts could not be processed.`
			: LEAD_IMPORT_MESSAGES.noValidContactsToSave
	return {
		successCount: counts.created,
		existingCount: counts.existing,
		duplicateCount: counts.duplicate,
		skippedCount: counts.skipped,
		errorCount: counts.failed,
		skippedCompanies,
		savedResults: results,
		message,
		warnings,
	}
}
