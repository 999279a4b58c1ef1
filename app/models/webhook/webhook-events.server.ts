import { addWebhookJobsSql, enqueueWebhookJobs } from '#app/jobs/deliver-webhooks.ts'
import { type WebhookEventType } from '#app/schemas/webhook.ts'
import { type SqlRun } from '#app/utils/sql-run.server.ts'

/**
 * Emitting events (decision 042). Where something happens, its transaction also records the event
 * and one delivery per enabled endpoint of the organization that subscribed to that type, and adds
 * their job — all or nothing with the change itself. An organization without such an endpoint gets
 * no row at all (one index probe), so the hot paths pay almost nothing for webhooks nobody wants.
 */

export type WebhookEventInput = { organizationId: string; type: WebhookEventType; data: Record<string, unknown> }

/**
 * The CTEs that record events and their deliveries and add the jobs, for a statement of its own
 * or inside a larger one (the dispatcher's record). `source` is a FROM item aliased `src`, with columns
 * `organization_id`, `type` and `payload` (jsonb). The caller must read `<prefix>_job` in its final
 * SELECT (PostgreSQL runs a SELECT CTE only when it is read); it selects the deliveries' ids.
 */
export function webhookEventsCtes(source: string, prefix = 'hook') {
	return `${prefix}_source AS (
		SELECT src.organization_id, src.type, src.payload FROM ${source}
		WHERE EXISTS (SELECT 1 FROM "WebhookEndpoint" w WHERE w."organizationId" = src.organization_id
			AND w.enabled AND src.type = ANY(w.events))
	), ${prefix}_event AS (
		INSERT INTO "WebhookEvent" (id, "organizationId", type, payload, "createdAt")
		SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), organization_id, type, payload, now()
		FROM ${prefix}_source
		RETURNING id, "organizationId", type
	), ${prefix}_delivery AS (
		INSERT INTO "WebhookDelivery" (id, "organizationId", "endpointId", "eventId", "nextAttemptAt", "createdAt", "updatedAt")
		SELECT gen_random_uuid()::text, e."organizationId", w.id, e.id, now(), now(), now()
		FROM ${prefix}_event e
		JOIN "WebhookEndpoint" w ON w."organizationId" = e."organizationId" AND w.enabled AND e.type = ANY(w.events)
		RETURNING id, now() AS run_at
	), ${prefix}_job AS (
		${addWebhookJobsSql(`${prefix}_delivery AS v`)}
	)`
}

const EMIT = `WITH ${webhookEventsCtes('unnest($1::text[], $2::text[], $3::jsonb[]) AS src(organization_id, type, payload)')}
	SELECT d.id, d.run_at, d.id IN (SELECT id FROM hook_job) AS queued FROM hook_delivery d`

/**
 * Records these events (with their deliveries and jobs) in the caller's transaction — `run` is
 * Prisma's transaction client or a pg client (sql-run.server.ts). Returns the deliveries made.
 */
export async function enqueueWebhookEvents(run: SqlRun, events: WebhookEventInput[]) {
	if (events.length === 0) return 0
	const rows = await run(EMIT, [
		events.map((event) => event.organizationId),
		events.map((event) => event.type),
		events.map((event) => JSON.stringify(event.data)),
	])
	const skipped = rows.filter((row) => !row.queued)
	if (skipped.length) {
		await enqueueWebhookJobs(
			run,
			skipped.map((row) => ({ deliveryId: String(row.id), runAt: new Date() })),
		)
	}
	return rows.length
}

/** One event: `enqueueWebhookEvent(prismaRun(tx), orgId, 'contact.replied', { … })`. */
export function enqueueWebhookEvent(
	run: SqlRun,
	organizationId: string,
	type: WebhookEventType,
	data: Record<string, unknown>,
) {
	return enqueueWebhookEvents(run, [{ organizationId, type, data }])
}
