import os from 'node:os'
import { openContactsBenchDatabase } from './_contacts-bench-database.ts'
import { isSeeded, ORG_A, seedContactsBench } from './_contacts-seed.ts'

// Figures (issue 14), in the contacts benchmark's organization of 1,000,000 contacts (its seeded
// database, kept between runs: bench/contacts.ts):
// - a 1 MB lead CSV (about 8,000 rows) through the offline extractor to the review page: ≤ 3 s
//   (startLeadFileImports → the import_leads task's runLeadImport → listReviewLeads' first page);
// - check-batch of 1,000 LinkedIn URLs (half saved, in the forms people paste): p95 ≤ 50 ms;
// - saving 8,000 leads with a tag (about 800 new companies, duplicates within the save and
//   against saved contacts skipped): ≤ 3 s.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const CHECK_ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100)
const LEADS = 8_000
/** check, save or csv: one figure only (all three by default). */
const ONLY = process.env.BENCH_ONLY

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
const summary = (values: number[]) =>
	`p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`

const { postgres, client, databaseUrl } = await openContactsBenchDatabase()
if (!(await isSeeded(client))) {
	console.log('seeding 2,000,000 contacts (kept for later runs)…')
	await seedContactsBench(client, (line) => console.log(`  ${line}`))
}
process.env.DATABASE_URL = databaseUrl
process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789'
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
delete process.env.OPENAI_API_KEY

const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
const { checkContactsBatch } = await import('#app/models/contact/contact.server.ts')
const { saveLeads } = await import('#app/models/lead-import/save-leads.server.ts')
const { startLeadFileImports } = await import('#app/models/lead-import/lead-import.server.ts')
const { runLeadImport } = await import('#app/models/lead-import/process-lead-import.server.ts')
const { listReviewLeads } = await import('#app/models/lead-import/lead-review.server.ts')

const user = await prisma.user.upsert({
	where: { email: 'leads-bench@example.com' },
	create: { email: 'leads-bench@example.com', name: 'Leads bench', emailVerified: true },
	update: {},
})
await prisma.membership.upsert({
	where: { organizationId_userId: { organizationId: ORG_A, userId: user.id } },
	create: { organizationId: ORG_A, userId: user.id, role: 'OWNER' },
	update: {},
})

/** What this run adds to the seeded organization goes again, so every run starts the same. */
async function cleanUp() {
	await client.query(`DELETE FROM "Contact" WHERE "organizationId" = $1 AND "creatorId" = $2`, [
		ORG_A,
		user.id,
	])
	await client.query(`DELETE FROM "Company" WHERE "organizationId" = $1 AND "creatorId" = $2`, [
		ORG_A,
		user.id,
	])
	await client.query(`DELETE FROM "LeadImport" WHERE "organizationId" = $1 AND "userId" = $2`, [
		ORG_A,
		user.id,
	])
	await client.query(`DELETE FROM "Tag" WHERE "organizationId" = $1 AND name LIKE 'Leads bench%'`, [ORG_A])
}
await cleanUp()

const saved = await client.query<{ linkedin: string; email: string | null }>(
	`SELECT linkedin, email FROM "Contact" WHERE "organizationId" = $1 AND linkedin IS NOT NULL
	 ORDER BY hashtext(id) LIMIT 20000`,
	[ORG_A],
)
/** A saved profile as people paste it: scheme, "www.", trailing slash, query, case all vary. */
function pasted(url: string, i: number) {
	const path = url.replace('https://www.linkedin.com', '')
	const forms = [
		url,
		`http://linkedin.com${path}/`,
		`https://www.linkedin.com${path.toUpperCase()}?trk=public`,
		`linkedin.com${path}`,
	]
	return forms[i % forms.length]!
}

// ---- check-batch ----
if (!ONLY || ONLY === 'check') {
	const checkTimes: number[] = []
	let found = 0
	for (let iteration = 0; iteration < CHECK_ITERATIONS; iteration++) {
		const urls = Array.from({ length: 1_000 }, (_, i) =>
			i % 2 === 0
				? pasted(saved.rows[(iteration * 500 + i / 2) % saved.rows.length]!.linkedin, i / 2)
				: `https://www.linkedin.com/in/nobody-${iteration}-${i}`,
		)
		const started = performance.now()
		const results = await checkContactsBatch(ORG_A, urls)
		checkTimes.push(performance.now() - started)
		found += results.filter((result) => result.saved).length
	}
	console.log(
		`check-batch, 1,000 URLs against 1,000,000 contacts: ${summary(checkTimes)} (${(found / CHECK_ITERATIONS).toFixed(0)} of 1,000 found each time; 500 expected)`,
	)
}

// ---- save 8,000 leads with a tag ----
function leadsFor(round: number) {
	return Array.from({ length: LEADS }, (_, i) => {
		if (i % 10 === 0) {
			// Already a contact: found and tagged.
			const existing = saved.rows[(round * 1_000 + i) % saved.rows.length]!
			return {
				firstName: 'Known',
				lastName: `Person ${i}`,
				linkedin: existing.linkedin,
				companyName: `Bench ${round} Co ${i % 800}`,
				companyDescription: 'A company of the leads benchmark',
			}
		}
		const person = i % 25 === 1 ? i - 1 + 2 : i // a few repeated within the save
		return {
			firstName: `Lead${person}`,
			lastName: `Round${round}`,
			email: `lead${person}.round${round}@bench-leads.example`,
			linkedin: `https://www.linkedin.com/in/bench-${round}-${person}`,
			role: 'Head of Sales',
			companyName: `Bench ${round} Co ${i % 800}`,
			companyDescription: 'A company of the leads benchmark',
		}
	})
}
if (!ONLY || ONLY === 'save') {
	const saveTimes: number[] = []
	let lastSave: Awaited<ReturnType<typeof saveLeads>> | null = null
	for (let round = 0; round < ROUNDS; round++) {
		const tag = await prisma.tag.create({ data: { organizationId: ORG_A, name: `Leads bench ${round}` } })
		const contacts = leadsFor(round)
		const started = performance.now()
		lastSave = await saveLeads({ organizationId: ORG_A, userId: user.id, contacts, tagIds: [tag.id] })
		saveTimes.push(performance.now() - started)
	}
	console.log(
		`save 8,000 leads with a tag: ${summary(saveTimes)} (last: ${lastSave!.successCount} created, ${lastSave!.existingCount} existing, ${lastSave!.duplicateCount} duplicates, ${await prisma.company.count({ where: { organizationId: ORG_A, creatorId: user.id } })} companies created in all)`,
	)
	await cleanUp()
}

// ---- a 1 MB CSV to the review page ----
function csvFor(round: number) {
	const lines = ['First Name,Last Name,Email,Title,Company,LinkedIn URL,Phone']
	let i = 0
	let size = lines[0]!.length
	while (size < 1_000_000 - 200) {
		const line = [
			`Person${i}`,
			`Csv${round}`,
			`person${i}.csv${round}@bench-leads.example`,
			'"VP of Engineering, Platform"',
			`Csv Co ${i % 500}`,
			`https://www.linkedin.com/in/csv-${round}-${i}`,
			`+1 555 01${String(i % 100).padStart(2, '0')}`,
		].join(',')
		lines.push(line)
		size += line.length + 1
		i++
	}
	return { bytes: new TextEncoder().encode(lines.join('\n')), rows: i }
}
if (!ONLY || ONLY === 'csv') {
	const csvTimes: number[] = []
	let csvRows = 0
	let csvLeads = 0
	for (let round = 0; round < ROUNDS; round++) {
		const { bytes, rows } = csvFor(round)
		csvRows = rows
		const started = performance.now()
		const [item] = await startLeadFileImports(
			{ organizationId: ORG_A, userId: user.id },
			{ files: [{ name: `leads-${round}.csv`, type: 'text/csv', bytes }], instructions: null },
		)
		await runLeadImport(item!.queueableId)
		const record = await prisma.leadImport.findFirstOrThrow({
			where: { id: item!.id },
			select: { state: true },
		})
		if (record.state !== 'READY') throw new Error(`import ended ${record.state}`)
		const page = await listReviewLeads(ORG_A, item!.id)
		csvTimes.push(performance.now() - started)
		csvLeads = page.total
	}
	console.log(
		`1 MB lead CSV (${csvRows.toLocaleString('en-US')} rows) to the review page: ${summary(csvTimes)} (${csvLeads.toLocaleString('en-US')} leads)`,
	)
	await cleanUp()
}

console.log(
	`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${new Date().toISOString().slice(0, 10)}`,
)
await client.end()
await disconnectPrisma()
await postgres.stop()
