import { type StepHistoryLine } from '#app/schemas/sequence-drawer.ts'
import { StepLedgerQuerySchema } from '#app/schemas/step-ledger.ts'
import { describeStepDecision, foldStepLedger } from './describe-step-decision.ts'
import { listStepLedger } from './list-step-ledger.server.ts'

/** The latest decisions the drawer shows per sequence; the API pages through all of them. */
const DRAWER_LEDGER_ROWS = 500

/**
 * Each step's history in plain words, oldest first, for the drawer (decision 050): the entries of
 * one transaction for one step folded into the last (a deferral and its spread are one decision).
 */
export async function getStepHistories(organizationId: string, sequenceId: string) {
	const ledger = await listStepLedger(
		organizationId,
		sequenceId,
		StepLedgerQuerySchema.parse({ pageSize: DRAWER_LEDGER_ROWS, order: 'newest' }),
	)
	const histories = new Map<string, StepHistoryLine[]>()
	if (!ledger) return histories
	for (const entry of foldStepLedger(ledger.entries.toReversed())) {
		const lines = histories.get(entry.stepId) ?? []
		lines.push({ id: entry.id, at: entry.createdAt, text: describeStepDecision(entry, ledger.timeZone) })
		histories.set(entry.stepId, lines)
	}
	return histories
}
