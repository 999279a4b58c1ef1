import { type Prisma } from '#app/generated/prisma/client.ts'
import { enqueueQueueableJob } from '#app/jobs/queueable-job.ts'
import { isTerminalStatus, type QueueableJson, type QueueableMetadata } from '#app/schemas/queueable.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'

/**
 * User-visible background jobs. Every write NOTIFYs `queueable_events` with
 * `{ id, organizationId }` in the same transaction, so each web process's event
 * hub hears it only once the change is visible, and re-reads the row.
 */
export const QUEUEABLE_EVENTS_CHANNEL = 'queueable_events'

export const CANCELLED_REASON = 'Cancelled'

/** The spec's 409 cases: cancelling a job that ended, finalizing one still running. */
export class QueueableConflictError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'QueueableConflictError'
	}
}

/** The columns of a queueable as the API shows it (payload aside). */
export const QUEUEABLE_SELECT = {
	id: true,
	type: true,
	status: true,
	progress: true,
	metadata: true,
	result: true,
	failureReason: true,
	isActionable: true,
	cancelledAt: true,
	actedAt: true,
	completedAt: true,
	finishedAt: true,
	failedAt: true,
	createdAt: true,
	updatedAt: true,
} satisfies Prisma.QueueableSelect

type Client = Prisma.TransactionClient | typeof prisma

async function notifyQueueable(client: Client, queueable: { id: string; organizationId: string }) {
	const payload = JSON.stringify({ id: queueable.id, organizationId: queueable.organizationId })
	await client.$executeRaw`SELECT pg_notify(${QUEUEABLE_EVENTS_CHANNEL}, ${payload})`
}

export type CreateQueueableInput = {
	organizationId: string
	userId?: string | null
	type: string
	payload?: Prisma.InputJsonObject
	metadata?: QueueableMetadata
	/** The Graphile Worker task that runs it, given `{ queueableId }`. */
	task: string
	maxAttempts?: number
}

/**
 * Creates the row and adds its Graphile job in ONE transaction (graphile_worker.add_job
 * is plain SQL), so there is never a row without a job or a job without a row.
 * The job key `queueable:<id>` makes enqueueing the same queueable twice a no-op.
 */
export async function createQueueable(input: CreateQueueableInput) {
	return prisma.$transaction((tx) => createQueueableIn(tx, input))
}

/** createQueueable inside the caller's transaction, for work whose own rows are written with it. */
export async function createQueueableIn(
	tx: Prisma.TransactionClient,
	{ organizationId, userId, type, payload = {}, metadata = {}, task, maxAttempts = 3 }: CreateQueueableInput,
) {
	const queueable = await tx.queueable.create({
		data: {
			organizationId,
			userId: userId ?? null,
			type,
			payload,
			metadata: { completed: 0, total: 0, currentItem: null, ...metadata } as Prisma.InputJsonObject,
		},
		select: { ...QUEUEABLE_SELECT, organizationId: true },
	})
	await enqueueQueueableJob(prismaRun(tx), { task, queueableId: queueable.id, maxAttempts })
	await notifyQueueable(tx, queueable)
	return queueable
}

export async function getQueueable(
	organizationId: string,
	id: string,
	{ excludePayload = false }: { excludePayload?: boolean } = {},
) {
	return prisma.queueable.findFirst({
		where: { id, organizationId },
		select: { ...QUEUEABLE_SELECT, payload: !excludePayload },
	})
}

export type QueueableView = NonNullable<Awaited<ReturnType<typeof getQueueable>>>

/** The API's and the stream's JSON (dates as ISO strings). */
export function toQueueableJson(queueable: QueueableView): QueueableJson {
	const iso = (date: Date | null) => (date ? date.toISOString() : null)
	const json: QueueableJson = {
		id: queueable.id,
		type: queueable.type,
		status: queueable.status,
		progress: queueable.progress,
		metadata: (queueable.metadata ?? {}) as QueueableMetadata,
		result: queueable.result ?? null,
		failureReason: queueable.failureReason,
		isActionable: queueable.isActionable,
		cancelledAt: iso(queueable.cancelledAt),
		actedAt: iso(queueable.actedAt),
		completedAt: iso(queueable.completedAt),
		finishedAt: iso(queueable.finishedAt),
		failedAt: iso(queueable.failedAt),
		createdAt: queueable.createdAt.toISOString(),
		updatedAt: queueable.updatedAt.toISOString(),
	}
	if ('payload' in queueable && queueable.payload !== undefined) json.payload = queueable.payload
	return json
}

/**
 * Applies `data` when the row still matches `where` (a state condition) and
 * notifies in the same transaction. Returns whether a row changed.
 */
async function updateWhere(
	organizationId: string,
	id: string,
	where: Prisma.QueueableWhereInput,
	data: Prisma.QueueableUpdateManyMutationInput,
) {
	return prisma.$transaction(async (tx) => {
		const { count } = await tx.queueable.updateMany({ where: { ...where, id, organizationId }, data })
		if (count > 0) await notifyQueueable(tx, { id, organizationId })
		return count > 0
	})
}

async function requireQueueable(organizationId: string, id: string) {
	const queueable = await getQueueable(organizationId, id, { excludePayload: true })
	if (!queueable) throw new Error(`Queueable ${id} not found`)
	return queueable
}

// ---- Worker side -----------------------------------------------------------

/**
 * The job's own row, found by id alone: a Graphile job carries only the
 * queueable id, and the organization it belongs to scopes everything after.
 */
export async function loadQueueableForJob(id: string) {
	return prisma.queueable.findUnique({
		where: { id },
		select: { ...QUEUEABLE_SELECT, organizationId: true, userId: true, payload: true },
	})
}

/** PENDING → PROCESSING when the task starts. Returns false if it was cancelled or has ended. */
export async function startQueueable(organizationId: string, id: string, metadata: QueueableMetadata = {}) {
	return prisma.$transaction(async (tx) => {
		const current = await tx.queueable.findFirst({
			where: { id, organizationId },
			select: { status: true, cancelledAt: true, metadata: true },
		})
		if (!current || isTerminalStatus(current.status) || current.cancelledAt) return false
		await tx.queueable.update({
			where: { id },
			data: {
				status: 'PROCESSING',
				metadata: { ...(current.metadata as object), ...metadata } as Prisma.InputJsonObject,
			},
		})
		await notifyQueueable(tx, { id, organizationId })
		return true
	})
}

export type ProgressUpdate = {
	completed?: number
	total?: number
	currentItem?: string | null
	/** 0-100; computed from completed/total when omitted. */
	progress?: number
	metadata?: QueueableMetadata
}

/**
 * Records progress (status PROCESSING). Returns `{ cancelled }` so a task can
 * check between steps whether the user cancelled, without another query.
 */
export async function reportProgress(organizationId: string, id: string, update: ProgressUpdate) {
	return prisma.$transaction(async (tx) => {
		const current = await tx.queueable.findFirst({
			where: { id, organizationId },
			select: { status: true, cancelledAt: true, metadata: true, progress: true },
		})
		if (!current) throw new Error(`Queueable ${id} not found`)
		if (isTerminalStatus(current.status)) return { cancelled: Boolean(current.cancelledAt), ended: true }
		const metadata: QueueableMetadata = { ...(current.metadata as QueueableMetadata), ...update.metadata }
		if (update.completed !== undefined) metadata.completed = update.completed
		if (update.total !== undefined) metadata.total = update.total
		if (update.currentItem !== undefined) metadata.currentItem = update.currentItem
		const computed =
			update.progress ??
			(metadata.total && metadata.completed !== undefined
				? Math.floor((metadata.completed / metadata.total) * 100)
				: current.progress)
		const progress = Math.max(0, Math.min(100, Math.round(computed)))
		await tx.queueable.update({
			where: { id },
			data: { status: 'PROCESSING', progress, metadata: metadata as Prisma.InputJsonObject },
		})
		await notifyQueueable(tx, { id, organizationId })
		return { cancelled: Boolean(current.cancelledAt), ended: false }
	})
}

/**
 * Calls `onCancel` once the job is cancelled (or ended elsewhere), checking every `intervalMs`:
 * a job whose work items can each take many seconds (a site that does not answer) still stops
 * within about a second of Cancel. Returns the function that stops the watch.
 */
export function watchForCancellation(
	organizationId: string,
	id: string,
	onCancel: () => void,
	{ intervalMs = 1_000 }: { intervalMs?: number } = {},
) {
	let checking = false
	const timer = setInterval(() => {
		if (checking) return
		checking = true
		prisma.queueable
			.findFirst({ where: { id, organizationId }, select: { status: true, cancelledAt: true } })
			.then((current) => {
				if (!current || current.cancelledAt || isTerminalStatus(current.status)) {
					clearInterval(timer)
					onCancel()
				}
			})
			// A database hiccup: the next tick, or the job's own progress report, tries again.
			.catch(() => {})
			.finally(() => (checking = false))
	}, intervalMs)
	timer.unref()
	return () => clearInterval(timer)
}

export async function completeQueueable(
	organizationId: string,
	id: string,
	{ result, isActionable = false }: { result: Prisma.InputJsonValue; isActionable?: boolean },
) {
	await updateWhere(
		organizationId,
		id,
		{ status: { in: ['PENDING', 'PROCESSING'] } },
		{
			status: 'COMPLETED',
			progress: 100,
			result,
			isActionable,
			completedAt: new Date(),
			failureReason: null,
		},
	)
	return requireQueueable(organizationId, id)
}

/** Ends the job FAILED; a partial result (e.g. after a cancel) is kept when given. */
export async function failQueueable(
	organizationId: string,
	id: string,
	reason: string,
	{ result }: { result?: Prisma.InputJsonValue } = {},
) {
	await updateWhere(
		organizationId,
		id,
		{ status: { in: ['PENDING', 'PROCESSING'] } },
		{
			status: 'FAILED',
			failureReason: reason,
			failedAt: new Date(),
			...(result === undefined ? {} : { result }),
		},
	)
	return requireQueueable(organizationId, id)
}

// ---- User side (API) -------------------------------------------------------

/**
 * A PENDING job fails at once (the task, if it still runs, sees that and stops);
 * a PROCESSING one gets `cancelledAt`, and its task ends it FAILED between two
 * steps, keeping what it did so far. 409 when the job has already ended.
 * Returns null when the id is not the organization's.
 */
export async function cancelQueueable(organizationId: string, id: string) {
	const now = new Date()
	const cancelledPending = await updateWhere(
		organizationId,
		id,
		{ status: 'PENDING' },
		{ status: 'FAILED', cancelledAt: now, failedAt: now, failureReason: CANCELLED_REASON },
	)
	if (!cancelledPending) {
		await updateWhere(organizationId, id, { status: 'PROCESSING', cancelledAt: null }, { cancelledAt: now })
	}
	const queueable = await getQueueable(organizationId, id)
	if (!queueable) return null
	const cancelledNow = queueable.cancelledAt !== null
	if (isTerminalStatus(queueable.status) && !(cancelledNow && queueable.status === 'FAILED')) {
		throw new QueueableConflictError('This job has already ended')
	}
	return queueable
}

/**
 * The user acted on the result: COMPLETED → FINISHED with finishedAt and actedAt.
 * A FAILED job is only marked as seen (actedAt). 409 while the job still runs.
 */
export async function finalizeQueueable(organizationId: string, id: string) {
	const now = new Date()
	await updateWhere(
		organizationId,
		id,
		{ status: 'COMPLETED' },
		{ status: 'FINISHED', finishedAt: now, actedAt: now },
	)
	await updateWhere(organizationId, id, { status: 'FAILED', actedAt: null }, { actedAt: now })
	const queueable = await getQueueable(organizationId, id)
	if (!queueable) return null
	if (!isTerminalStatus(queueable.status)) throw new QueueableConflictError('This job has not finished yet')
	return queueable
}
