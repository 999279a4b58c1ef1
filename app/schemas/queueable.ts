import { z } from 'zod'
import type { QueueableStatus } from '#app/generated/prisma/enums.ts'

// Background jobs as the API, the SSE stream and the browser see them.

export const TERMINAL_QUEUEABLE_STATUSES: ReadonlyArray<QueueableStatus> = ['COMPLETED', 'FINISHED', 'FAILED']

export function isTerminalStatus(status: QueueableStatus) {
	return TERMINAL_QUEUEABLE_STATUSES.includes(status)
}

/** The spec's metadata; tasks may add their own keys. */
export type QueueableMetadata = {
	source?: string
	completed?: number
	total?: number
	totalCompanies?: number
	currentItem?: string | null
	[key: string]: unknown
}

/** A queueable as JSON (dates as ISO strings); `payload` is absent with `?exclude=payload`. */
export type QueueableJson = {
	id: string
	type: string
	status: QueueableStatus
	progress: number
	metadata: QueueableMetadata
	payload?: unknown
	result: unknown
	failureReason: string | null
	isActionable: boolean
	cancelledAt: string | null
	actedAt: string | null
	completedAt: string | null
	finishedAt: string | null
	failedAt: string | null
	createdAt: string
	updatedAt: string
}

const INVALID_ACTION = 'Action must be finalize or cancel'

/**
 * PUT /api/v1/queueables/:id: `{ action: 'finalize' | 'cancel' }`, or the
 * spec's flag form `{ finalize: true }` / `{ cancel: true }`.
 */
export const QueueableActionSchema = z
	.union(
		[
			z.object({ action: z.enum(['finalize', 'cancel'], { error: INVALID_ACTION }) }),
			z.object({ finalize: z.literal(true) }).transform(() => ({ action: 'finalize' as const })),
			z.object({ cancel: z.literal(true) }).transform(() => ({ action: 'cancel' as const })),
		],
		{ error: INVALID_ACTION },
	)
	.transform((value) => value.action)

export type QueueableAction = z.infer<typeof QueueableActionSchema>
