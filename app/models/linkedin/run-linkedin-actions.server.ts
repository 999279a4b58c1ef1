import { createLinkedInClient } from '#app/integrations/linkedin/linkedin-client.ts'
import { executeLinkedInAction } from '#app/integrations/linkedin/execute-linkedin-action.ts'
import { type LinkedInClaimResponse } from '#app/schemas/linkedin-action.ts'
import { forEachConcurrently } from '#app/utils/concurrent-each.ts'
import { prisma, withSqlTransaction } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { claimLinkedInAction, expireLinkedInClaims } from './claim-linkedin-action.server.ts'
import { getLinkedInCredentials } from './linkedin-connection.server.ts'
import { reportLinkedInAction } from './report-linkedin-action.server.ts'

// The server-side executor (decision 029): for users who allow actions while their browser is
// closed, the worker claims and carries out their due LinkedIn actions with the session the
// companion handed over. It takes the same claims as the companion, so both may run at once and
// still nothing goes twice or over a limit.

/** A companion that asked for work this recently is the browser open: the server leaves it the work. */
export const COMPANION_ALIVE_MS = 3 * 60_000

/**
 * Accounts the server acts for now: connected, allowing server actions, not paused or backing off,
 * whose companion is quiet, with a step that may be due.
 */
export async function accountsForServerActions(now = new Date()) {
	const rows = await prisma.$queryRaw<Array<{ userId: string }>>`
		SELECT a."userId" FROM "LinkedInAccount" a JOIN "User" u ON u.id = a."userId"
		WHERE a."allowServerActions" AND a."pausedAt" IS NULL
			AND (a."backoffUntil" IS NULL OR a."backoffUntil" <= ${now})
			AND (a."companionSeenAt" IS NULL OR a."companionSeenAt" < ${new Date(now.getTime() - COMPANION_ALIVE_MS)})
			AND u."linkedinConnectedAt" IS NOT NULL AND u."linkedinAuthEncrypted" IS NOT NULL
			AND EXISTS (
				SELECT 1 FROM "Sequence" s JOIN "LinkedInStep" l ON l."sequenceId" = s.id
				WHERE s."creatorId" = a."userId" AND s.status IN ('ACTIVE', 'COMPLETED')
					AND ((l.status = 'SCHEDULED' AND l."scheduledFor" <= ${now})
						OR (l.status = 'SENT' AND l."nextCheckAt" <= ${now})))
		ORDER BY a."nextActionAt" NULLS FIRST`
	return rows.map((row) => row.userId)
}

export type AccountRunResult = { actions: number; stoppedBecause: string }

/**
 * Carries out one account's due actions, one at a time, until none is due (or the pace asks for
 * a wait longer than `maxWaitMs`) or the deadline passes.
 */
export async function runLinkedInAccount({
	userId,
	deadline,
	maxWaitMs = 0,
	baseUrl = getEnv().LINKEDIN_API_BASE_URL,
}: {
	userId: string
	deadline: number
	maxWaitMs?: number
	/** LinkedIn's API (LINKEDIN_API_BASE_URL; the fake in tests and benchmarks). */
	baseUrl?: string
}): Promise<AccountRunResult> {
	const credentials = await getLinkedInCredentials(userId)
	if (!credentials) return { actions: 0, stoppedBecause: 'NOT_CONNECTED' }
	const client = createLinkedInClient({
		baseUrl,
		cookie: credentials.cookie,
		csrfToken: credentials.csrfToken,
	})
	let actions = 0
	while (Date.now() < deadline) {
		const response: LinkedInClaimResponse = await claimLinkedInAction({ userId, executor: 'SERVER' })
		if (!response.action) {
			const waitMs = response.retryAfterSeconds * 1000
			if (response.reason !== 'PACED' || waitMs > maxWaitMs || Date.now() + waitMs > deadline)
				return { actions, stoppedBecause: response.reason }
			await new Promise((resolve) => setTimeout(resolve, waitMs))
			continue
		}
		const result = await executeLinkedInAction(client, response.action)
		await reportLinkedInAction({
			actionId: response.action.id,
			userId,
			report: { claimToken: response.action.claimToken, result },
		})
		actions++
	}
	return { actions, stoppedBecause: 'DEADLINE' }
}

/** One pass of the `run_linkedin_actions` cron: stale claims released, then every account's due work. */
export async function runServerLinkedInActions({
	budgetMs = 50_000,
	concurrency = 8,
	baseUrl,
}: { budgetMs?: number; concurrency?: number; baseUrl?: string } = {}) {
	const started = Date.now()
	const deadline = started + budgetMs
	const expired = await withSqlTransaction((client) => expireLinkedInClaims(client, new Date()))
	// Each pass starts at a random account, so workers running at once spread over the accounts
	// instead of queueing behind each other's (one executor per account at a time).
	const listed = await accountsForServerActions()
	const start = Math.floor(Math.random() * listed.length)
	const accounts = [...listed.slice(start), ...listed.slice(0, start)]
	let actions = 0
	await forEachConcurrently(accounts, concurrency, async (userId) => {
		if (Date.now() >= deadline) return
		// A pace gap up to 15 s is waited out inside the pass; longer ones wait for the next minute.
		const result = await runLinkedInAccount({ userId, deadline, maxWaitMs: 15_000, baseUrl })
		actions += result.actions
	})
	return { accounts: accounts.length, actions, expired, ms: Date.now() - started }
}
