import { enqueueWebhookJobs } from '#app/jobs/deliver-webhooks.ts'
import { type PostAnswer, type WebFetcher, webFetcher } from '#app/integrations/web/web-fetcher.server.ts'
import { WebFetchError } from '#app/integrations/web/web-fetch-error.ts'
import { WEBHOOK_TEST_EVENT } from '#app/schemas/webhook.ts'
import { decrypt } from '#app/utils/crypto.server.ts'
import { sqlPool } from '#app/utils/db.server.ts'
import { pgRun } from '#app/utils/sql-run.server.ts'
import { nextAttemptAt } from './webhook-retry.ts'
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from './webhook-signature.ts'

/**
 * Sends deliveries (decision 042) as a pipeline: deliveries are claimed a chunk at a time in one
 * statement — only those that are due, or SENDING past their lease (an attempt that died) — so two
 * jobs holding the same id never both send it; up to CONCURRENCY are posted at once through the safe
 * fetcher (kept-alive connections per origin), signed, the next chunk claimed as the last of the one
 * before starts, so a slow receiver holds one slot, not a whole chunk; outcomes are recorded in
 * batches by one statement that changes a row only if it is still SENDING with the attempt count it
 * was claimed with, so a delivery becomes DELIVERED once. Failures wait for the next attempt of the
 * schedule (webhook-retry.ts) with a job of their own, or end FAILED with their reason.
 *
 * `drain` (the job): once its own deliveries are claimed, the job goes on claiming whatever else is
 * due, for up to DRAIN_MS. A burst spread over many jobs is then sent by the first jobs to run, in
 * large batches, and the later jobs find their deliveries done (one statement each): the cost of
 * a job is paid per batch of deliveries, not per second of the burst.
 */

/** Deliveries claimed at once; with 10 s per request and 16 in flight, a chunk ends well within its lease. */
const CHUNK = 100
const CONCURRENCY = 16
/** Outcomes recorded by one statement (or fewer, when the job runs out of deliveries). */
const RECORD_BATCH = 100
export const WEBHOOK_TIMEOUT_MS = 10_000
const LEASE_SECONDS = 120
const DRAIN_MS = 60_000

type ClaimedDelivery = {
	id: string
	attempts: number
	url: string
	secretEncrypted: string
	enabled: boolean
	eventId: string
	type: string
	payload: unknown
	createdAt: Date
}

type Outcome = {
	id: string
	attempts: number
	status: 'DELIVERED' | 'RETRYING' | 'FAILED'
	responseStatus: number | null
	reason: string | null
	nextAttemptAt: Date | null
}

/** Marks the picked rows SENDING with a lease and reads what sending them takes. */
function claimStatement(picked: string) {
	return `
	WITH picked AS (${picked}
	), claimed AS (
		UPDATE "WebhookDelivery" d SET status = 'SENDING', attempts = d.attempts + 1, "lastAttemptAt" = now(),
			"leaseUntil" = now() + make_interval(secs => $2), "updatedAt" = now()
		FROM picked WHERE d.id = picked.id
		RETURNING d.id, d.attempts, d."endpointId", d."eventId"
	)
	SELECT c.id, c.attempts, w.url, w."secretEncrypted", w.enabled, e.id AS "eventId", e.type, e.payload, e."createdAt"
	FROM claimed c
	JOIN "WebhookEndpoint" w ON w.id = c."endpointId"
	JOIN "WebhookEvent" e ON e.id = c."eventId"`
}

/** The job's own deliveries, those of them still to send. */
const CLAIM_BY_ID = claimStatement(`
		SELECT id FROM "WebhookDelivery"
		WHERE id = ANY($1::text[]) AND (
			(status IN ('PENDING', 'RETRYING') AND "nextAttemptAt" <= now() + interval '1 second')
			OR (status = 'SENDING' AND "leaseUntil" < now()))
		ORDER BY id FOR UPDATE SKIP LOCKED`)

/** Any due deliveries (index on status, nextAttemptAt), the oldest first within a status. */
const CLAIM_DUE = claimStatement(`
		SELECT id FROM "WebhookDelivery"
		WHERE status IN ('PENDING', 'RETRYING') AND "nextAttemptAt" <= now()
		LIMIT $1 FOR UPDATE SKIP LOCKED`)

const RECORD = `
	UPDATE "WebhookDelivery" d SET status = v.status::"WebhookDeliveryStatus", "responseStatus" = v.code,
		"failureReason" = v.reason, "deliveredAt" = CASE WHEN v.status = 'DELIVERED' THEN now() END,
		"nextAttemptAt" = COALESCE(v.next_at, d."nextAttemptAt"), "leaseUntil" = NULL, "updatedAt" = now()
	FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::text[], $6::timestamptz[])
		AS v(id, attempts, status, code, reason, next_at)
	WHERE d.id = v.id AND d.status = 'SENDING' AND d.attempts = v.attempts
	RETURNING d.id, v.status, v.next_at`

type DeliverOptions = { fetcher?: WebFetcher; drain?: boolean }

export async function deliverWebhooks(
	deliveryIds: string[],
	{ fetcher = webFetcher(), drain = false }: DeliverOptions = {},
) {
	const ids = [...new Set(deliveryIds)]
	const secrets = new Map<string, string>()
	const counts = { delivered: 0, retrying: 0, failed: 0 }
	const drainUntil = Date.now() + DRAIN_MS
	let offset = 0

	/** The next chunk: the job's own ids first, then (draining) whatever is due; null when none is left. */
	async function claimNext(): Promise<ClaimedDelivery[] | null> {
		if (offset < ids.length) {
			const slice = ids.slice(offset, (offset += CHUNK))
			return (
				await sqlPool().query<ClaimedDelivery>({
					name: 'webhook-claim',
					text: CLAIM_BY_ID,
					values: [slice, LEASE_SECONDS],
				})
			).rows
		}
		if (!drain || Date.now() > drainUntil) return null
		const { rows } = await sqlPool().query<ClaimedDelivery>({
			name: 'webhook-claim-due',
			text: CLAIM_DUE,
			values: [CHUNK, LEASE_SECONDS],
		})
		return rows.length ? rows : null
	}

	// Outcomes wait in `outcomes` and are recorded in order by a chain of statements; a failed
	// statement fails the job (its rows stay SENDING until the lease ends and the sweep requeues them).
	let outcomes: Outcome[] = []
	let recording: Promise<void> = Promise.resolve()
	const flush = () => {
		if (outcomes.length === 0) return recording
		const batch = outcomes
		outcomes = []
		recording = recording.then(async () => {
			for (const outcome of await record(batch)) counts[outcome] += 1
		})
		recording.catch(() => {}) // awaited at the end; not an unhandled rejection meanwhile
		return recording
	}

	const inFlight = new Set<Promise<void>>()
	for (let rows = await claimNext(); rows; rows = await claimNext()) {
		for (const row of rows) {
			while (inFlight.size >= CONCURRENCY) await Promise.race(inFlight)
			const sending: Promise<void> = attempt(row, fetcher, secrets)
				.catch((error: unknown) =>
					retryOrFail(row, { responseStatus: null, reason: messageOf(error), permanent: false }),
				)
				.then((outcome) => {
					outcomes.push(outcome)
					if (outcomes.length >= RECORD_BATCH) void flush()
				})
				.finally(() => inFlight.delete(sending))
			inFlight.add(sending)
		}
	}
	await Promise.all(inFlight)
	await flush()
	return counts
}

function messageOf(error: unknown) {
	return error instanceof Error ? error.message : String(error)
}

async function attempt(
	row: ClaimedDelivery,
	fetcher: WebFetcher,
	secrets: Map<string, string>,
): Promise<Outcome> {
	const base = { id: row.id, attempts: row.attempts }
	if (!row.enabled && row.type !== WEBHOOK_TEST_EVENT) {
		return {
			...base,
			status: 'FAILED',
			responseStatus: null,
			reason: 'The endpoint was disabled before delivery',
			nextAttemptAt: null,
		}
	}
	let secret = secrets.get(row.secretEncrypted)
	if (!secret) {
		secret = decrypt(row.secretEncrypted)
		secrets.set(row.secretEncrypted, secret)
	}
	const body = JSON.stringify({
		id: row.eventId,
		type: row.type,
		created: Math.floor(row.createdAt.getTime() / 1000),
		data: row.payload,
	})
	let answer: PostAnswer
	try {
		answer = await fetcher.post(
			row.url,
			{
				body,
				headers: {
					'content-type': 'application/json',
					[SIGNATURE_HEADER]: signatureHeader(secret, body),
					// The idempotency key: the same on every attempt, so receivers can drop a repeat.
					[EVENT_ID_HEADER]: row.eventId,
					[EVENT_TYPE_HEADER]: row.type,
				},
			},
			{ timeoutMs: WEBHOOK_TIMEOUT_MS },
		)
	} catch (error) {
		const { reason, permanent } = failureOf(error)
		return retryOrFail(row, { responseStatus: null, reason, permanent })
	}
	if (answer.status >= 200 && answer.status < 300) {
		return { ...base, status: 'DELIVERED', responseStatus: answer.status, reason: null, nextAttemptAt: null }
	}
	return retryOrFail(row, { responseStatus: answer.status, reason: httpReason(answer), permanent: false })
}

function retryOrFail(
	row: ClaimedDelivery,
	{
		responseStatus,
		reason,
		permanent,
	}: { responseStatus: number | null; reason: string; permanent: boolean },
): Outcome {
	const base = { id: row.id, attempts: row.attempts, responseStatus }
	const next = permanent ? null : nextAttemptAt(row.attempts, { now: new Date(), createdAt: row.createdAt })
	if (next) return { ...base, status: 'RETRYING', reason, nextAttemptAt: next }
	const gaveUp = permanent ? '' : `; gave up after ${row.attempts} attempt${row.attempts === 1 ? '' : 's'}`
	return { ...base, status: 'FAILED', reason: `${reason}${gaveUp}`, nextAttemptAt: null }
}

function httpReason(answer: PostAnswer) {
	const status = `The endpoint answered HTTP ${answer.status}`
	if (answer.status >= 300 && answer.status < 400) return `${status} (redirects are not followed)`
	const text = answer.body.replace(/\s+/g, ' ').trim().slice(0, 200)
	return text ? `${status}: ${text}` : status
}

/** Refusals of ours are final (a retry cannot make a private address public); the rest may pass later. */
function failureOf(error: unknown): { reason: string; permanent: boolean } {
	if (!(error instanceof WebFetchError)) {
		return { reason: messageOf(error), permanent: false }
	}
	switch (error.code) {
		case 'blocked_address':
			return {
				reason: `Refused: ${error.message}. Webhooks are only sent to public addresses.`,
				permanent: true,
			}
		case 'blocked_port':
		case 'invalid_url':
			return { reason: `Refused: ${error.message}`, permanent: true }
		case 'timeout':
			return { reason: `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`, permanent: false }
		case 'dns_failed':
			return { reason: `The host could not be found (${error.message})`, permanent: false }
		default:
			return { reason: error.message, permanent: false }
	}
}

async function record(outcomes: Outcome[]) {
	const { rows } = await sqlPool().query<{ id: string; status: Outcome['status']; next_at: Date | null }>({
		name: 'webhook-record',
		text: RECORD,
		values: [
			outcomes.map((o) => o.id),
			outcomes.map((o) => o.attempts),
			outcomes.map((o) => o.status),
			outcomes.map((o) => o.responseStatus),
			outcomes.map((o) => o.reason),
			outcomes.map((o) => o.nextAttemptAt?.toISOString() ?? null),
		],
	})
	const retries = rows.filter((row) => row.status === 'RETRYING' && row.next_at)
	if (retries.length) {
		await enqueueWebhookJobs(
			pgRun(sqlPool()),
			retries.map((row) => ({ deliveryId: row.id, runAt: row.next_at! })),
		)
	}
	return rows.map((row) => row.status.toLowerCase() as 'delivered' | 'retrying' | 'failed')
}

const STRANDED = `
	SELECT id FROM "WebhookDelivery"
	WHERE (status IN ('PENDING', 'RETRYING') AND "nextAttemptAt" < now() - interval '5 minutes')
		OR (status = 'SENDING' AND "leaseUntil" < now())
	ORDER BY "nextAttemptAt" LIMIT 5000`

/**
 * Deliveries due for over 5 minutes without having been tried (their job was skipped or lost) and
 * attempts whose worker died: their jobs again. The claim makes a repeat harmless.
 */
export async function requeueStrandedWebhookDeliveries() {
	const { rows } = await sqlPool().query<{ id: string }>(STRANDED)
	await enqueueWebhookJobs(
		pgRun(sqlPool()),
		rows.map((row) => ({ deliveryId: row.id, runAt: new Date() })),
	)
	return rows.length
}
