import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedSequence, sequenceStates } from './sequence-fixtures.ts'
import { tableFitProblems, visibleHeadings } from './table-fit.ts'
import { signIn } from './utils.ts'

// Every table screen at 1280 and 1024 px wide, on long real-world data (issue 19, item 6): nothing
// scrolls sideways, clipped text ends in an ellipsis with the full text in a tooltip, names and
// dates stay on one line, low-priority columns give way below 1280 px, and the outbox's list stays
// readable with a message open. Screenshots of each screen are attached to the report.

const LONG = {
	company: 'Consolidated Interplanetary Logistics and Rocket Propulsion Holdings International',
	firstName: 'Maximiliana-Alexandrina',
	lastName: 'Wolfeschlegelsteinhausen-Bergerdorff',
	role: 'Senior Vice President of Worldwide Strategic Partnerships and Alliances',
	tags: [
		'Enterprise decision makers in EMEA',
		'Warm introductions from the partner network',
		'Conference attendees 2026',
		'Needs follow-up',
	],
	campaign: 'Q4 Enterprise Expansion — Interplanetary Logistics Decision Makers',
	list: 'Strategic Accounts for the Interplanetary Freight Consolidation Program',
	description:
		'Every decision maker at the largest freight consolidators we met at the spring and autumn trade shows',
	subject: 'Following up on our conversation about consolidating your interplanetary freight contracts',
}

let client: pg.Client

test.beforeAll(async () => {
	client = await connectDatabase()
})

test.afterAll(async () => {
	await client?.end()
})

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
	const response = await request.post(path, { data })
	if (!response.ok()) throw new Error(`${path} → ${response.status()} ${await response.text()}`)
	return (await response.json()) as T
}

/** Administrators may create lists: e2e dev sign-ins on ADMIN_EMAIL_DOMAINS are (serve.ts). */
function adminEmail() {
	return `admin-${randomUUID().slice(0, 8)}@reachout-admin.test`
}

function emailOf(index: number) {
	return `maximiliana.alexandrina.wolfeschlegelsteinhausen.${index}@consolidated-interplanetary-logistics.example.com`
}

type Seeded = {
	companyId: string
	contactId: string
	campaignId: string
	listSlug: string
	sequenceId: string
	outboxMessageId: string
}

/** One organization full of long names, through the JSON API, and what only the worker writes, in the database. */
async function seedLongData(page: Page, email: string): Promise<Seeded> {
	const { request } = page
	const states = sequenceStates(client)
	await states.setFeatureFlag(email, 'sequence:phone')
	const company = await postJson<{ id: string }>(request, '/api/v1/companies', {
		name: LONG.company,
		description: LONG.description,
		website: 'https://www.consolidated-interplanetary-logistics.example.com/about-us/leadership',
	})
	const tags = []
	for (const name of LONG.tags) tags.push(await postJson<{ id: string }>(request, '/api/v1/tags', { name }))
	const contactIds: string[] = []
	for (let index = 0; index < 3; index++) {
		const contact = await postJson<{ id: string }>(request, '/api/v1/contacts', {
			firstName: `${LONG.firstName}${index ? ` ${index}` : ''}`,
			lastName: LONG.lastName,
			email: emailOf(index),
			role: LONG.role,
			phone: '+1 (415) 555-0132',
			companyId: company.id,
			tagIds: tags.map((tag) => tag.id),
		})
		contactIds.push(contact.id)
	}
	const campaign = await postJson<{ id: string }>(request, '/api/v1/campaigns', { name: LONG.campaign })
	await postJson(request, `/api/v1/campaigns/${campaign.id}/contacts/batch`, { contact_ids: contactIds })
	const second = await postJson<{ id: string }>(request, '/api/v1/campaigns', { name: `${LONG.campaign} II` })
	await postJson(request, `/api/v1/campaigns/${second.id}/contacts/batch`, { contact_ids: contactIds })
	const list = await postJson<{ id: string; slug: string }>(request, '/api/v1/lists', {
		name: LONG.list,
		description: LONG.description,
	})
	await postJson(request, `/api/v1/lists/${list.id}/contacts`, { contactIds })

	const sequence = await seedSequence(request, contactIds[0]!, {
		subject: LONG.subject,
		steps: [{ daysAfter: 0 }],
	})
	await seedSequence(request, contactIds[1]!, { subject: LONG.subject })
	await states.setEmailStep(sequence.emailSteps[0]!.id, 'SENT')
	await states.addPhoneCall(sequence.id, {
		order: 1,
		talkingPoints:
			'Ask how the freight consolidation team plans its interplanetary routes today and who signs the contracts',
		status: 'SCHEDULED',
		dueInDays: -0.01,
	})
	await states.setSequence(sequence.id, 'ACTIVE')
	await postJson(request, '/api/v1/organizations/invite', {
		email: `procurement.operations.director.${randomUUID().slice(0, 6)}@consolidated-interplanetary-logistics.example.com`,
	})

	const { rows } = await client.query<{ organizationId: string }>(
		`SELECT m."organizationId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
		[email],
	)
	let outboxMessageId = ''
	for (let index = 0; index < 4; index++) {
		outboxMessageId = `out_${randomUUID().replaceAll('-', '')}`
		await client.query(
			`INSERT INTO "OutboxMessage" (id, "messageId", "fromAddress", "toAddress", subject, html, text, headers, "organizationId")
			 VALUES ($1, $2, $3, $4, $5, $6, $6, '{}'::jsonb, $7)`,
			[
				outboxMessageId,
				`<${outboxMessageId}@reachout.test>`,
				`"${LONG.firstName} ${LONG.lastName}" <${emailOf(9)}>`,
				emailOf(index),
				`${LONG.subject} (${index + 1})`,
				`<p>${LONG.description}</p>`,
				rows[0]!.organizationId,
			],
		)
	}
	return {
		companyId: company.id,
		contactId: contactIds[0]!,
		campaignId: campaign.id,
		listSlug: list.slug,
		sequenceId: sequence.id,
		outboxMessageId,
	}
}

function screens(seeded: Seeded) {
	return [
		{ name: 'contacts', path: '/contacts', table: 'Contacts' },
		{ name: 'companies', path: '/companies', table: 'Companies' },
		{ name: 'company', path: `/companies/${seeded.companyId}` },
		{ name: 'lists', path: '/lists', table: 'Lists' },
		{ name: 'list', path: `/lists/${seeded.listSlug}`, table: 'List contacts' },
		{ name: 'campaigns', path: '/campaigns', table: 'Campaigns' },
		{ name: 'campaign', path: `/campaigns/${seeded.campaignId}` },
		{ name: 'sequences', path: '/sequences', table: 'Sequences' },
		{ name: 'contact-sequences', path: `/contacts/${seeded.contactId}/sequences` },
		{ name: 'outbox', path: '/outbox', table: 'Outbox messages' },
		{ name: 'outbox-open', path: `/outbox?message=${seeded.outboxMessageId}`, table: 'Outbox messages' },
		{ name: 'calls', path: '/calls' },
		{ name: 'imports', path: '/imports' },
		{ name: 'settings', path: '/settings' },
		{ name: 'settings-sending', path: '/settings/sending' },
	]
}

for (const width of [1280, 1024]) {
	test.describe(`tables at ${width} px`, () => {
		test.describe.configure({ timeout: 120_000 })
		test.use({ viewport: { width, height: 800 } })

		test('every table screen fits, truncates with tooltips and keeps names on one line', async ({
			page,
		}, testInfo) => {
			const email = await signIn(page, adminEmail())
			const seeded = await seedLongData(page, email)
			for (const screen of screens(seeded)) {
				await page.goto(screen.path)
				await page.waitForLoadState('networkidle')
				if (screen.table) await expect(page.getByRole('table', { name: screen.table })).toBeVisible()
				await page.screenshot({ path: testInfo.outputPath(`${screen.name}-${width}.png`), fullPage: true })
				expect.soft(await tableFitProblems(page), `${screen.path} at ${width} px`).toEqual([])
			}

			// The Add Contacts dialog of a campaign.
			await page.goto(`/campaigns/${seeded.campaignId}`)
			await page.getByRole('link', { name: 'Add Contacts' }).click()
			const candidates = page
				.getByRole('dialog', { name: 'Add Contacts' })
				.getByRole('table', { name: 'Contacts to add' })
			await expect(candidates.locator('tbody tr').first()).toContainText(LONG.lastName)
			await page.screenshot({ path: testInfo.outputPath(`add-contacts-${width}.png`) })
			expect.soft(await tableFitProblems(page), `the Add Contacts dialog at ${width} px`).toEqual([])

			// The tags dialog over the contacts screen.
			await page.goto('/contacts')
			await page.waitForLoadState('networkidle')
			await page.getByRole('checkbox', { name: 'Select all contacts on this page' }).check()
			await page
				.getByRole('region', { name: 'Selected contacts' })
				.getByRole('button', { name: 'Add tags' })
				.click()
			await expect(page.getByRole('dialog').getByRole('table', { name: 'Tags' })).toBeVisible()
			await page.screenshot({ path: testInfo.outputPath(`tags-${width}.png`) })
			expect.soft(await tableFitProblems(page), `the tags dialog at ${width} px`).toEqual([])
		})

		test('the outbox list keeps subjects and recipients readable with a message open', async ({ page }) => {
			const email = await signIn(page, adminEmail())
			const seeded = await seedLongData(page, email)
			await page.goto(`/outbox?message=${seeded.outboxMessageId}`)
			await expect(page.getByRole('region', { name: 'Message' })).toBeVisible()
			const list = page.getByRole('table', { name: 'Outbox messages' })
			// Subject and recipient stay; each shows at least a readable start of its text.
			expect(await visibleHeadings(page, 'Outbox messages')).toEqual(
				expect.arrayContaining(['Subject', 'To']),
			)
			const subject = list.getByRole('link', { name: new RegExp(`^${LONG.subject.slice(0, 20)}`) }).first()
			expect((await subject.boundingBox())!.width).toBeGreaterThanOrEqual(200)
			const to = list.locator('tbody tr').first().locator('td').nth(2)
			expect((await to.boundingBox())!.width).toBeGreaterThanOrEqual(140)
		})
	})
}

test('low-priority columns give way at 1280 and 1024 px and come back on a wide screen', async ({ page }) => {
	const email = await signIn(page, adminEmail())
	await seedLongData(page, email)
	await page.setViewportSize({ width: 1600, height: 800 })
	await page.goto('/contacts')
	const all = ['', 'Name', 'Email', 'Company', 'Role', 'Status', 'Tags', 'Campaigns', 'Created']
	await expect.poll(() => visibleHeadings(page, 'Contacts')).toEqual(all)
	expect(await tableFitProblems(page)).toEqual([])
	await page.setViewportSize({ width: 1280, height: 800 })
	await expect
		.poll(() => visibleHeadings(page, 'Contacts'))
		.toEqual(all.filter((heading) => heading !== 'Role'))
	await page.setViewportSize({ width: 1024, height: 800 })
	await expect
		.poll(() => visibleHeadings(page, 'Contacts'))
		.toEqual(['', 'Name', 'Email', 'Company', 'Status', 'Created'])
	// A hidden column's cells hide with its heading, so every row lines up under the headings.
	const cells = await page
		.getByRole('table', { name: 'Contacts' })
		.locator('tbody tr')
		.first()
		.locator('td')
		.evaluateAll((tds) => tds.filter((td) => td.getClientRects().length > 0).length)
	expect(cells).toBe(6)

	await page.goto('/sequences')
	await expect
		.poll(() => visibleHeadings(page, 'Sequences'))
		.toEqual(['Contact', 'Subject', 'Status', 'Replies', 'Created'])
})
