import os from 'node:os'
import { Logger, run } from 'graphile-worker'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figures (issue 13), through the real code (startCompanyCsvImport, the import_companies task in a
// real Graphile Worker runner, approveCompanyImport):
// - a 500-row CSV with Skip company enrichment: upload to PREVIEWING ≤ 2 s;
// - approve (save 500, de-duplicated against 100,000 existing companies) ≤ 1 s.
// Enrichment's figure is bench/company-enrichment.ts.

const EXISTING = Number(process.env.BENCH_COMPANIES ?? 100_000)
const ROWS = Number(process.env.BENCH_ROWS ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_company_import')
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789'

const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
const { taskList } = await import('#jobs/task-list.ts')
const { startCompanyCsvImport, getCompanyImport } =
	await import('#app/models/company-import/company-import.server.ts')
const { approveCompanyImport } = await import('#app/models/company-import/save-imported-companies.server.ts')

const organization = await prisma.organization.create({ data: { name: 'Bench org' } })
const user = await prisma.user.create({
	data: { email: 'bench@example.com', name: 'Bench', emailVerified: true },
})
await prisma.membership.create({ data: { organizationId: organization.id, userId: user.id, role: 'OWNER' } })
const seedStarted = performance.now()
await prisma.$executeRawUnsafe(
	`INSERT INTO "Company" (id, name, slug, description, "organizationId", "updatedAt")
	SELECT 'existing' || g, 'Existing Company ' || g, 'existing-company-' || g, 'An existing company', $1, now()
	FROM generate_series(1, ${EXISTING}) g`,
	organization.id,
)
await prisma.$executeRawUnsafe('ANALYZE "Company"')
console.log(
	`seeded ${EXISTING.toLocaleString('en-US')} companies in ${Math.round(performance.now() - seedStarted)} ms`,
)

/** A realistic export: 500 companies, 1 in 10 already in the organization, a few repeated. */
function csvFor(round: number) {
	const lines = ['Company Name,Description,Website,LinkedIn URL,Industry,Employees,Headquarters']
	for (let index = 0; index < ROWS; index++) {
		const name =
			index % 10 === 0
				? `Existing Company ${index * 7 + 1}`
				: index % 50 === 1
					? `Round ${round} Co 0`
					: `Round ${round} Co ${index}`
		lines.push(
			[
				`"${name}"`,
				`"Builds software for logistics teams, number ${index}"`,
				`round${round}-co${index}.example`,
				`https://www.linkedin.com/company/round${round}-co${index}`,
				'Software',
				String(10 + index),
				'"Berlin, Germany"',
			].join(','),
		)
	}
	return new TextEncoder().encode(lines.join('\n'))
}

const runner = await run({
	connectionString: databaseUrl,
	taskList,
	concurrency: 2,
	noHandleSignals: true,
	pollInterval: 1_000,
	logger: new Logger(() => () => {}),
})

async function waitForState(id: string, states: string[], timeoutMs = 60_000) {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const view = await getCompanyImport(organization.id, id)
		if (view && states.includes(view.state)) return view
		if (Date.now() > deadline) throw new Error(`import ${id} stuck in ${view?.state}`)
		await new Promise((resolve) => setTimeout(resolve, 5))
	}
}

const uploads: number[] = []
const approvals: number[] = []
for (let round = 1; round <= ROUNDS; round++) {
	const bytes = csvFor(round)
	const started = performance.now()
	const { id } = await startCompanyCsvImport({
		organizationId: organization.id,
		userId: user.id,
		file: { name: `round-${round}.csv`, type: 'text/csv', bytes },
		skipEnrichment: true,
		waitForUnsureMapping: false,
	})
	const view = await waitForState(id, ['PREVIEWING', 'FAILED'])
	uploads.push(performance.now() - started)
	if (view.state !== 'PREVIEWING') throw new Error(`round ${round}: ${view.failureReason}`)
	const approveStarted = performance.now()
	const summary = await approveCompanyImport(organization.id, id, user.id)
	approvals.push(performance.now() - approveStarted)
	console.log(
		`round ${round}: upload → PREVIEWING ${Math.round(uploads.at(-1)!)} ms (${view.rowCount} rows); ` +
			`approve ${Math.round(approvals.at(-1)!)} ms (saved ${summary?.successCount}, duplicates ${summary?.duplicateCount}, failed ${summary?.errorCount})`,
	)
}

function describe(values: number[]) {
	const sorted = [...values].sort((a, b) => a - b)
	const median = sorted[Math.floor(sorted.length / 2)]!
	return `median ${Math.round(median)} ms, max ${Math.round(sorted.at(-1)!)} ms`
}

console.log(
	`\ncompany-import — ${os.cpus().length} cores, load ${os
		.loadavg()
		.map((x) => x.toFixed(1))
		.join(' ')}`,
)
console.log(`upload of a ${ROWS}-row CSV to PREVIEWING (target ≤ 2 s): ${describe(uploads)}`)
console.log(
	`approve ${ROWS} against ${EXISTING.toLocaleString('en-US')} companies (target ≤ 1 s): ${describe(approvals)}`,
)

await runner.stop()
await disconnectPrisma()
await postgres.stop()
