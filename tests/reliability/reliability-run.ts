import { appendFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'

// How long and how large the reliability suite runs (decision 022). `npm run test:reliability`
// sets nothing: each test runs one short round. `npm run soak` (scripts/soak.ts) sets
// SOAK_UNTIL, the moment this file's share of the soak ends, RELIABILITY_RUNS (fuzz runs) and
// RELIABILITY_FIGURES, the file each test appends its figures to for the summary table.

/** Epoch milliseconds at which this test file's soak ends; null outside a soak. */
export const soakUntil = process.env.SOAK_UNTIL ? Number(process.env.SOAK_UNTIL) : null

export const isSoak = soakUntil !== null

/** Fuzz and sweep runs: RELIABILITY_RUNS, else `short`. */
export function reliabilityRuns(short: number) {
	const runs = Number(process.env.RELIABILITY_RUNS)
	return Number.isInteger(runs) && runs > 0 ? runs : short
}

/** A test's Vitest timeout: `short` normally; under the soak, its share plus `slackMs` to finish. */
export function reliabilityTimeout(short: number, slackMs = 300_000) {
	return soakUntil === null ? short : Math.max(short, soakUntil - Date.now() + slackMs)
}

/**
 * Whether to start another round: always the first one; under the soak, while one more round
 * as long as the longest so far still ends before SOAK_UNTIL.
 */
export function anotherRound(roundsDone: number, longestRoundMs: number) {
	if (roundsDone === 0) return true
	return soakUntil !== null && Date.now() + longestRoundMs < soakUntil
}

/** The columns of the soak's summary table; a test reports those it measures. */
export type ReliabilityFigures = {
	rounds?: number
	sends?: number
	duplicates?: number
	lost?: number
	kills?: number
	overCapDays?: number
	sendsAfterReply?: number
	falseReplies?: number
	requests?: number
	serverErrors?: number
	partialWrites?: number
	leaks?: number
	/** Anything else worth a line under the table (lateness, workers…). */
	notes?: string
}

/**
 * Prints a test's figures and, under the soak, appends them (one JSON line) to
 * RELIABILITY_FIGURES for scripts/soak.ts to sum up.
 */
export function reportReliabilityFigures(test: string, figures: ReliabilityFigures) {
	console.info(`reliability figures — ${test}:`, JSON.stringify(figures))
	const file = process.env.RELIABILITY_FIGURES
	if (!file) return
	mkdirSync(path.dirname(file), { recursive: true })
	appendFileSync(file, JSON.stringify({ test, at: new Date().toISOString(), ...figures }) + '\n')
}
