import { beforeAll, describe, expect, test } from 'vitest'
import { countContacts, findContactsPage, listContacts } from '#app/models/contact/contact-list.server.ts'
import { ContactFilterSchema, type ContactFilterInput } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'

// The list query shared by the contacts page, the API and the dialogs: filters, sort, paging,
// totals, and the organization boundary.

let organizationId: string
let tagId: string
let campaignId: string
const filter = (input: ContactFilterInput = {}) => ContactFilterSchema.parse(input)

beforeAll(async () => {
	const organization = await prisma.organization.create({ data: { name: 'List org' } })
	const other = await prisma.organization.create({ data: { name: 'Other org' } })
	organizationId = organization.id
	const company = await prisma.company.create({
		data: { organizationId, name: 'Zebra Logistics', slug: 'zebra-logistics', description: 'Trucks' },
	})
	tagId = (await prisma.tag.create({ data: { organizationId, name: 'Hot' } })).id
	campaignId = (await prisma.campaign.create({ data: { organizationId, name: 'Spring' } })).id
	const names = ['Ada', 'alan', 'Grace', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken']
	for (const [index, firstName] of names.entries()) {
		await prisma.contact.create({
			data: {
				organizationId,
				firstName,
				lastName: `Test${index}`,
				email: `${firstName.toLowerCase()}@example.com`,
				role: index === 2 ? 'Rear Admiral' : 'Engineer',
				companyId: index === 3 ? company.id : null,
				createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
				tags: index % 2 === 0 ? { create: { tagId } } : undefined,
				campaigns: index < 3 ? { create: { campaignId } } : undefined,
			},
		})
	}
	await prisma.contact.create({
		data: {
			organizationId: other.id,
			firstName: 'Ada',
			lastName: 'Elsewhere',
			email: 'ada@elsewhere.example',
		},
	})
})

const firstNames = (rows: Array<{ firstName: string }>) => rows.map((row) => row.firstName)

describe('listContacts', () => {
	test('sorts by created at (newest first by default) and by first name, both directions', async () => {
		expect(firstNames(await listContacts(organizationId, filter(), { take: 3, skip: 0 }))).toEqual([
			'Ken',
			'Barbara',
			'Dennis',
		])
		const byName = await listContacts(organizationId, filter({ sortBy: 'firstName', sortDirection: 'asc' }), {
			take: 100,
			skip: 0,
		})
		expect(firstNames(byName)).toEqual([
			'Ada',
			'alan',
			'Barbara',
			'Dennis',
			'Grace',
			'Ken',
			'Linus',
			'Margaret',
		])
		const oldest = await listContacts(organizationId, filter({ sortDirection: 'asc' }), { take: 2, skip: 2 })
		expect(firstNames(oldest)).toEqual(['Grace', 'Linus'])
	})

	test('searches first and last name, full name, email, role and company name', async () => {
		const search = async (text: string) =>
			firstNames(await listContacts(organizationId, filter({ search: text }), { take: 100, skip: 0 }))
		expect(await search('ada')).toEqual(['Ada'])
		expect(await search('ADA TEST0')).toEqual(['Ada'])
		expect(await search('linus@')).toEqual(['Linus'])
		expect(await search('admiral')).toEqual(['Grace'])
		expect(await search('zebra')).toEqual(['Linus'])
		expect(await search('100%_')).toEqual([])
	})

	test('filters by tag, campaign, and both with a search', async () => {
		const rows = async (input: ContactFilterInput) =>
			firstNames(
				await listContacts(organizationId, filter({ sortBy: 'firstName', sortDirection: 'asc', ...input }), {
					take: 100,
					skip: 0,
				}),
			)
		expect(await rows({ tags: [tagId] })).toEqual(['Ada', 'Barbara', 'Grace', 'Margaret'])
		expect(await rows({ campaign: campaignId })).toEqual(['Ada', 'alan', 'Grace'])
		expect(await rows({ tags: [tagId], campaign: campaignId, search: 'gra' })).toEqual(['Grace'])
	})

	test('returns company, tags, tagIds and campaigns in the spec’s shape', async () => {
		const [grace] = await listContacts(organizationId, filter({ search: 'grace' }), { take: 1, skip: 0 })
		expect(grace).toMatchObject({
			firstName: 'Grace',
			tags: [{ id: tagId, name: 'Hot' }],
			tagIds: [tagId],
			campaigns: [{ campaign: { id: campaignId, name: 'Spring' } }],
		})
	})
})

describe('findContactsPage and countContacts', () => {
	test('the total is the number of matching contacts, on every page and past the end', async () => {
		for (const input of [{}, { tags: [tagId] }, { search: 'a' }, { tags: [tagId], search: 'a' }]) {
			const expected = await countContacts(organizationId, filter(input))
			const first = await findContactsPage(organizationId, filter(input), { take: 2, skip: 0 })
			const beyond = await findContactsPage(organizationId, filter(input), { take: 2, skip: 50 })
			expect(first.total).toBe(expected)
			expect(beyond).toEqual({ contacts: [], total: expected })
		}
		expect(await countContacts(organizationId, filter())).toBe(8)
		expect(await countContacts(organizationId, filter({ tags: [tagId] }))).toBe(4)
	})
})
