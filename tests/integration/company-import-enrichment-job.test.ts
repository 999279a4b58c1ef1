import { Logger, run, runOnce } from 'graphile-worker'
import { afterAll, afterEach, expect, test } from 'vitest'
import {
	cancelCompanyImport,
	getCompanyImport,
	startCompanyCsvImport,
} from '#app/models/company-import/company-import.server.ts'
import { listCompanyImportRows } from '#app/models/company-import/import-rows.server.ts'
import { getQueueable } from '#app/models/queueable/queueable.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { startFakeLinkedIn } from '#tests/fakes/linkedin-public-site.ts'

// The import job with enrichment (issue 13): rows filled from the public LinkedIn page (a local
// fake reached through the real safe fetcher), and Cancel Import while it runs keeping the rows
// already enriched.

const linkedin = await startFakeLinkedIn({ delayMs: 150 })
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${linkedin.port}`
process.env.LINKEDIN_PUBLIC_BASE_URL = linkedin.origin
delete process.env.OPENAI_API_KEY
delete process.env.FIRECRAWL_API_KEY
resetEnvCache()

const quietLogger = new Logger(() => () => {})
const COMPANIES = 12
for (let index = 0; index < COMPANIES; index++) {
	linkedin.company({
		slug: `firm-${index}`,
		name: `Firm ${index}`,
		tagline: `Tagline of firm ${index}`,
		about: `Firm ${index} builds warehouse robots for grocery chains across Europe.`,
		industry: 'Automation Machinery Manufacturing',
		size: '51-200 employees',
		headquarters: 'Lyon, France',
		followers: 1_000 + index,
	})
}

afterEach(async () => {
	await stopEventHub()
})
afterAll(async () => {
	await linkedin.close()
})

function csv() {
	const lines = ['Name,LinkedIn']
	for (let index = 0; index < COMPANIES; index++)
		lines.push(`Firm ${index},https://www.linkedin.com/company/firm-${index}`)
	return { name: 'firms.csv', type: 'text/csv', bytes: new TextEncoder().encode(lines.join('\n')) }
}

test('enrichment fills the rows the file left empty, and they become ready', async () => {
	const { user, organization } = await createSignedInUser()
	const started = await startCompanyCsvImport({
		organizationId: organization.id,
		userId: user.id,
		file: csv(),
		skipEnrichment: false,
		waitForUnsureMapping: false,
	})
	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		logger: quietLogger,
	})
	expect((await getCompanyImport(organization.id, started.id))?.state).toBe('PREVIEWING')
	const rows = await listCompanyImportRows(organization.id, started.id, { sort: 'name' })
	expect(rows).toHaveLength(COMPANIES)
	expect(rows.every((row) => row.ready)).toBe(true)
	expect(rows[0]?.data).toMatchObject({
		name: 'Firm 0',
		linkedinFollowers: 1_000,
		employeeCountRange: '51-200',
		industry: 'Automation Machinery Manufacturing',
	})
	expect(rows[0]?.data.description).toContain('warehouse robots')
})

test('Cancel Import while enriching keeps the enriched rows ("Import cancelled. Showing n partially processed companies.")', async () => {
	const { user, organization } = await createSignedInUser()
	const started = await startCompanyCsvImport({
		organizationId: organization.id,
		userId: user.id,
		file: csv(),
		skipEnrichment: false,
		waitForUnsureMapping: false,
	})
	const runner = await run({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		concurrency: 1,
		noHandleSignals: true,
		pollInterval: 100,
		logger: quietLogger,
	})
	try {
		// Wait until some rows are enriched (one LinkedIn page takes 150 ms, ten at a time).
		for (;;) {
			const queueable = await getQueueable(organization.id, started.queueableId!)
			if (((queueable?.metadata as { completed?: number }).completed ?? 0) > 0) break
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
		const cancelling = await cancelCompanyImport(organization.id, started.id)
		expect(['CANCELLING', 'PREVIEWING']).toContain(cancelling?.state)
		let view = await getCompanyImport(organization.id, started.id)
		for (let wait = 0; view?.state === 'CANCELLING' && wait < 200; wait++) {
			await new Promise((resolve) => setTimeout(resolve, 25))
			view = await getCompanyImport(organization.id, started.id)
		}
		expect(view?.state).toBe('PREVIEWING')
		const rows = await listCompanyImportRows(organization.id, started.id)
		expect(rows.length).toBeGreaterThan(0)
		expect(view?.failureReason).toBe(
			`Import cancelled. Showing ${rows.length} partially processed companies.`,
		)
		expect(rows.every((row) => row.data.linkedinFollowers !== undefined)).toBe(true)
		const queueable = await getQueueable(organization.id, started.queueableId!)
		expect(queueable?.status).toBe('FAILED')
		expect(queueable?.cancelledAt).toBeTruthy()
	} finally {
		await runner.stop()
	}
})

test('Cancel Import ends within seconds even while every page in flight is silent', async () => {
	const { user, organization } = await createSignedInUser()
	const lines = ['Name,LinkedIn']
	for (let index = 0; index < 30; index++) {
		linkedin.company(
			{
				slug: `silent-${index}`,
				name: `Silent ${index}`,
				tagline: '',
				about: '',
				industry: '',
				size: '',
				headquarters: '',
				followers: 0,
			},
			'silent',
		)
		lines.push(`Silent ${index},https://www.linkedin.com/company/silent-${index}`)
	}
	const started = await startCompanyCsvImport({
		organizationId: organization.id,
		userId: user.id,
		file: { name: 'silent.csv', type: 'text/csv', bytes: new TextEncoder().encode(lines.join('\n')) },
		skipEnrichment: false,
		waitForUnsureMapping: false,
	})
	const runner = await run({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		concurrency: 1,
		noHandleSignals: true,
		pollInterval: 100,
		logger: quietLogger,
	})
	try {
		// Enrichment has begun: the first pages are requested and none answers.
		await expect.poll(() => linkedin.inFlight, { timeout: 15_000 }).toBeGreaterThan(0)
		await cancelCompanyImport(organization.id, started.id)
		// The fetcher would wait 15 s for each silent page; the cancel must not.
		await expect
			.poll(async () => (await getCompanyImport(organization.id, started.id))?.state, {
				timeout: 8_000,
				interval: 100,
			})
			.toBe('FAILED')
		const view = await getCompanyImport(organization.id, started.id)
		expect(view?.failureReason).toBe('Import cancelled. No companies were processed yet.')
	} finally {
		await runner.stop()
	}
})
