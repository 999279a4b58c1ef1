import type pg from 'pg'
import {
	SEQUENCE_HAS_OPEN_STEPS_SQL,
	sequenceHasOpenStepsSql,
} from '#app/models/sequence/complete-finished-sequences.server.ts'
import {
	type LinkedInActionKind,
	type LinkedInActionReport,
	type LinkedInActionResult,
	type LinkedInReportResponse,
} from '#app/schemas/linkedin-action.ts'
import { queryPrepared, withSqlTransaction } from '#app/utils/db.server.ts'
import {
	ACCEPTANCE_WATCH_MS,
	acceptanceCheckDelayMs,
	backoffMs,
	CONVERSATION_SYNC_INTERVAL_MS,
	CONVERSATION_WATCH_MS,
	MAX_ACTION_ATTEMPTS,
	paceGapMs,
	retryDelayMs,
} from './linkedin-pacing.ts'
import { recordLinkedInReplies } from './record-linkedin-replies.server.ts'

// An executor's report on a claimed action (decision 029): the step moves on, the ledger row is
// closed, and the account's pacing, back-off or pause follow from what LinkedIn answered. A report
// whose claim is no longer the executor's (expired and claimed again) changes nothing. Locks, in the
// claim's order: the account, then the action and the sequence (replies lock the sequence too).

type Client = pg.PoolClient

type ClaimedAction = {
	id: string
	kind: LinkedInActionKind
	status: string
	attempt: number
	withNote: boolean
	accountUserId: string
	stepId: string
	organizationId: string
	sequenceId: string
	order: number
	sentAt: Date | null
	checkCount: number
	requestNote: string | null
	paceMinSeconds: number
	paceMaxSeconds: number
	backoffCount: number
}

export const SESSION_EXPIRED_REASON =
	'Your LinkedIn session expired. Reconnect LinkedIn to resume your LinkedIn steps.'
export const CHECKPOINT_REASON =
	'LinkedIn asked to confirm it is you. Open LinkedIn in Chrome, complete the check, then reconnect LinkedIn.'
export const PROFILE_NOT_FOUND_REASON = 'This LinkedIn profile was not found'
export const NOT_ACCEPTED_REASON = 'The connection request was not accepted within 30 days'

const iso = (date: Date) => date.toISOString()
const later = (now: Date, ms: number) => iso(new Date(now.getTime() + ms))

async function lockClaim(client: Client, userId: string, actionId: string, claimToken: string) {
	await queryPrepared(client, `SELECT 1 FROM "LinkedInAccount" WHERE "userId" = $1 FOR UPDATE`, [userId])
	const { rows } = await queryPrepared<ClaimedAction>(
		client,
		`SELECT a.id, a.kind, a.status::text AS status, a.attempt, a."withNote", a."accountUserId", a."stepId",
			a."organizationId", l."sequenceId", l."order", l."sentAt", l."checkCount", l."requestNote",
			acc."paceMinSeconds", acc."paceMaxSeconds", acc."backoffCount"
		FROM "LinkedInAction" a
		JOIN "LinkedInStep" l ON l.id = a."stepId"
		JOIN "Sequence" s ON s.id = l."sequenceId"
		JOIN "LinkedInAccount" acc ON acc."userId" = a."accountUserId"
		WHERE a.id = $1 AND a."claimToken" = $2 AND a."accountUserId" = $3
		FOR UPDATE OF a, s`,
		[actionId, claimToken, userId],
	)
	return rows[0]
}

/** Closes the ledger row; `sets` and `params` (from $4) update the step in the same statement. */
async function closeAction(
	client: Client,
	action: ClaimedAction,
	status: 'DONE' | 'FAILED' | 'RELEASED',
	result: LinkedInActionResult,
	now: Date,
	{ withNote = action.withNote }: { withNote?: boolean } = {},
) {
	await queryPrepared(
		client,
		`UPDATE "LinkedInAction" SET status = $2::"LinkedInActionStatus", "finishedAt" = $3, outcome = $4, error = $5,
			"withNote" = $6
		WHERE id = $1`,
		[
			action.id,
			status,
			iso(now),
			result.outcome === 'ERROR' ? result.error : result.outcome,
			result.outcome === 'ERROR' ? (result.message ?? result.error) : null,
			withNote,
		],
	)
}

/** The sequence's LinkedIn steps after this one will not go. */
async function cancelLaterSteps(client: Client, action: ClaimedAction, reason: string) {
	await queryPrepared(
		client,
		`UPDATE "LinkedInStep" SET status = 'CANCELED', "failureReason" = $3, "updatedAt" = now()
		WHERE "sequenceId" = $1 AND "order" > $2 AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')`,
		[action.sequenceId, action.order, reason],
	)
}

/** A request or message went: the step SENT and watched, the contact contacted, the account paced. */
async function recordSent(
	client: Client,
	action: ClaimedAction,
	result: Extract<LinkedInActionResult, { outcome: 'SENT' }>,
	now: Date,
) {
	const connect = action.kind === 'CONNECT'
	const withNote = connect ? (result.withNote ?? action.withNote) : false
	// A note written but not sent: over the monthly note limit (the claim left it out).
	const noteDropped = connect && Boolean(action.requestNote?.trim()) && !withNote
	const metadata = {
		...(result.conversationId ? { conversationId: result.conversationId } : {}),
		...(noteDropped ? { noteDropped: true } : {}),
	}
	// One statement: on the hot path (every request and message of every account). The sequence
	// completes when nothing is left on any channel but this step, which goes SENT here.
	await queryPrepared(
		client,
		`WITH action AS (
			UPDATE "LinkedInAction" SET status = 'DONE', "finishedAt" = $2, outcome = 'SENT', error = NULL, "withNote" = $8
			WHERE id = $9
		), step AS (
			UPDATE "LinkedInStep" SET status = 'SENT', "sentAt" = $2, "nextCheckAt" = $3, "checkCount" = 0,
				"lastError" = NULL, metadata = metadata || $4::jsonb, "updatedAt" = now()
			WHERE id = $1
		), contact AS (
			UPDATE "Contact" c SET "lastContactedAt" = $2 FROM "Sequence" s WHERE s.id = $5 AND c.id = s."contactId"
		), completed AS (
			UPDATE "Sequence" s SET status = 'COMPLETED', "completedAt" = $2, "updatedAt" = now()
			WHERE s.id = $5 AND s.status = 'ACTIVE' AND NOT ${sequenceHasOpenStepsSql({ exceptLinkedInStep: '$1' })}
		)
		UPDATE "LinkedInAccount" SET "nextActionAt" = $6, "backoffCount" = 0, "updatedAt" = now() WHERE "userId" = $7`,
		[
			action.stepId,
			iso(now),
			later(now, connect ? acceptanceCheckDelayMs(0) : CONVERSATION_SYNC_INTERVAL_MS),
			JSON.stringify(metadata),
			action.sequenceId,
			later(now, paceGapMs(action.paceMinSeconds, action.paceMaxSeconds)),
			action.accountUserId,
			withNote,
			action.id,
		],
	)
}

/** Accepted (or already connected): the messages after it are planned from now, each its days after. */
async function recordAccepted(
	client: Client,
	action: ClaimedAction,
	result: LinkedInActionResult,
	now: Date,
) {
	const already = result.outcome === 'ALREADY_CONNECTED'
	await closeAction(client, action, 'DONE', result, now)
	await queryPrepared(
		client,
		`WITH step AS (
			UPDATE "LinkedInStep" SET status = 'ACCEPTED', "acceptedAt" = $2, "nextCheckAt" = NULL, "lastError" = NULL,
				metadata = metadata || $3::jsonb, "updatedAt" = now()
			WHERE id = $1
		), planned AS (
			SELECT id, $2::timestamp + make_interval(days => sum(GREATEST("daysAfter", 0))
				OVER (ORDER BY "order")::int) AS at
			FROM "LinkedInStep"
			WHERE "sequenceId" = $4 AND "order" > 1 AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		)
		UPDATE "LinkedInStep" m SET status = 'SCHEDULED', "scheduledFor" = planned.at, "updatedAt" = now()
		FROM planned WHERE m.id = planned.id`,
		[action.stepId, iso(now), JSON.stringify(already ? { alreadyConnected: true } : {}), action.sequenceId],
	)
}

async function recordStillPending(
	client: Client,
	action: ClaimedAction,
	result: LinkedInActionResult,
	now: Date,
) {
	await closeAction(client, action, 'DONE', result, now)
	const waited = action.sentAt ? now.getTime() - action.sentAt.getTime() : 0
	if (waited >= ACCEPTANCE_WATCH_MS) {
		await queryPrepared(
			client,
			`UPDATE "LinkedInStep" SET "nextCheckAt" = NULL, "lastError" = $2, "updatedAt" = now() WHERE id = $1`,
			[action.stepId, NOT_ACCEPTED_REASON],
		)
		await cancelLaterSteps(client, action, NOT_ACCEPTED_REASON)
		return
	}
	await queryPrepared(
		client,
		`UPDATE "LinkedInStep" SET "checkCount" = "checkCount" + 1, "nextCheckAt" = $2, "updatedAt" = now() WHERE id = $1`,
		[action.stepId, later(now, acceptanceCheckDelayMs(action.checkCount + 1))],
	)
}

async function recordNoReply(
	client: Client,
	action: ClaimedAction,
	result: Extract<LinkedInActionResult, { outcome: 'NO_REPLY' }>,
	now: Date,
) {
	await closeAction(client, action, 'DONE', result, now)
	const watched = action.sentAt ? now.getTime() - action.sentAt.getTime() : 0
	const next = watched >= CONVERSATION_WATCH_MS ? null : later(now, CONVERSATION_SYNC_INTERVAL_MS)
	const metadata = result.conversationId ? { conversationId: result.conversationId } : {}
	await queryPrepared(
		client,
		`UPDATE "LinkedInStep" SET "checkCount" = "checkCount" + 1, "nextCheckAt" = $2,
			metadata = metadata || $3::jsonb, "updatedAt" = now()
		WHERE id = $1`,
		[action.stepId, next, JSON.stringify(metadata)],
	)
}

async function recordError(
	client: Client,
	action: ClaimedAction,
	result: Extract<LinkedInActionResult, { outcome: 'ERROR' }>,
	now: Date,
) {
	const sending = action.kind === 'CONNECT' || action.kind === 'MESSAGE'
	const message = result.message ?? result.error
	const backToQueue = async (status: 'RELEASED' | 'FAILED', retryAt: string | null) => {
		await closeAction(client, action, status, result, now)
		if (sending) {
			await queryPrepared(
				client,
				`UPDATE "LinkedInStep" SET status = 'SCHEDULED', "lastError" = $2,
					"scheduledFor" = COALESCE($3::timestamp, "scheduledFor"), "updatedAt" = now()
				WHERE id = $1 AND status = 'SENDING'`,
				[action.stepId, message, retryAt],
			)
		} else if (retryAt) {
			await queryPrepared(
				client,
				`UPDATE "LinkedInStep" SET "nextCheckAt" = $2, "updatedAt" = now() WHERE id = $1`,
				[action.stepId, retryAt],
			)
		}
	}
	const failStep = async (reason: string) => {
		await closeAction(client, action, 'FAILED', result, now)
		await queryPrepared(
			client,
			`UPDATE "LinkedInStep" SET status = 'FAILED', "failureReason" = $2, "lastError" = $3, "nextCheckAt" = NULL,
				"updatedAt" = now()
			WHERE id = $1`,
			[action.stepId, reason, message],
		)
		await cancelLaterSteps(client, action, reason)
	}
	switch (result.error) {
		case 'SESSION_EXPIRED':
		case 'CHECKPOINT':
			// Nothing more goes from this account until the user reconnects (saveLinkedInAuthStatus).
			await backToQueue('RELEASED', null)
			await queryPrepared(
				client,
				`UPDATE "LinkedInAccount" SET "pausedAt" = $2, "pauseReason" = $3, "updatedAt" = now() WHERE "userId" = $1`,
				[
					action.accountUserId,
					iso(now),
					result.error === 'SESSION_EXPIRED' ? SESSION_EXPIRED_REASON : CHECKPOINT_REASON,
				],
			)
			return
		case 'RATE_LIMITED':
			await backToQueue('RELEASED', null)
			await queryPrepared(
				client,
				`UPDATE "LinkedInAccount" SET "backoffCount" = "backoffCount" + 1, "backoffUntil" = $2, "updatedAt" = now()
				WHERE "userId" = $1`,
				[action.accountUserId, later(now, backoffMs(action.backoffCount + 1))],
			)
			return
		case 'PROFILE_NOT_FOUND':
			await failStep(PROFILE_NOT_FOUND_REASON)
			return
		case 'NETWORK':
		case 'UNKNOWN': {
			const { rows } = await queryPrepared<{ count: number }>(
				client,
				`SELECT count(*)::int AS count FROM "LinkedInAction"
				WHERE "stepId" = $1 AND kind = $2::"LinkedInActionKind" AND status = 'FAILED'`,
				[action.stepId, action.kind],
			)
			if (sending && rows[0]!.count + 1 >= MAX_ACTION_ATTEMPTS) {
				await failStep(`LinkedIn did not take it after ${MAX_ACTION_ATTEMPTS} attempts: ${message}`)
				return
			}
			await backToQueue('FAILED', later(now, retryDelayMs(action.attempt)))
		}
	}
}

/**
 * Records an executor's report. `accepted: false` when the claim is not (any more) this executor's:
 * its lease expired and the step went back to the queue, the token is wrong, or it is another
 * account's action.
 */
export async function reportLinkedInAction({
	actionId,
	userId,
	report,
	now = new Date(),
}: {
	actionId: string
	/** The executor's account. */
	userId: string
	report: LinkedInActionReport
	now?: Date
}): Promise<LinkedInReportResponse> {
	return withSqlTransaction(async (client) => {
		const action = await lockClaim(client, userId, actionId, report.claimToken)
		if (!action || action.status !== 'CLAIMED') {
			const { rows } = await queryPrepared<{ status: string }>(
				client,
				`SELECT l.status::text AS status FROM "LinkedInAction" a JOIN "LinkedInStep" l ON l.id = a."stepId"
				WHERE a.id = $1`,
				[actionId],
			)
			return { accepted: false, stepStatus: rows[0]?.status ?? null }
		}
		const { result } = report
		switch (result.outcome) {
			case 'SENT':
				await recordSent(client, action, result, now)
				return { accepted: true, stepStatus: 'SENT' }
			case 'ALREADY_CONNECTED':
			case 'ACCEPTED':
				await recordAccepted(client, action, result, now)
				break
			case 'PENDING':
				await recordStillPending(client, action, result, now)
				break
			case 'REPLIED':
				await closeAction(client, action, 'DONE', result, now)
				await recordLinkedInReplies(client, {
					organizationId: action.organizationId,
					sequenceId: action.sequenceId,
					stepId: action.stepId,
					conversationId: result.conversationId ?? null,
					replies: result.replies,
				})
				break
			case 'NO_REPLY':
				await recordNoReply(client, action, result, now)
				break
			case 'ERROR':
				await recordError(client, action, result, now)
				break
		}
		// The sequence completes when nothing is left on any channel (complete-finished-sequences).
		const { rows } = await queryPrepared<{ status: string }>(
			client,
			`WITH completed AS (
				UPDATE "Sequence" s SET status = 'COMPLETED', "completedAt" = $3, "updatedAt" = now()
				WHERE s.id = $2 AND s.status = 'ACTIVE' AND NOT ${SEQUENCE_HAS_OPEN_STEPS_SQL}
			)
			SELECT status::text AS status FROM "LinkedInStep" WHERE id = $1`,
			[action.stepId, action.sequenceId, iso(now)],
		)
		return { accepted: true, stepStatus: rows[0]?.status ?? null }
	})
}
