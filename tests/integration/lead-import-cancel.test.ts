import { afterAll, afterEach, expect, test } from 'vitest'
import { runLeadImport } from '#app/models/lead-import/process-lead-import.server.ts'
import { CANCELLED_REASON, cancelQueueable } from '#app/models/queueable/queueable.server.ts'
import { action as importLink } from '#app/routes/api+/v1+/lead-scraper.import.link.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { startFakeWebSite } from '#tests/fakes/web-site.ts'

// Cancel Import while the job reads a page that does not answer (issue 14): the read is aborted
// and the import ends within seconds, not when the fetcher's 15 s timeout runs out.

const site = await startFakeWebSite()
let connections = 0
site.route('/team-silent', (req) => {
	connections += 1
	req.socket.once('close', () => (connections -= 1))
})
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${site.port}`
delete process.env.OPENAI_API_KEY
delete process.env.FIRECRAWL_API_KEY
resetEnvCache()

afterEach(async () => {
	await stopEventHub()
})
afterAll(async () => {
	await site.close()
})

test('Cancel Import aborts the read of a silent page: the import ends cancelled within seconds', async () => {
	const owner = await createSignedInUser()
	const started = await callRoute(() =>
		importLink({
			request: makeRequest('/api/v1/lead-scraper/import/link', {
				method: 'POST',
				cookie: owner.cookie,
				json: { url: `${site.origin}/team-silent` },
			}),
			params: {},
			context: {},
		}),
	)
	expect(started.status).toBe(202)
	const queueableId = started.body.queueableId as string

	const began = Date.now()
	const running = runLeadImport(queueableId)
	await expect.poll(() => connections, { timeout: 10_000 }).toBe(1)
	await cancelQueueable(owner.organization.id, queueableId)
	await running
	// The fetcher alone would have waited its 15 s timeout.
	expect(Date.now() - began).toBeLessThan(12_000)
	await expect.poll(() => connections, { timeout: 5_000 }).toBe(0)

	const record = await prisma.leadImport.findFirstOrThrow({ where: { queueableId } })
	expect(record).toMatchObject({ state: 'FAILED', failureReason: CANCELLED_REASON })
	const queueable = await prisma.queueable.findUniqueOrThrow({ where: { id: queueableId } })
	expect(queueable.status).toBe('FAILED')
	expect(await prisma.leadImportLead.count({ where: { leadImportId: record.id } })).toBe(0)
})
