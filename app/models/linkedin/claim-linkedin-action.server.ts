import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { type LinkedInExecutor } from '#app/generated/prisma/client.ts'
import { pickTimeZone } from '#app/models/sequence/send-window.ts'
import {
	type LinkedInActionClaim,
	type LinkedInActionKind,
	type LinkedInClaimResponse,
	type NoActionReason,
} from '#app/schemas/linkedin-action.ts'
import { queryPrepared, withSqlTransaction } from '#app/utils/db.server.ts'
import { getEnv, linkedInAccountDefaults } from '#app/utils/env.server.ts'
import { connectionRequestAllowance, LIMIT_WINDOWS_MS, LINKEDIN_LIMITS } from './linkedin-limits.ts'
import { isInsideActiveHours, secondsUntilActive } from './linkedin-pacing.ts'

// Claiming the next LinkedIn action of one account (decision 029). One transaction that first
// locks the account's row, so claims for an account serialize however many workers and companions
// ask; the ledger's partial unique indexes (one CLAIMED action per account, one CLAIMED or DONE send
// per step) hold even if that lock were bypassed. Limits are counted from the ledger in the same
// transaction, so they hold whichever executor acts. On node-postgres (times passed as ISO strings,
// sessions in UTC) in three statements: a claim runs for every action of every account.

type AccountRow = {
	userId: string
	pausedAt: Date | null
	backoffUntil: Date | null
	nextActionAt: Date | null
	activeHoursStart: number
	activeHoursEnd: number
	premium: boolean
	connected: boolean
	orgConsent: boolean
	inFlightUntil: Date | null
	requestsToday: number
	requestsThisWeek: number
	notesThisMonth: number
	oldestToday: Date | null
}

type CandidateRow = {
	id: string
	order: number
	kind: LinkedInActionKind
	username: string | null
	linkedinUrl: string | null
	requestNote: string | null
	message: string | null
	conversationId: string | null
	sentAt: Date | null
	organizationId: string
	timeZone: string | null
	earlierAttempts: number
	firstAttemptAt: Date | null
}

const NO_ACTION_RETRY_SECONDS: Record<NoActionReason, number> = {
	NOTHING_DUE: 60,
	PACED: 60,
	OUTSIDE_ACTIVE_HOURS: 900,
	PAUSED: 900,
	BACKING_OFF: 900,
	LIMIT_REACHED: 3600,
	BUSY: 30,
	NOT_CONNECTED: 900,
}

function none(
	reason: NoActionReason,
	retryAfterSeconds = NO_ACTION_RETRY_SECONDS[reason],
): LinkedInClaimResponse {
	return { action: null, reason, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) }
}

function secondsUntil(date: Date, now: Date) {
	return (date.getTime() - now.getTime()) / 1000
}

/** Connection requests that count against the limits: claimed or done, not "already connected". */
const COUNTED_REQUESTS = `FROM "LinkedInAction" r WHERE r."accountUserId" = a."userId" AND r.kind = 'CONNECT'
	AND r.status IN ('CLAIMED', 'DONE') AND r.outcome IS DISTINCT FROM 'ALREADY_CONNECTED'`

/**
 * The account, locked (SKIP LOCKED: none when another executor holds it), with its claim in flight
 * and its usage of the limits. One statement, so its subqueries read the snapshot from before the
 * lock: a claim committed in between is caught by the one-in-flight index (answered BUSY), and a
 * report committed in between still shows its action in flight (BUSY) — never a claim too many.
 */
const READ_ACCOUNT = `
	SELECT a."userId", a."pausedAt", a."backoffUntil", a."nextActionAt", a."activeHoursStart", a."activeHoursEnd",
		a.premium, (u."linkedinConnectedAt" IS NOT NULL AND u."linkedinAuthEncrypted" IS NOT NULL) AS connected,
		u."linkedinOrgConsent" AS "orgConsent",
		(SELECT min(f."leaseUntil") FROM "LinkedInAction" f
			WHERE f."accountUserId" = a."userId" AND f.status = 'CLAIMED') AS "inFlightUntil",
		(SELECT count(*)::int ${COUNTED_REQUESTS} AND r."claimedAt" > $2) AS "requestsToday",
		(SELECT count(*)::int ${COUNTED_REQUESTS} AND r."claimedAt" > $3) AS "requestsThisWeek",
		(SELECT count(*)::int ${COUNTED_REQUESTS} AND r."claimedAt" > $4 AND r."withNote") AS "notesThisMonth",
		(SELECT min(r."claimedAt") ${COUNTED_REQUESTS} AND r."claimedAt" > $2) AS "oldestToday"
	FROM "LinkedInAccount" a JOIN "User" u ON u.id = a."userId"
	WHERE a."userId" = $1
	FOR UPDATE OF a SKIP LOCKED`

/**
 * The account's next due action: replies first (a reply stops everything else), then messages,
 * then connection requests while the limits allow ($3), then acceptance checks. Steps of the
 * sequences the user created; a campaign's sequences only with the user's organization-level
 * consent ($4). The sequence's row is shared-locked: a reply being recorded (which locks it for
 * update) is either seen here (the sequence no longer ACTIVE) or recorded after this claim.
 */
const NEXT_CANDIDATE = `
	SELECT l.id, l."order", l.username, COALESCE(NULLIF(l."linkedinUrl", ''), NULLIF(c.linkedin, '')) AS "linkedinUrl",
		l."requestNote", l.message,
		l.metadata->>'conversationId' AS "conversationId", l."sentAt", l."organizationId",
		COALESCE(c."timeZone", o."timeZone") AS "timeZone",
		CASE WHEN l.status = 'SCHEDULED' AND l."order" = 1 THEN 'CONNECT'
			WHEN l.status = 'SCHEDULED' THEN 'MESSAGE'
			WHEN l."order" = 1 THEN 'CHECK_ACCEPTANCE'
			ELSE 'SYNC_CONVERSATION' END AS kind,
		-- earlier attempts at this request or message (an executor that vanished, a failure)
		CASE WHEN l.status = 'SCHEDULED' THEN (SELECT count(*)::int FROM "LinkedInAction" e
			WHERE e."stepId" = l.id AND e.kind IN ('CONNECT', 'MESSAGE')) ELSE 0 END AS "earlierAttempts",
		(SELECT min(e."claimedAt") FROM "LinkedInAction" e WHERE e."stepId" = l.id AND e.kind = 'MESSAGE'
			AND l.status = 'SCHEDULED' AND l."order" > 1) AS "firstAttemptAt"
	FROM "LinkedInStep" l
	JOIN "Sequence" s ON s.id = l."sequenceId"
	JOIN "Organization" o ON o.id = s."organizationId"
	JOIN "Contact" c ON c.id = s."contactId"
	JOIN "Membership" m ON m."organizationId" = s."organizationId" AND m."userId" = $1
	LEFT JOIN "SequenceGeneration" g ON g.id = s."generationId"
	WHERE s."creatorId" = $1
		AND (g."campaignId" IS NULL OR $4::boolean)
		AND (
			(l.status = 'SCHEDULED' AND l."scheduledFor" <= $2 AND s.status = 'ACTIVE'
				AND (l."order" > 1 OR $3::boolean)
				-- a message waits for the accepted request and the messages before it
				AND NOT EXISTS (
					SELECT 1 FROM "LinkedInStep" p WHERE p."sequenceId" = l."sequenceId" AND p."order" < l."order"
						AND NOT ((p."order" = 1 AND p.status IN ('ACCEPTED', 'REPLIED'))
							OR (p."order" > 1 AND p.status IN ('SENT', 'REPLIED')))))
			OR (l.status = 'SENT' AND l."nextCheckAt" <= $2
				AND (s.status = 'ACTIVE' OR (l."order" > 1 AND s.status = 'COMPLETED')))
		)
	ORDER BY CASE WHEN l.status = 'SENT' AND l."order" > 1 THEN 0
			WHEN l.status = 'SCHEDULED' AND l."order" > 1 THEN 1
			WHEN l.status = 'SCHEDULED' THEN 2 ELSE 3 END,
		COALESCE(l."nextCheckAt", l."scheduledFor"), l.id
	LIMIT 1
	FOR UPDATE OF l SKIP LOCKED FOR SHARE OF s`

/** The claim: its ledger row, and a request or message step SENDING while it is out. */
const INSERT_CLAIM = `
	WITH action AS (
		INSERT INTO "LinkedInAction" (id, kind, status, executor, "claimToken", attempt, "withNote", "claimedAt",
			"leaseUntil", "accountUserId", "stepId", "organizationId")
		VALUES (gen_random_uuid()::text, $1::"LinkedInActionKind", 'CLAIMED', $2::"LinkedInExecutor", $3, $4, $5, $6,
			$7, $8, $9, $10)
		RETURNING id
	), step AS (
		UPDATE "LinkedInStep" SET status = 'SENDING', "updatedAt" = now()
		WHERE id = $9 AND $1 IN ('CONNECT', 'MESSAGE')
	)
	SELECT id FROM action`

/**
 * Locks the account's row for this transaction (creating it with the defaults when missing) and
 * reads it. `busy` when another claim or report of the account holds the lock: that executor is
 * acting for it right now, and a second one waiting in line would only take the next action early.
 */
async function lockAccount(client: pg.PoolClient, userId: string, now: Date) {
	const windows = [LIMIT_WINDOWS_MS.day, LIMIT_WINDOWS_MS.week, LIMIT_WINDOWS_MS.month].map((ms) =>
		new Date(now.getTime() - ms).toISOString(),
	)
	const read = () => queryPrepared<AccountRow>(client, READ_ACCOUNT, [userId, ...windows])
	const { rows } = await read()
	if (rows.length) return { busy: false as const, account: rows[0] }
	const exists = await queryPrepared(client, `SELECT 1 FROM "LinkedInAccount" WHERE "userId" = $1`, [userId])
	if (exists.rowCount) return { busy: true as const }
	const defaults = linkedInAccountDefaults()
	await queryPrepared(
		client,
		`INSERT INTO "LinkedInAccount" ("userId", "activeHoursStart", "activeHoursEnd", "paceMinSeconds",
			"paceMaxSeconds", "updatedAt")
		SELECT id, $2, $3, $4, $5, now() FROM "User" WHERE id = $1
		ON CONFLICT ("userId") DO NOTHING`,
		[
			userId,
			defaults.activeHoursStart,
			defaults.activeHoursEnd,
			defaults.paceMinSeconds,
			defaults.paceMaxSeconds,
		],
	)
	const created = await read()
	return created.rows.length ? { busy: false as const, account: created.rows[0] } : { busy: true as const }
}

/**
 * Claims whose executor did not report in time become EXPIRED; their steps go back to SCHEDULED, to
 * be claimed again (the next executor checks LinkedIn before sending again: attempt > 1).
 */
export async function expireLinkedInClaims(client: pg.ClientBase, now: Date, userId?: string) {
	const { rowCount } = await queryPrepared(
		client,
		`WITH expired AS (
			UPDATE "LinkedInAction" SET status = 'EXPIRED', "finishedAt" = $1, error = 'The executor did not report in time'
			WHERE status = 'CLAIMED' AND "leaseUntil" < $1 AND ($2::text IS NULL OR "accountUserId" = $2)
			RETURNING "stepId"
		)
		UPDATE "LinkedInStep" SET status = 'SCHEDULED', "updatedAt" = now()
		WHERE id IN (SELECT "stepId" FROM expired) AND status = 'SENDING'`,
		[now.toISOString(), userId ?? null],
	)
	return rowCount ?? 0
}

/** The person's profile: the step's username or URL, else the contact's LinkedIn URL. */
function profileUrlOf(candidate: CandidateRow) {
	if (candidate.linkedinUrl) return candidate.linkedinUrl
	return candidate.username ? `https://www.linkedin.com/in/${encodeURIComponent(candidate.username)}/` : null
}

function usernameOf(candidate: CandidateRow) {
	if (candidate.username) return candidate.username
	const match = candidate.linkedinUrl ? /\/in\/([^/?#]+)/.exec(candidate.linkedinUrl) : null
	return match ? decodeURIComponent(match[1]!) : null
}

async function nextCandidate(client: pg.PoolClient, account: AccountRow, now: Date, connectAllowed: boolean) {
	const { rows } = await queryPrepared<CandidateRow>(client, NEXT_CANDIDATE, [
		account.userId,
		now.toISOString(),
		connectAllowed,
		account.orgConsent,
	])
	return rows[0]
}

/**
 * Claims the account's next due action for an executor, or says why there is none and when to
 * ask again. Exactly once: a step's request or message is claimed by one executor at a time, and
 * once DONE never again.
 */
export async function claimLinkedInAction({
	userId,
	executor,
	now = new Date(),
}: {
	userId: string
	executor: LinkedInExecutor
	now?: Date
}): Promise<LinkedInClaimResponse> {
	try {
		return await claimInTransaction({ userId, executor, now })
	} catch (error) {
		// Another executor's claim committed between this one's read and insert: it holds the account.
		if (isLedgerConflict(error)) return none('BUSY', 5)
		throw error
	}
}

const LEDGER_INDEXES = ['LinkedInAction_one_in_flight_per_account', 'LinkedInAction_one_send_per_step']

function isLedgerConflict(error: unknown) {
	const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string }
	return code === '23505' && LEDGER_INDEXES.includes(constraint ?? '')
}

function claimInTransaction({
	userId,
	executor,
	now,
}: {
	userId: string
	executor: LinkedInExecutor
	now: Date
}): Promise<LinkedInClaimResponse> {
	return withSqlTransaction(async (client) => {
		const locked = await lockAccount(client, userId, now)
		if (locked.busy) return none('BUSY', 5)
		const { account } = locked
		if (!account?.connected) return none('NOT_CONNECTED')
		if (account.pausedAt) return none('PAUSED')
		if (account.backoffUntil && account.backoffUntil > now)
			return none('BACKING_OFF', secondsUntil(account.backoffUntil, now))
		if (account.inFlightUntil) {
			if (account.inFlightUntil >= now) return none('BUSY', secondsUntil(account.inFlightUntil, now))
			await expireLinkedInClaims(client, now, userId)
		}
		if (account.nextActionAt && account.nextActionAt > now)
			return none('PACED', secondsUntil(account.nextActionAt, now))

		const allowance = connectionRequestAllowance(account, account.premium)
		const candidate = await nextCandidate(client, account, now, allowance.allowed)
		if (!candidate) {
			if (allowance.allowed) return none('NOTHING_DUE')
			// A request may be waiting on the limit: ask again when the oldest request leaves the day.
			if (!(await nextCandidate(client, account, now, true))) return none('NOTHING_DUE')
			const frees =
				account.requestsToday >= LINKEDIN_LIMITS.connectionRequestsPerDay && account.oldestToday
					? secondsUntil(new Date(account.oldestToday.getTime() + LIMIT_WINDOWS_MS.day), now)
					: 3600
			return none('LIMIT_REACHED', Math.min(Math.max(frees, 60), 24 * 3600))
		}
		const timeZone = pickTimeZone(candidate.timeZone)
		if (!isInsideActiveHours(now, timeZone, account.activeHoursStart, account.activeHoursEnd))
			return none('OUTSIDE_ACTIVE_HOURS', secondsUntilActive(now, timeZone, account.activeHoursStart))

		const attempt = candidate.earlierAttempts + 1
		const withNote =
			candidate.kind === 'CONNECT' && Boolean(candidate.requestNote?.trim()) && allowance.noteAllowed
		const claimToken = randomBytes(24).toString('base64url')
		const leaseUntil = new Date(now.getTime() + getEnv().LINKEDIN_ACTION_LEASE_SECONDS * 1000)
		const { rows } = await queryPrepared<{ id: string }>(client, INSERT_CLAIM, [
			candidate.kind,
			executor,
			claimToken,
			attempt,
			withNote,
			now.toISOString(),
			leaseUntil.toISOString(),
			userId,
			candidate.id,
			candidate.organizationId,
		])
		const claim: LinkedInActionClaim = {
			id: rows[0]!.id,
			claimToken,
			kind: candidate.kind,
			attempt,
			leaseUntil: leaseUntil.toISOString(),
			profile: { username: usernameOf(candidate), url: profileUrlOf(candidate) },
			note: withNote ? candidate.requestNote!.trim() : null,
			message: candidate.kind === 'MESSAGE' ? (candidate.message ?? '') : null,
			conversationId: candidate.conversationId,
			since:
				candidate.kind === 'SYNC_CONVERSATION'
					? (candidate.sentAt?.toISOString() ?? null)
					: (candidate.firstAttemptAt?.toISOString() ?? null),
		}
		return { action: claim }
	})
}
