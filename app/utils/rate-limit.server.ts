import { createHash } from 'node:crypto'
import type pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RLWrapperTimeouts } from 'rate-limiter-flexible'
import {
	BUDGETS,
	type BudgetName,
	budgetsFromEnv,
	describeWait,
	rateLimitsEnabled,
	type Window,
} from './rate-limit-budgets.ts'
import { lazyCommitSqlPool } from './db.server.ts'
import { optimisticWindow, type WindowSpender } from './rate-limit-window.ts'

// The rate limits' storage (decision 018): rate-limiter-flexible counting in PostgreSQL, so every
// web process spends the same budgets. The counters table is created by a migration
// (20261126100000_rate_limit_counters), never at run time.

/** A database slower than this falls back to counting in this process's memory. */
const STORE_TIMEOUT_MS = 300

export type Spend = { budget: BudgetName; key: string }

export type Refusal = { budget: BudgetName; retryAfterSeconds: number; message: string }

export type RateLimiter = {
	/** Spends one request of each budget; resolves to the longest refusal, or null when all allow it. */
	spend(spends: Spend[]): Promise<Refusal | null>
}

export class RateLimitedError extends Error {
	constructor(readonly refusal: Refusal) {
		super(refusal.message)
		this.name = 'RateLimitedError'
	}
}

/** The refusal behind an error, also when a library wrapped it (remix-auth keeps it as `cause`). */
export function rateLimitRefusalOf(error: unknown): Refusal | null {
	for (let current = error, depth = 0; current && depth < 5; depth++) {
		if (current instanceof RateLimitedError) return current.refusal
		current = (current as { cause?: unknown }).cause
	}
	return null
}

export function refusalMessage(budget: BudgetName, retryAfterSeconds: number) {
	return `Too many ${BUDGETS[budget].what}. Please try again in ${describeWait(retryAfterSeconds)}.`
}

/** Keys never hold secrets or addresses in clear: session ids and emails are hashed. */
export function hashedKey(kind: string, value: string) {
	return `${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 32)}`
}

function windowLimiter(pool: pg.Pool, budget: BudgetName, window: Window, cleanup: boolean): WindowSpender {
	const keyPrefix = `${budget}:${window.seconds}`
	const options = { keyPrefix, points: window.points, duration: window.seconds }
	const stored = new RateLimiterPostgres({
		...options,
		storeClient: pool,
		storeType: 'pool',
		schemaName: 'rate_limits',
		tableName: 'counters',
		tableCreated: true,
		// One limiter per process deletes the rows of ended windows (every 5 minutes).
		clearExpiredByTimeout: cleanup,
		// A key over its budget is refused from memory until its window ends: a flood costs no queries.
		inMemoryBlockOnConsumed: window.points + 1,
		inMemoryBlockDuration: 0,
	})
	// Fail over, not open: with the database down or slow each process keeps counting on its own.
	const insured = new RLWrapperTimeouts({
		limiter: stored,
		timeoutMs: STORE_TIMEOUT_MS,
		insuranceLimiter: new RateLimiterMemory(options),
	})
	return optimisticWindow(insured, window.points)
}

export function createRateLimiter({
	pool,
	budgets,
	enabled = true,
}: {
	pool: pg.Pool
	budgets: Record<BudgetName, Window[]>
	enabled?: boolean
}): RateLimiter {
	if (!enabled) return { spend: async () => null }
	let cleanup = true
	const limiters = Object.fromEntries(
		Object.entries(budgets).map(([budget, windows]) => [
			budget,
			windows.map((window) => {
				const limiter = windowLimiter(pool, budget as BudgetName, window, cleanup)
				cleanup = false
				return limiter
			}),
		]),
	) as Record<BudgetName, WindowSpender[]>

	async function spendOne({ budget, key }: Spend): Promise<Refusal | null> {
		const results = await Promise.all(
			limiters[budget].map((limiter) =>
				limiter.spend(key).catch((error: unknown) => {
					// Both the store and the memory fallback failed: let the request through, loudly.
					console.warn(`rate limit ${budget} not checked: ${String(error)}`)
					return 0
				}),
			),
		)
		const waitMs = Math.max(...results)
		if (waitMs <= 0) return null
		const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000))
		return { budget, retryAfterSeconds, message: refusalMessage(budget, retryAfterSeconds) }
	}

	return {
		async spend(spends) {
			const refusals = (await Promise.all(spends.map(spendOne))).filter((refusal) => refusal !== null)
			if (refusals.length === 0) return null
			return refusals.reduce((longest, refusal) =>
				refusal.retryAfterSeconds > longest.retryAfterSeconds ? refusal : longest,
			)
		},
	}
}

declare global {
	// One per process, surviving Vite's module reloads in development.
	var __rateLimiter: RateLimiter | undefined
}

/** The process's limiter, configured from the environment (RATE_LIMITS, RATE_LIMIT_*). */
export function rateLimiter(): RateLimiter {
	globalThis.__rateLimiter ??= createRateLimiter({
		pool: lazyCommitSqlPool(),
		budgets: budgetsFromEnv(),
		enabled: rateLimitsEnabled(),
	})
	return globalThis.__rateLimiter
}

/** For tests that change the environment. */
export function resetRateLimiter() {
	globalThis.__rateLimiter = undefined
}

/** Spends one request of a budget; throws RateLimitedError when it is used up. */
export async function spendOrThrow(budget: BudgetName, key: string) {
	const refusal = await rateLimiter().spend([{ budget, key }])
	if (refusal) throw new RateLimitedError(refusal)
}
