import { isTerminalStatus } from '#app/schemas/queueable.ts'
import { createSnapshot, type QueueableSnapshot, watchQueueable } from './queueable-events.server.ts'
import { getQueueable, toQueueableJson } from './queueable.server.ts'

export const HEARTBEAT_INTERVAL_MS = 15_000
/** How long EventSource waits before reconnecting after a dropped stream. */
const RETRY_MS = 3_000

const encoder = new TextEncoder()
// Every stream watching a job gets the same snapshot object: encode it once.
const encodedFrames = new WeakMap<QueueableSnapshot, Uint8Array>()

/** `id` is the row's updatedAt in ms: it only grows, so it orders frames across processes. */
function frameFor(snapshot: QueueableSnapshot) {
	let frame = encodedFrames.get(snapshot)
	if (!frame) {
		const id = Date.parse(snapshot.queueable.updatedAt)
		frame = encoder.encode(`id: ${id}\nevent: queueable\ndata: ${snapshot.json}\n\n`)
		encodedFrames.set(snapshot, frame)
	}
	return frame
}

const heartbeatFrame = encoder.encode(': heartbeat\n\n')

/**
 * A `text/event-stream` of one queueable: its current state at once (also on a
 * reconnect with Last-Event-ID), then every change, a heartbeat comment every
 * 15 s, and the end of the stream after a terminal state was sent.
 * Null when the queueable is not the organization's.
 */
export async function createQueueableEventStream({
	organizationId,
	id,
	signal,
	heartbeatMs = HEARTBEAT_INTERVAL_MS,
}: {
	organizationId: string
	id: string
	signal: AbortSignal
	heartbeatMs?: number
}): Promise<Response | null> {
	// Subscribe before reading, so an update between the read and the LISTEN is not lost.
	let deliver: (snapshot: QueueableSnapshot) => void = () => {}
	const watch = watchQueueable(organizationId, id, (snapshot) => deliver(snapshot))
	try {
		await watch.ready
	} catch (error) {
		// The database's LISTEN is down: still serve the current state; the hub
		// reconnects in the background and the watcher re-reads then.
		console.error('queueable stream: LISTEN not ready', error)
	}
	let current
	try {
		current = await getQueueable(organizationId, id, { excludePayload: true })
	} catch (error) {
		watch.unsubscribe()
		throw error
	}
	if (!current || signal.aborted) {
		watch.unsubscribe()
		// Aborted while we read: the client is gone, nothing to stream.
		return current ? new Response(null, { status: 204 }) : null
	}
	const initial = createSnapshot(toQueueableJson(current))

	let heartbeat: ReturnType<typeof setInterval> | undefined
	let closed = false
	let lastSentAt = 0
	function cleanup() {
		if (heartbeat) clearInterval(heartbeat)
		heartbeat = undefined
		watch.unsubscribe()
		signal.removeEventListener('abort', onAbort)
	}
	let onAbort = () => {}

	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			function close() {
				if (closed) return
				closed = true
				cleanup()
				try {
					controller.close()
				} catch {
					// already closed by the consumer
				}
			}
			function send(snapshot: QueueableSnapshot) {
				if (closed) return
				// A read that started before ours may finish after it: never go back in time.
				const updatedAt = Date.parse(snapshot.queueable.updatedAt)
				if (updatedAt < lastSentAt) return
				lastSentAt = updatedAt
				try {
					controller.enqueue(frameFor(snapshot))
				} catch {
					close()
					return
				}
				if (isTerminalStatus(snapshot.queueable.status)) close()
			}
			onAbort = close
			signal.addEventListener('abort', onAbort, { once: true })
			controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`))
			send(initial)
			if (closed) return
			deliver = send
			heartbeat = setInterval(() => {
				if (closed) return
				try {
					controller.enqueue(heartbeatFrame)
				} catch {
					close()
				}
			}, heartbeatMs)
			heartbeat.unref?.()
		},
		cancel() {
			closed = true
			cleanup()
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
