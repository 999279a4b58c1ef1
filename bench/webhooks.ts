import os from 'node:os'
import { Logger, run } from 'graphile-worker'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { startWebhookReceiver } from '#tests/fakes/webhook-receiver.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figure (issue 16): webhook fan-out — 10,000 events to a local receiver, all delivered exactly once
// per event, at ≥ 500 deliveries/s. The real code: events recorded by enqueueWebhookEvents (in
// statements of EMIT_BATCH events, as the dispatcher's batched record emits them), the
// deliver_webhooks task of jobs/task-list.ts run by Graphile Worker at the worker's concurrency,
// posting through the safe fetcher (the receiver allow-listed as in tests) with signatures.

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000)
const EMIT_BATCH = Number(process.env.BENCH_EMIT_BATCH ?? 10)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 5)

const receiver = await startWebhookReceiver()
const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_webhooks')
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789'
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${receiver.port}`

const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
const { taskList } = await import('#jobs/task-list.ts')
const { DELIVER_WEBHOOKS_TASK } = await import('#app/jobs/deliver-webhooks.ts')
const { createWebhookEndpoint } = await import('#app/models/webhook/webhook-endpoints.server.ts')
const { enqueueWebhookEvents } = await import('#app/models/webhook/webhook-events.server.ts')
const { verifyWebhookSignature } = await import('#app/models/webhook/webhook-signature.ts')
const { prismaRun } = await import('#app/utils/sql-run.server.ts')

const organization = await prisma.organization.create({ data: { name: 'Bench org' } })
// A second organization with an endpoint of its own: its events must not reach the first's.
const bystander = await prisma.organization.create({ data: { name: 'Bystander org' } })
const endpoint = await createWebhookEndpoint(organization.id, {
	url: `${receiver.origin}/hook`,
	events: ['step.sent'],
	description: 'bench',
})
await createWebhookEndpoint(bystander.id, {
	url: `${receiver.origin}/other`,
	events: ['step.sent'],
	description: '',
})

console.log(
	`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
)
console.log(
	`${EVENTS.toLocaleString()} events in statements of ${EMIT_BATCH}, worker concurrency ${CONCURRENCY}`,
)

// 1. The events, recorded as the app records them (each statement: events, deliveries, jobs).
const emitStarted = performance.now()
for (let start = 0; start < EVENTS; start += EMIT_BATCH) {
	const count = Math.min(EMIT_BATCH, EVENTS - start)
	await enqueueWebhookEvents(
		prismaRun(prisma),
		Array.from({ length: count }, (_, index) => ({
			organizationId: organization.id,
			type: 'step.sent' as const,
			data: { stepId: `step-${start + index}`, channel: 'email' },
		})),
	)
}
const emitSeconds = (performance.now() - emitStarted) / 1000
const jobs = await prisma.$queryRaw<Array<{ jobs: number }>>`
	SELECT count(*)::int AS jobs FROM graphile_worker._private_jobs j
	JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${DELIVER_WEBHOOKS_TASK}`
console.log(
	`recorded:  ${EVENTS.toLocaleString()} events in ${emitSeconds.toFixed(2)} s (${Math.round(EVENTS / emitSeconds)}/s), ${jobs[0]!.jobs} deliver_webhooks jobs`,
)

// 2. Delivery: from the worker's start until the last delivery is recorded DELIVERED.
const started = performance.now()
// CPU of this process (worker, safe fetcher and receiver alike): a cost per delivery that depends
// far less than the rate on how many other processes share the cores.
const cpuAtStart = process.cpuUsage()
const runner = await run({
	connectionString: databaseUrl,
	taskList: { [DELIVER_WEBHOOKS_TASK]: taskList[DELIVER_WEBHOOKS_TASK]! },
	concurrency: CONCURRENCY,
	noHandleSignals: true,
	pollInterval: 200,
	logger: new Logger(() => () => {}),
})
let delivered = 0
while (delivered < EVENTS) {
	await new Promise((resolve) => setTimeout(resolve, 100))
	delivered = await prisma.webhookDelivery.count({
		where: { organizationId: organization.id, status: 'DELIVERED' },
	})
	if (performance.now() - started > 300_000) break
}
const seconds = (performance.now() - started) / 1000
const cpu = process.cpuUsage(cpuAtStart)
await runner.stop()

// 3. Exactly once: every event's id arrived once, signed with the endpoint's secret.
const byEvent = new Map<string, number>()
let badSignatures = 0
for (const request of receiver.received) {
	const id = String(request.headers['reachout-event-id'])
	byEvent.set(id, (byEvent.get(id) ?? 0) + 1)
	const check = verifyWebhookSignature(
		endpoint.secret,
		String(request.headers['reachout-signature']),
		request.body,
		{
			toleranceSeconds: 3600,
		},
	)
	if (!check.valid || request.path !== '/hook') badSignatures++
}
const repeats = [...byEvent.values()].filter((count) => count > 1).length
const statuses = await prisma.webhookDelivery.groupBy({ by: ['status'], _count: true })
console.log(
	`delivered: ${delivered.toLocaleString()} in ${seconds.toFixed(2)} s = ${Math.round(delivered / seconds)} deliveries/s (target ≥ 500)`,
)
console.log(
	`receiver:  ${receiver.received.length.toLocaleString()} requests on ${receiver.connections} connections, ${byEvent.size.toLocaleString()} distinct event ids, ${repeats} repeated, ${badSignatures} unsigned or misrouted`,
)
console.log(
	`cpu:       ${((cpu.user + cpu.system) / 1000 / delivered).toFixed(3)} ms of this process per delivery (worker and receiver together)`,
)
console.log(`rows:      ${statuses.map((row) => `${row.status} ${row._count}`).join(', ')}`)

await disconnectPrisma()
await receiver.close()
await postgres.stop()
