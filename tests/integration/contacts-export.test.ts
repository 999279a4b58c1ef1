import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { streamContactsCsv } from '#app/models/contact/contact-export.server.ts'
import { action, loader } from '#app/routes/resources+/contacts.export.ts'
import { ContactFilterSchema } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

const HEADER = 'First Name,Last Name,Email,Phone,LinkedIn,Role,Company,Status,Tags,Campaigns,Created At'

async function exportGet(query: string, cookie?: string, headers?: Record<string, string>) {
	return callRoute(() =>
		loader({
			request: makeRequest(`/resources/contacts/export${query}`, { cookie, headers }),
			params: {},
			context: {},
		}),
	)
}

async function exportPost(fields: Array<[string, string]>, cookie: string) {
	const form = new FormData()
	for (const [key, value] of fields) form.append(key, value)
	const request = makeRequest('/resources/contacts/export', { method: 'POST', cookie, form })
	return callRoute(() => action({ request, params: {}, context: {} }))
}

/** The CSV's lines without the final CRLF (text() already drops the UTF-8 byte-order mark). */
function lines(text: string) {
	expect(text.endsWith('\r\n')).toBe(true)
	return text.split('\r\n').slice(0, -1)
}

async function insertContact(organizationId: string, data: Record<string, unknown> = {}) {
	const id = randomUUID().slice(0, 8)
	return prisma.contact.create({
		data: { organizationId, firstName: 'Ada', lastName: `L${id}`, email: `ada-${id}@example.com`, ...data },
	})
}

describe('contacts CSV export', () => {
	test('streams every contact with the spec columns, quoting and neutralising cells', async () => {
		const { cookie, organization } = await createSignedInUser()
		const company = await prisma.company.create({
			data: { organizationId: organization.id, name: 'Acme, Inc.', slug: 'acme', description: 'x' },
		})
		const [vip, lead] = await Promise.all([
			prisma.tag.create({ data: { organizationId: organization.id, name: 'VIP' } }),
			prisma.tag.create({ data: { organizationId: organization.id, name: '=cmd' } }),
		])
		const campaign = await prisma.campaign.create({
			data: { organizationId: organization.id, name: 'Spring' },
		})
		await insertContact(organization.id, {
			firstName: '=HYPERLINK("http://evil.test")',
			lastName: 'Say "hi"',
			email: 'grace@example.com',
			phone: '+1 555 0100',
			linkedin: 'https://www.linkedin.com/in/grace',
			role: 'Lead\nEngineer',
			status: 'ACTIVE',
			companyId: company.id,
			createdAt: new Date('2025-03-04T05:06:07.089Z'),
			tags: {
				create: [
					{ tagId: vip.id, createdAt: new Date('2025-01-01T00:00:00Z') },
					{ tagId: lead.id, createdAt: new Date('2025-01-02T00:00:00Z') },
				],
			},
			campaigns: { create: [{ campaignId: campaign.id }] },
		})
		await insertContact(organization.id, {
			firstName: '@mention',
			lastName: '-minus',
			email: null,
			createdAt: new Date('2025-01-01T00:00:00.000Z'),
		})

		const result = await exportGet('', cookie)
		expect(result.status).toBe(200)
		expect(result.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(result.headers.get('Content-Disposition')).toMatch(
			/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
		)
		expect(lines(result.body)).toEqual([
			HEADER,
			`"'=HYPERLINK(""http://evil.test"")","Say ""hi""",grace@example.com,'+1 555 0100,https://www.linkedin.com/in/grace,"Lead\nEngineer","Acme, Inc.",ACTIVE,"VIP, =cmd",Spring,2025-03-04T05:06:07.089Z`,
			`'@mention,'-minus,,,,,,NEW,,,2025-01-01T00:00:00.000Z`,
		])
	})

	test("'all' exports exactly the filter the user saw, in its order, minus excluded rows", async () => {
		const { cookie, organization } = await createSignedInUser()
		const tag = await prisma.tag.create({ data: { organizationId: organization.id, name: 'Hot' } })
		const base = Date.UTC(2025, 0, 1)
		const contacts = []
		for (const [index, firstName] of ['Anna', 'Bert', 'Cleo', 'Dora', 'Emil'].entries()) {
			contacts.push(
				await insertContact(organization.id, {
					firstName,
					lastName: index % 2 === 0 ? 'Match' : 'Other',
					createdAt: new Date(base + index * 1000),
					...(index < 4 ? { tags: { create: [{ tagId: tag.id }] } } : {}),
				}),
			)
		}
		const firstNames = (text: string) =>
			lines(text)
				.slice(1)
				.map((line) => line.split(',')[0])

		const get = await exportGet(`?search=match&tags=${tag.id}&sortBy=firstName&sortDirection=asc`, cookie)
		expect(firstNames(get.body)).toEqual(['Anna', 'Cleo'])

		const post = await exportPost(
			[
				['selection', 'all'],
				['search', 'match'],
				['excludeIds', contacts[2]!.id],
				// Ids sent next to "all" (the ticked rows) change nothing.
				['ids', contacts[1]!.id],
			],
			cookie,
		)
		expect(post.status).toBe(200)
		expect(firstNames(post.body)).toEqual(['Emil', 'Anna'])
	})

	test("a selection of ids exports those rows only, ignoring another organization's ids", async () => {
		const { cookie, organization } = await createSignedInUser()
		const other = await createSignedInUser()
		const mine = await insertContact(organization.id, { firstName: 'Mine' })
		await insertContact(organization.id, { firstName: 'NotPicked' })
		const theirs = await insertContact(other.organization.id, { firstName: 'Theirs' })

		const result = await exportPost(
			[
				['ids', `${mine.id},${theirs.id}`],
				['search', 'this filter does not apply to ids'],
			],
			cookie,
		)
		expect(
			lines(result.body)
				.slice(1)
				.map((line) => line.split(',')[0]),
		).toEqual(['Mine'])

		const onlyTheirs = await exportPost([['ids', theirs.id]], cookie)
		expect(lines(onlyTheirs.body)).toEqual([HEADER])
	})

	test('starts with a UTF-8 byte-order mark so spreadsheets read accents right', async () => {
		const { cookie, organization } = await createSignedInUser()
		await insertContact(organization.id, { firstName: 'Zoë' })
		const response = (await loader({
			request: makeRequest('/resources/contacts/export', { cookie }),
			params: {},
			context: {},
		})) as Response
		const bytes = new Uint8Array(await response.arrayBuffer())
		expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		expect(new TextDecoder().decode(bytes)).toContain('Zoë,')
	})

	test("another organization's user exports only their own contacts; visitors sign in", async () => {
		const owner = await createSignedInUser()
		await insertContact(owner.organization.id, { firstName: 'Private' })
		const stranger = await createSignedInUser()
		expect(lines((await exportGet('', stranger.cookie)).body)).toEqual([HEADER])
		const anonymous = await exportGet('', undefined, { Accept: 'text/html' })
		expect(anonymous.status).toBe(302)
		expect(anonymous.headers.get('Location')).toContain('/login')
		// An API client is told, not redirected (decision 020).
		expect((await exportGet('')).status).toBe(401)
	})

	test('a post without a selection goes back to the contacts page with an error toast', async () => {
		const { cookie } = await createSignedInUser()
		const result = await exportPost([['search', 'x']], cookie)
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe('/contacts')
		expect(result.headers.get('Set-Cookie')).toContain('en_toast')
	})

	test('reads in keyset batches without skipping or repeating rows, in both sorts', async () => {
		const { organization } = await createSignedInUser()
		const base = Date.UTC(2025, 0, 1)
		// Equal names and equal timestamps force the id tie-breaker across batch boundaries.
		for (const [index, firstName] of ['Zed', 'Amy', 'Amy', 'Amy', 'Bo', 'Cy', 'Amy'].entries()) {
			await insertContact(organization.id, {
				firstName,
				createdAt: new Date(base + Math.floor(index / 3) * 1000 + 0.5),
			})
		}
		for (const sort of [
			{ sortBy: 'firstName', sortDirection: 'asc' },
			{ sortBy: 'firstName', sortDirection: 'desc' },
			{ sortBy: 'createdAt', sortDirection: 'asc' },
			{ sortBy: 'createdAt', sortDirection: 'desc' },
		] as const) {
			const filter = ContactFilterSchema.parse(sort)
			const whole = await new Response(
				streamContactsCsv(organization.id, { selection: 'all', filter }),
			).text()
			const batched = await new Response(
				streamContactsCsv(organization.id, { selection: 'all', filter }, { batchSize: 2 }),
			).text()
			expect(lines(batched)).toEqual(lines(whole))
			expect(lines(batched)).toHaveLength(8)
			expect(new Set(lines(batched)).size).toBe(8)
		}
	})
})
