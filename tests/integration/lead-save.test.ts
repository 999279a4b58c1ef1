import { expect, test } from 'vitest'
import { saveLeads, SaveLeadsRefusal } from '#app/models/lead-import/save-leads.server.ts'
import { action as saveContactsRoute } from '#app/routes/api+/v1+/contacts.save.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// Saving leads as contacts (issue 14): companies created by slug or skipped without a
// description, duplicates within a save and against saved contacts, tags for new and existing
// ones, per-lead refusals with the import-contact messages, and two saves of the same leads at
// once saving each person once.

async function owner() {
	const signedIn = await createSignedInUser()
	const organizationId = signedIn.organization.id
	return { ...signedIn, organizationId }
}

const ada = {
	firstName: 'Ada',
	lastName: 'Lovelace',
	email: 'Ada@Engines.example',
	linkedin: 'http://linkedin.com/in/AdaL/?trk=x',
	role: 'CTO',
	companyName: 'Analytical Engines',
	companyDescription: 'Mechanical computers',
}
const charles = {
	firstName: 'Charles',
	lastName: 'Babbage',
	linkedin: 'https://www.linkedin.com/in/cbabbage',
	role: 'Founder',
	companyName: 'analytical engines!',
}

test('creates the company once by slug, the contacts, and tags them; the summary counts and the toast', async () => {
	const { organizationId, user } = await owner()
	const tag = await prisma.tag.create({ data: { organizationId, name: 'Conference' } })
	const summary = await saveLeads({
		organizationId,
		userId: user.id,
		contacts: [ada, charles],
		tagIds: [tag.id],
	})
	expect(summary).toMatchObject({
		successCount: 2,
		existingCount: 0,
		duplicateCount: 0,
		skippedCount: 0,
		errorCount: 0,
	})
	expect(summary.message).toBe(
		'Successfully processed 2 contacts! (2 new contacts created..., 0 existing contacts tagged or found)',
	)
	const companies = await prisma.company.findMany({ where: { organizationId } })
	expect(companies.map((company) => company.name)).toEqual(['Analytical Engines'])
	const contacts = await prisma.contact.findMany({
		where: { organizationId },
		include: { tags: true },
		orderBy: { firstName: 'asc' },
	})
	expect(
		contacts.map((contact) => [contact.firstName, contact.email, contact.linkedin, contact.companyId]),
	).toEqual([
		['Ada', 'ada@engines.example', 'https://www.linkedin.com/in/adal', companies[0]!.id],
		['Charles', null, 'https://www.linkedin.com/in/cbabbage', companies[0]!.id],
	])
	expect(contacts.every((contact) => contact.tags.some((row) => row.tagId === tag.id))).toBe(true)
})

test('a person already saved is existing (and tagged); one twice in a save is a duplicate; the warnings say so', async () => {
	const { organizationId, user } = await owner()
	await saveLeads({ organizationId, userId: user.id, contacts: [ada] })
	const tag = await prisma.tag.create({ data: { organizationId, name: 'Later' } })
	const sameAda = { ...ada, email: null, linkedin: 'https://uk.linkedin.com/in/adal/' }
	const summary = await saveLeads({
		organizationId,
		userId: user.id,
		contacts: [sameAda, charles, { ...charles, email: 'charles@engines.example' }],
		tagIds: [tag.id],
	})
	expect(summary).toMatchObject({ successCount: 1, existingCount: 1, duplicateCount: 1 })
	expect(summary.warnings).toEqual(['Skipped 1 duplicate contacts'])
	expect(summary.message).toBe(
		'Successfully processed 2 contacts! (1 new contacts created..., 1 existing contacts tagged or found) • 1 skipped',
	)
	const existing = summary.savedResults[0]!
	expect(existing.status).toBe('existing')
	const tagged = await prisma.contactTag.findMany({ where: { tagId: tag.id } })
	expect(tagged).toHaveLength(2)
	expect(await prisma.contact.count({ where: { organizationId } })).toBe(2)
	// The duplicate takes the contact its first occurrence became.
	expect(summary.savedResults[2]!.contactId).toBe(summary.savedResults[1]!.contactId)
})

test('a new company without a description is skipped with its name; a lead without any company too; bad fields fail alone', async () => {
	const { organizationId, user } = await owner()
	const summary = await saveLeads({
		organizationId,
		userId: user.id,
		contacts: [
			{ firstName: 'Grace', lastName: 'Hopper', companyName: 'Navy Labs' },
			{ firstName: 'Alan', lastName: 'Turing' },
			{ firstName: '', lastName: 'Nobody', companyName: 'X', companyDescription: 'y' },
			{ firstName: 'Phone', lastName: 'Person', phone: 12345, companyName: 'X', companyDescription: 'y' },
			{
				firstName: 'Bad',
				lastName: 'Email',
				email: 'not-an-email',
				companyName: 'X',
				companyDescription: 'y',
			},
			{ ...ada },
		],
	})
	const statuses = summary.savedResults.map((result) => [result.status, result.message])
	expect(statuses).toEqual([
		['skipped', '1 company skipped: Navy Labs (missing company name or description)'],
		['skipped', 'Company name cannot be empty'],
		['failed', 'First name cannot be empty'],
		['failed', 'Phone must be text'],
		['failed', 'Invalid email address'],
		['created', null],
	])
	expect(summary.warnings).toEqual(['2 companies skipped due to missing company name or description'])
	expect(summary).toMatchObject({ successCount: 1, skippedCount: 2, errorCount: 3 })
	expect(await prisma.company.count({ where: { organizationId } })).toBe(1)
})

test('an existing company by name needs no description; a company id must be the organization’s', async () => {
	const { organizationId, user } = await owner()
	const other = await owner()
	const company = await prisma.company.create({
		data: { organizationId, name: 'Navy Labs', slug: 'navy-labs', description: 'Compilers' },
	})
	const foreign = await prisma.company.create({
		data: { organizationId: other.organizationId, name: 'Foreign', slug: 'foreign', description: 'x' },
	})
	const summary = await saveLeads({
		organizationId,
		userId: user.id,
		contacts: [
			{ firstName: 'Grace', lastName: 'Hopper', companyName: 'NAVY labs' },
			{ firstName: 'Eve', lastName: 'Spy', companyId: foreign.id },
		],
	})
	expect(summary.savedResults.map((result) => [result.status, result.companyId, result.message])).toEqual([
		['created', company.id, null],
		['failed', null, 'Company not found'],
	])
	expect(await prisma.contact.count({ where: { organizationId: other.organizationId } })).toBe(0)
})

test('unknown tags refuse the whole save; nothing selected is refused', async () => {
	const { organizationId, user } = await owner()
	const other = await owner()
	const foreignTag = await prisma.tag.create({
		data: { organizationId: other.organizationId, name: 'Theirs' },
	})
	await expect(
		saveLeads({ organizationId, userId: user.id, contacts: [ada], tagIds: [foreignTag.id] }),
	).rejects.toBeInstanceOf(SaveLeadsRefusal)
	await expect(saveLeads({ organizationId, userId: user.id, contacts: [] })).rejects.toThrow(
		'No leads selected.',
	)
	expect(await prisma.contact.count({ where: { organizationId } })).toBe(0)
})

test('two saves of the same leads at once save each person once', async () => {
	const { organizationId, user } = await owner()
	const leads = Array.from({ length: 200 }, (_, index) => ({
		firstName: `Person${index}`,
		lastName: 'Racer',
		linkedin: `https://www.linkedin.com/in/racer-${index}`,
		email: index % 2 ? `racer${index}@example.com` : null,
		companyName: `Race Co ${index % 7}`,
		companyDescription: 'Fast',
	}))
	const [first, second] = await Promise.all([
		saveLeads({ organizationId, userId: user.id, contacts: leads }),
		saveLeads({ organizationId, userId: user.id, contacts: [...leads].reverse() }),
	])
	expect(first!.successCount + second!.successCount).toBe(200)
	expect(first!.existingCount + second!.existingCount).toBe(200)
	expect(await prisma.contact.count({ where: { organizationId } })).toBe(200)
	expect(await prisma.company.count({ where: { organizationId } })).toBe(7)
})

test('POST /api/v1/contacts/save: the summary, 400 for a wrong body, 404 for a foreign tag, 401 without a session', async () => {
	const { organizationId, cookie } = await owner()
	const other = await owner()
	const foreignTag = await prisma.tag.create({
		data: { organizationId: other.organizationId, name: 'Theirs' },
	})
	const post = (json: unknown, withCookie: string | null = cookie) =>
		callRoute(() =>
			saveContactsRoute({
				request: makeRequest('/api/v1/contacts/save', {
					method: 'POST',
					cookie: withCookie ?? undefined,
					json,
				}),
				params: {},
				context: {},
			}),
		)
	const saved = await post({ contacts: [ada, charles] })
	expect(saved.status).toBe(201)
	expect(saved.body).toMatchObject({ successCount: 2, duplicateCount: 0, errorCount: 0 })
	expect(saved.body.savedResults).toHaveLength(2)
	const again = await post({ contacts: [ada] })
	expect(again.status).toBe(200)
	expect(again.body).toMatchObject({ successCount: 0, existingCount: 1 })
	expect((await post({ contacts: 'all' })).status).toBe(400)
	expect((await post({ contacts: [] })).body).toMatchObject({
		error: 'nothing_to_save',
		message: 'No leads selected.',
	})
	const foreign = await post({ contacts: [ada], tagIds: [foreignTag.id] })
	expect(foreign.status).toBe(404)
	expect(foreign.body).toMatchObject({ error: 'tag_not_found' })
	expect((await post({ contacts: [ada] }, null)).status).toBe(401)
	expect(await prisma.contact.count({ where: { organizationId: other.organizationId } })).toBe(0)
	expect(await prisma.contact.count({ where: { organizationId } })).toBe(2)
})
