import { type LeadImportState, type LeadImportSource } from '#app/generated/prisma/enums.ts'
import { isTerminalStatus, type QueueableJson } from '#app/schemas/queueable.ts'

// A lead import as its progress view shows it (the dialog, /lead-scraper/progress and the Imports
// page), and the spec's status line: Starting..., Processing..., Processing contents...,
// Queued...; PENDING shows just "Pending".

export type LeadImportProgressItem = {
	queueableId: string
	name: string
	source: LeadImportSource
	state: LeadImportState
	failureReason: string | null
	leadCount: number
	queueable: QueueableJson | null
}

/** The texts the import job writes as its current item (process-lead-import.server.ts). */
const JOB_STEPS = new Set(['Processing contents...', 'Processing...'])

export function leadImportStatusText(queueable: QueueableJson | null) {
	// Started, but its job has not been heard from yet.
	if (!queueable) return 'Queued...'
	if (queueable.status === 'PENDING') return 'Pending'
	const currentItem = queueable.metadata.currentItem
	if (typeof currentItem === 'string' && JOB_STEPS.has(currentItem)) return currentItem
	if (queueable.status === 'PROCESSING' && queueable.progress === 0) return 'Starting...'
	return 'Processing...'
}

/** The name in "Importing Leads from {source}": what the job says, else the import's name. */
export function leadImportSourceName(item: Pick<LeadImportProgressItem, 'name' | 'queueable'>) {
	const source = item.queueable?.metadata.source
	return typeof source === 'string' && source ? source : item.name
}

export type LeadImportPhase = 'running' | 'completed' | 'cancelled' | 'failed'

/**
 * Where the import stands, from the live job when there is one (it knows first) and the stored
 * import otherwise: READY/SAVED are done, FAILED with a cancel is cancelled.
 */
export function leadImportPhase(
	item: Pick<LeadImportProgressItem, 'state' | 'queueable'>,
	live: QueueableJson | null = null,
): LeadImportPhase {
	const queueable = live ?? item.queueable
	if (item.state === 'READY' || item.state === 'SAVED') return 'completed'
	if (queueable && isTerminalStatus(queueable.status)) {
		if (queueable.status !== 'FAILED') return 'completed'
		return queueable.cancelledAt ? 'cancelled' : 'failed'
	}
	if (item.state === 'FAILED') return queueable?.cancelledAt ? 'cancelled' : 'failed'
	return 'running'
}

/** Percent and "Processed: completed / total" of a running import. */
export function leadImportFigures(queueable: QueueableJson | null) {
	const metadata = queueable?.metadata ?? {}
	const completed = typeof metadata.completed === 'number' ? metadata.completed : 0
	const total = typeof metadata.total === 'number' ? metadata.total : 0
	return { percent: Math.round(Math.min(100, Math.max(0, queueable?.progress ?? 0))), completed, total }
}

/** Where a finished import is reviewed (the spec's route). */
export function leadReviewPath(queueableId: string) {
	return `/lead-scraper/${encodeURIComponent(queueableId)}`
}

/** The progress view of several imports started together (one per file). */
export function leadProgressPath(queueableIds: string[]) {
	const query = new URLSearchParams(queueableIds.map((id) => ['id', id]))
	return `/lead-scraper/progress?${query.toString()}`
}

/**
 * Where to go once every import ended: the review of the first, when all of them have leads to
 * review. A failure or a cancel keeps the view open, so its reason is read.
 */
export function reviewTarget(phases: Array<{ queueableId: string; phase: LeadImportPhase }>) {
	if (phases.length === 0 || phases.some((item) => item.phase !== 'completed')) return null
	return leadReviewPath(phases[0]!.queueableId)
}
