import { Logger, run } from 'graphile-worker'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figure (issue 15): a bulk contact search of 20 companies × 20 people against the fake LinkedIn
// (300 ms per call) and a fake model (2 s per call), at the configured CONTACT_SEARCH_CONCURRENCY,
// through the real code — startContactSearch, the search_contacts task in a real Graphile Worker
// runner, the sources, rankCandidates — timed from the start to COMPLETED. Target ≤ 60 s.
// The lead wires it into `npm run bench -- contact-search` (with the ranker's own figures).

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 20)
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20)
const LINKEDIN_DELAY_MS = Number(process.env.LINKEDIN_DELAY_MS ?? 300)
const MODEL_DELAY_MS = Number(process.env.MODEL_DELAY_MS ?? 2000)

export type BulkSearchFigure = {
	ms: number
	companies: number
	people: number
	concurrency: number
	status: string
	contactsFound: number
	linkedinCalls: number
	modelCalls: number
	/** 'model' when the fake model's rankings were used; 'offline' means every window fell back. */
	ranker: string
}

export async function benchBulkSearch(): Promise<BulkSearchFigure> {
	const postgres = await startTestPostgres()
	const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_contact_search')
	await migrateDatabase(databaseUrl)
	process.env.DATABASE_URL = databaseUrl
	process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
	process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789'
	delete process.env.PEOPLE_DATA_API_KEY

	const { startFakeLinkedIn } = await import('#tests/fakes/linkedin-server.ts')
	const { startFakeOpenAI } = await import('#tests/fakes/openai-server.ts')
	const linkedin = await startFakeLinkedIn()
	linkedin.setDelayMs(LINKEDIN_DELAY_MS)
	const model = await startFakeOpenAI()
	model.setDelayMs(MODEL_DELAY_MS)
	// The ranker's structured answer: each candidate of the window ("[c3] role: …") with a score.
	model.setHandler((messages) => {
		const prompt = messages.find((message) => message.role === 'user')?.content ?? ''
		const window = [...prompt.matchAll(/^\[(c\d+)\] role: ([^|\n]*)/gm)]
		return {
			rankings: window.map(([, key, role = '']) => {
				const score = /cto|vp engineering/i.test(role) ? 90 : /engineer/i.test(role) ? 50 : 10
				return {
					key,
					score,
					reason: `${role.trim()}: ${score >= 90 ? 'engineering leadership' : 'not a leader'}`,
				}
			}),
		}
	})
	process.env.LINKEDIN_API_BASE_URL = linkedin.baseUrl
	process.env.OPENAI_API_KEY = 'bench-key'
	process.env.OPENAI_BASE_URL = model.url
	const { resetEnvCache, getEnv } = await import('#app/utils/env.server.ts')
	resetEnvCache()

	const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
	const { encrypt } = await import('#app/utils/crypto.server.ts')
	const { taskList } = await import('#jobs/task-list.ts')
	const { startContactSearch } = await import('#app/models/contact-search/start-contact-search.server.ts')

	const organization = await prisma.organization.create({
		data: { name: 'Bench org', summary: 'We sell anvils' },
	})
	const { cookie, csrfToken } = linkedin.me
	const user = await prisma.user.create({
		data: {
			email: 'contact-search-bench@example.com',
			name: 'Bench',
			emailVerified: true,
			linkedinConnectedAt: new Date(),
			linkedinAuthEncrypted: encrypt(JSON.stringify({ cookie, csrfToken })),
		},
	})
	await prisma.membership.create({
		data: { organizationId: organization.id, userId: user.id, role: 'OWNER' },
	})
	const titles = ['CTO', 'VP Engineering', 'Head of Sales', 'Engineer', 'Designer', 'CFO', 'Recruiter']
	for (let c = 0; c < COMPANIES; c++) {
		for (let p = 0; p < PEOPLE; p++) {
			linkedin.addPerson({
				username: `bench-${c}-${p}`,
				firstName: `Person${p}`,
				lastName: `Company${c}`,
				headline: `${titles[p % titles.length]} at Bench Company ${c}`,
				company: `bench-company-${c}`,
			})
		}
	}
	linkedin.clearReceived()

	const runner = await run({
		connectionString: databaseUrl,
		taskList,
		concurrency: getEnv().WORKER_CONCURRENCY,
		noHandleSignals: true,
		pollInterval: 200,
		logger: new Logger(() => () => {}),
	})
	try {
		const started = performance.now()
		const search = await startContactSearch(
			{ organizationId: organization.id, userId: user.id },
			{
				mode: 'bulk',
				input: {
					targetCompanies: Array.from({ length: COMPANIES }, (_, c) => ({
						name: `Bench Company ${c}`,
						linkedin_url: `https://www.linkedin.com/company/bench-company-${c}`,
					})),
					lookingFor: 'Engineering leadership (CTO, VP Engineering)',
					topX: 5,
				},
			},
		)
		let status = 'PENDING'
		let result = null as { summary?: { totalContactsFound?: number }; ranker?: string } | null
		while (!['COMPLETED', 'FAILED'].includes(status)) {
			await new Promise((resolve) => setTimeout(resolve, 100))
			const row = await prisma.queueable.findUniqueOrThrow({
				where: { id: search.queueableId },
				select: { status: true, result: true, failureReason: true },
			})
			status = row.status
			result = row.result as typeof result
			if (performance.now() - started > 300_000) throw new Error('The search did not end within 5 minutes')
		}
		const ms = performance.now() - started
		return {
			ms,
			companies: COMPANIES,
			people: PEOPLE,
			concurrency: getEnv().CONTACT_SEARCH_CONCURRENCY,
			status,
			contactsFound: result?.summary?.totalContactsFound ?? 0,
			linkedinCalls: linkedin.received.filter((r) => r.path === '/voyager/api/graphql').length,
			modelCalls: model.requests().length,
			ranker: result?.ranker ?? 'none',
		}
	} finally {
		await runner.stop()
		await linkedin.close()
		await model.close()
		await disconnectPrisma()
		await postgres.stop()
	}
}

// Run directly (tsx bench/_contact-search-bulk.ts): print the figure.
if (import.meta.url === `file://${process.argv[1]}`) {
	const figure = await benchBulkSearch()
	console.log(
		`bulk contact search, ${figure.companies} companies × ${figure.people} people, concurrency ${figure.concurrency}: ` +
			`${(figure.ms / 1000).toFixed(1)} s to ${figure.status} (target ≤ 60 s); ` +
			`${figure.contactsFound} contacts, ${figure.linkedinCalls} LinkedIn calls, ${figure.modelCalls} model calls`,
	)
	process.exit(0)
}
