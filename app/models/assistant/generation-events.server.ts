import { type GenerationProgress, type GenerationProgressFrame } from '#app/schemas/generation-progress.ts'
import { organizationTopic, subscribe } from '#app/utils/events.server.ts'
import { generationRunCounts } from './generation-run-progress.server.ts'

/** The NOTIFY channel of the Sequence triggers (migration 20261121170000). */
export const SEQUENCE_GENERATION_CHANNEL = 'sequence_generation'
const HEARTBEAT_MS = 15_000
/** Changes are coalesced into one frame per interval: a 1,000-contact run is ~4,000 NOTIFYs. */
const FLUSH_MS = 300

const encoder = new TextEncoder()

/**
 * `text/event-stream` of the organization's generations: `event: progress` frames with every
 * generating sequence that moved (progress, or out of CREATING). With `runId` only that run's
 * sequences, plus the run's figures, which are also sent at once. `event: resync` at the start
 * and after the database connection dropped: changes may have been missed, re-read.
 */
export async function createGenerationEventStream({
	organizationId,
	runId,
	signal,
}: {
	organizationId: string
	runId?: string
	signal: AbortSignal
}) {
	let pending = new Map<string, GenerationProgress>()
	let resync = false
	let wake: () => void = () => {}
	const subscription = subscribe(SEQUENCE_GENERATION_CHANNEL, organizationTopic(organizationId), (event) => {
		if (event.type === 'reconnected') resync = true
		else {
			const payload = event.payload as Partial<GenerationProgress> & { organizationId?: string }
			if (payload.organizationId !== organizationId || typeof payload.id !== 'string') return
			if (runId && payload.generationId !== runId) return
			pending.set(payload.id, {
				id: payload.id,
				generationId: payload.generationId ?? null,
				status: String(payload.status),
				progress: Number(payload.progress ?? 0),
			})
		}
		wake()
	})
	await subscription.ready.catch((error: unknown) => {
		console.error('generation stream: LISTEN not ready', error)
	})

	let closed = false
	let flushTimer: ReturnType<typeof setTimeout> | undefined
	let heartbeat: ReturnType<typeof setInterval> | undefined
	const body = new ReadableStream<Uint8Array>({
		async start(controller) {
			function close() {
				if (closed) return
				closed = true
				subscription.unsubscribe()
				if (flushTimer) clearTimeout(flushTimer)
				if (heartbeat) clearInterval(heartbeat)
				try {
					controller.close()
				} catch {
					// already closed by the consumer
				}
			}
			function write(text: string) {
				if (closed) return
				try {
					controller.enqueue(encoder.encode(text))
				} catch {
					close()
				}
			}
			async function flush() {
				flushTimer = undefined
				if (closed) return
				if (resync) {
					resync = false
					write('event: resync\ndata: {}\n\n')
				}
				const sequences = [...pending.values()]
				pending = new Map()
				if (sequences.length === 0 && !runId) return
				const frame: GenerationProgressFrame = { sequences }
				if (runId) frame.run = await generationRunCounts(organizationId, runId).catch(() => undefined)
				write(`event: progress\ndata: ${JSON.stringify(frame)}\n\n`)
			}
			wake = () => {
				if (!closed && !flushTimer) flushTimer = setTimeout(() => void flush(), FLUSH_MS)
			}
			signal.addEventListener('abort', close, { once: true })
			write('retry: 3000\n\n')
			// What changed between the page's read and this LISTEN was not notified to us: re-read.
			write('event: resync\ndata: {}\n\n')
			heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS)
			heartbeat.unref?.()
			if (runId) await flush()
		},
		cancel() {
			closed = true
			subscription.unsubscribe()
			if (flushTimer) clearTimeout(flushTimer)
			if (heartbeat) clearInterval(heartbeat)
		},
	})
	return new Response(body, {
		headers: {
			'Content-Type': 'text/event-stream; charset=utf-8',
			'Cache-Control': 'no-cache, no-transform',
			'X-Accel-Buffering': 'no',
		},
	})
}
