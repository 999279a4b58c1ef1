import { Logger, runOnce } from 'graphile-worker'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { loadSearchSignals } from '#app/models/contact-search/contact-search-signals.server.ts'
import { loader as getQueueable } from '#app/routes/api+/v1+/queueables.$id.ts'
import { action as recordSignals } from '#app/routes/api+/v2+/leads.contacts.search.$queueableId.signals.ts'
import { action as startBulk } from '#app/routes/api+/v2+/leads.contacts.search.bulk.ts'
import { action as startSingle } from '#app/routes/api+/v2+/leads.contacts.search.ts'
import { type ContactSearchJobResult } from '#app/schemas/contact-search.ts'
import { encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { type FakeLinkedIn, startFakeLinkedIn } from '#tests/fakes/linkedin-server.ts'
import { type FakePeopleData, startFakePeopleData } from '#tests/fakes/people-data-server.ts'

// The `search_contacts` job end to end (issue 15): started through API v2, run by the worker,
// read through GET /api/v1/queueables/:id; a search whose every company failed ends FAILED with
// the reason; signals recorded and scoped; another organization's search is a 404.

delete process.env.OPENAI_API_KEY

let linkedin: FakeLinkedIn
let provider: FakePeopleData

beforeAll(async () => {
	linkedin = await startFakeLinkedIn()
	provider = await startFakePeopleData()
	process.env.LINKEDIN_API_BASE_URL = linkedin.baseUrl
	process.env.PEOPLE_DATA_BASE_URL = provider.baseUrl
	process.env.PEOPLE_DATA_API_KEY = provider.apiKey
	process.env.CONTACT_SEARCH_RETRY_BASE_MS = '10'
	process.env.CONTACT_SEARCH_SOURCE_TIMEOUT_MS = '400'
	process.env.CONTACT_SEARCH_CONCURRENCY = '2'
	resetEnvCache()
})
afterAll(async () => {
	await linkedin.close()
	await provider.close()
	for (const key of [
		'LINKEDIN_API_BASE_URL',
		'PEOPLE_DATA_BASE_URL',
		'PEOPLE_DATA_API_KEY',
		'CONTACT_SEARCH_RETRY_BASE_MS',
		'CONTACT_SEARCH_SOURCE_TIMEOUT_MS',
		'CONTACT_SEARCH_CONCURRENCY',
	])
		delete process.env[key]
	resetEnvCache()
})
afterEach(async () => {
	provider.failNext(0)
	provider.setDelayMs(0)
	await stopEventHub()
})

const quietLogger = new Logger(() => () => {})
const runWorkerOnce = () =>
	runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		logger: quietLogger,
	})

const post = (route: typeof startBulk, path: string, json: unknown, cookie: string, params = {}) =>
	callRoute(() =>
		route({ request: makeRequest(path, { method: 'POST', cookie, json }), params, context: {} }),
	)

const poll = (id: string, cookie: string) =>
	callRoute(() =>
		getQueueable({
			request: makeRequest(`/api/v1/queueables/${id}`, { cookie }),
			params: { id },
			context: {},
		}),
	)

test('a bulk search runs end to end: every company’s people from every source, ranked, counted, saved ones marked', async () => {
	const owner = await createSignedInUser()
	const organizationId = owner.organization.id
	const { cookie, csrfToken } = linkedin.me
	await prisma.user.update({
		where: { id: owner.user.id },
		data: {
			linkedinConnectedAt: new Date(),
			linkedinAuthEncrypted: encrypt(JSON.stringify({ cookie, csrfToken })),
		},
	})
	const acme = await prisma.company.create({
		data: {
			organizationId,
			name: 'Acme Anvils',
			slug: 'acme-anvils',
			description: 'Anvils',
			website: 'https://acme-job.test',
		},
	})
	const saved = await prisma.contact.create({
		data: {
			organizationId,
			firstName: 'Wile',
			lastName: 'Coyote',
			email: 'wile@acme-job.test',
			role: 'Buyer',
			companyId: acme.id,
		},
	})
	for (let i = 0; i < 4; i++)
		linkedin.addPerson({
			username: `acme-job-${i}`,
			firstName: `Acme${i}`,
			lastName: 'Person',
			headline: 'Engineer',
			company: 'Acme Anvils',
		})
	provider.addPeople('acme-job.test', [
		{ first_name: 'Wile', last_name: 'Coyote', title: 'Head of Procurement', email: 'WILE@acme-job.test' },
		{ first_name: 'Road', last_name: 'Runner', title: 'CTO', email: 'road@acme-job.test' },
	])
	provider.addPeople('globex-job.test', [
		{ first_name: 'Hank', last_name: 'Scorpio', title: 'CEO', email: 'hank@globex-job.test' },
	])

	const started = await post(
		startBulk,
		'/api/v2/leads/contacts/search/bulk',
		{
			targetCompanies: [
				{ id: acme.id },
				{ name: 'Globex', website: 'https://globex-job.test' },
				{ name: 'Nobody Inc' },
			],
			lookingFor: 'CTO',
			// Every one of Acme's six people kept, whatever the ranker's order.
			topX: 6,
		},
		owner.cookie,
	)
	expect(started.status).toBe(202)
	const queueableId = started.body.data.queueableId
	await runWorkerOnce()

	const polled = await poll(queueableId, owner.cookie)
	expect(polled.status).toBe(200)
	const job = polled.body.data.data
	expect(job.status).toBe('COMPLETED')
	expect(job.isActionable).toBe(true)
	expect(job.metadata).toMatchObject({ completed: 3, total: 3, totalCompanies: 3 })
	const result = job.result as ContactSearchJobResult
	expect(result.mode).toBe('bulk')
	expect(result.query).toEqual({ lookingFor: 'CTO', topX: 6 })
	expect(result.results.map((r) => r.companyName)).toEqual(['Acme Anvils', 'Globex', 'Nobody Inc'])
	const [acmeResult, globexResult, nobodyResult] = result.results
	// Acme: 1 saved contact (also the provider's Wile), 4 on LinkedIn, Road Runner: 6 people, all kept.
	expect(acmeResult!.totalEmployeesAnalyzed).toBe(6)
	expect(acmeResult!.topContacts).toHaveLength(6)
	// The ranker puts the CTO first.
	expect(acmeResult!.topContacts[0]!.role).toBe('CTO')
	expect(acmeResult!.companyId).toBe(acme.id)
	for (const [index, row] of acmeResult!.topContacts.entries()) {
		expect(row).toMatchObject({
			id: `c0-${index + 1}`,
			rank: index + 1,
			companyData: { id: acme.id, name: 'Acme Anvils' },
		})
		expect(typeof row.matchReason).toBe('string')
	}
	const wile = acmeResult!.topContacts.find((r) => r.lastName === 'Coyote')
	expect(wile).toMatchObject({
		existingContactId: saved.id,
		email: 'wile@acme-job.test',
		role: 'Head of Procurement',
	})
	expect(wile!.sources?.sort()).toEqual(['CONTACTS', 'PROVIDER'])
	expect(acmeResult!.sources?.map((s) => s.status)).toEqual(['ok', 'ok', 'ok'])
	expect(globexResult!.topContacts.map((r) => r.lastName)).toEqual(['Scorpio'])
	expect(globexResult!.error).toBeUndefined()
	// Nobody: nothing anywhere, the provider skipped (no website): no contacts, not an error.
	expect(nobodyResult).toMatchObject({ topContacts: [], totalEmployeesAnalyzed: 0 })
	expect(nobodyResult!.error).toBeUndefined()
	expect(result.summary).toEqual({ totalContactsFound: 7, successfulCompanies: 3 })

	// Signals: accepted and rejected results stored with the search's query and the person's role.
	const signalled = await post(
		recordSignals,
		`/api/v2/leads/contacts/search/${queueableId}/signals`,
		{ accepted: ['c0-1', 'c1-1'], rejected: ['c0-2', 'no-such-result'] },
		owner.cookie,
		{ queueableId },
	)
	expect(signalled.status).toBe(200)
	expect(signalled.body).toEqual({ success: true, data: { accepted: 2, rejected: 1, ignored: 1 } })
	const signals = await loadSearchSignals(organizationId)
	expect(signals).toHaveLength(3)
	expect(
		signals
			.filter((s) => s.kind === 'ACCEPTED')
			.map((s) => s.role)
			.sort(),
	).toEqual([acmeResult!.topContacts[0]!.role, 'CEO'].sort())
	expect(signals.every((s) => s.lookingFor === 'CTO')).toBe(true)
	// Signalled again: the new kind replaces the old one, no duplicate.
	await post(
		recordSignals,
		`/api/v2/leads/contacts/search/${queueableId}/signals`,
		{ rejected: ['c1-1'] },
		owner.cookie,
		{ queueableId },
	)
	const again = await loadSearchSignals(organizationId)
	expect(again).toHaveLength(3)
	expect(again.filter((s) => s.kind === 'REJECTED')).toHaveLength(2)

	// Another organization: its search and its signals are a 404, and its signals stay its own.
	const stranger = await createSignedInUser()
	const theirs = await post(
		recordSignals,
		`/api/v2/leads/contacts/search/${queueableId}/signals`,
		{ accepted: ['c0-1'] },
		stranger.cookie,
		{ queueableId },
	)
	expect(theirs.status).toBe(404)
	expect(theirs.body).toMatchObject({ success: false, error: 'not_found' })
	expect((await poll(queueableId, stranger.cookie)).status).toBe(404)
	expect(await loadSearchSignals(stranger.organization.id)).toEqual([])
	expect(await prisma.contactSearchSignal.count({ where: { queueableId } })).toBe(3)
})

test('a search whose every company failed ends FAILED with the reason; one that partly failed completes', async () => {
	const owner = await createSignedInUser()
	provider.setDelayMs(1_000)
	const started = await post(
		startBulk,
		'/api/v2/leads/contacts/search/bulk',
		{
			targetCompanies: [
				{ name: 'Slow One', website: 'https://slow-one.test' },
				{ name: 'Slow Two', website: 'https://slow-two.test' },
			],
			lookingFor: 'CFO',
			topX: 5,
		},
		owner.cookie,
	)
	await runWorkerOnce()
	const failed = await prisma.queueable.findUniqueOrThrow({ where: { id: started.body.data.queueableId } })
	expect(failed.status).toBe('FAILED')
	expect(failed.failureReason).toBe('Bulk contact search failed: the people-data provider did not answer')
	const partial = failed.result as ContactSearchJobResult
	expect(partial.results.map((r) => r.error)).toEqual([
		'the people-data provider did not answer',
		'the people-data provider did not answer',
	])

	provider.setDelayMs(0)
	provider.addPeople('fine.test', [{ first_name: 'Fine', last_name: 'Person', title: 'CFO' }])
	provider.failNext(3, 503)
	const single = await post(
		startSingle,
		'/api/v2/leads/contacts/search',
		{ targetCompany: { name: 'Broken', website: 'https://broken.test' }, lookingFor: 'CFO', topX: 5 },
		owner.cookie,
	)
	await runWorkerOnce()
	const singleFailed = await prisma.queueable.findUniqueOrThrow({
		where: { id: single.body.data.queueableId },
	})
	expect(singleFailed.status).toBe('FAILED')
	expect(singleFailed.failureReason).toMatch(
		/^Contact search failed: the people-data provider failed \(503\)$/,
	)

	provider.failNext(3, 503)
	const mixed = await post(
		startBulk,
		'/api/v2/leads/contacts/search/bulk',
		{
			targetCompanies: [
				{ name: 'Broken', website: 'https://broken.test' },
				{ name: 'Fine', website: 'https://fine.test' },
			],
			lookingFor: 'CFO',
			topX: 5,
		},
		owner.cookie,
	)
	process.env.CONTACT_SEARCH_CONCURRENCY = '1'
	resetEnvCache()
	await runWorkerOnce()
	process.env.CONTACT_SEARCH_CONCURRENCY = '2'
	resetEnvCache()
	const completed = await prisma.queueable.findUniqueOrThrow({ where: { id: mixed.body.data.queueableId } })
	expect(completed.status).toBe('COMPLETED')
	const mixedResult = completed.result as ContactSearchJobResult
	expect(mixedResult.results[0]!.error).toMatch(/503/)
	expect(mixedResult.results[0]!.topContacts).toEqual([])
	expect(mixedResult.results[1]!.topContacts.map((r) => r.lastName)).toEqual(['Person'])
	expect(mixedResult.summary).toEqual({ totalContactsFound: 1, successfulCompanies: 1 })
})

test('a cancelled search stops and ends FAILED; a search already ended is left alone', async () => {
	const owner = await createSignedInUser()
	const started = await post(
		startSingle,
		'/api/v2/leads/contacts/search',
		{ targetCompany: { name: 'Cancelled Co' }, lookingFor: 'CTO', topX: 5 },
		owner.cookie,
	)
	const id = started.body.data.queueableId
	await prisma.queueable.update({ where: { id }, data: { status: 'PROCESSING', cancelledAt: new Date() } })
	await runWorkerOnce()
	const cancelled = await prisma.queueable.findUniqueOrThrow({ where: { id } })
	expect(cancelled.status).toBe('FAILED')
	expect(cancelled.failureReason).toBe('Cancelled')
})
