import { useEffect, useState } from 'react'
import { isTerminalStatus, type QueueableJson } from '#app/schemas/queueable.ts'
import { ApiError, apiRequest } from '#app/utils/api-client.ts'

export type QueueableTransport = 'events' | 'polling'

export type UseQueueableResult = {
	queueable: QueueableJson | null
	/** Set when the job cannot be followed (not found, signed out). */
	error: string | null
	transport: QueueableTransport | null
}

export type UseQueueableOptions = {
	/** Polling interval once Server-Sent Events have failed (the spec polls every 3 s). */
	pollIntervalMs?: number
	/** Consecutive stream errors (without an event in between) before falling back to polling. */
	maxStreamErrors?: number
}

export function queueableEventsUrl(id: string) {
	return `/resources/queueables/${encodeURIComponent(id)}/events`
}

export function queueableApiUrl(id: string) {
	return `/api/v1/queueables/${encodeURIComponent(id)}`
}

/**
 * Follows a background job live: Server-Sent Events first (EventSource
 * reconnects by itself and the server resends the current state), then, if the
 * stream keeps failing, polling GET /api/v1/queueables/:id every 3 s. Stops
 * once the job reaches COMPLETED, FINISHED or FAILED.
 */
export function useQueueable(
	id: string | null | undefined,
	{ pollIntervalMs = 3_000, maxStreamErrors = 3 }: UseQueueableOptions = {},
): UseQueueableResult {
	const [state, setState] = useState<UseQueueableResult & { id: string | null }>({
		id: null,
		queueable: null,
		error: null,
		transport: null,
	})

	useEffect(() => {
		if (!id) return
		const jobId = id
		let stopped = false
		let source: EventSource | null = null
		let pollTimer: ReturnType<typeof setTimeout> | undefined
		let pollAbort: AbortController | null = null

		function update(queueable: QueueableJson, transport: QueueableTransport) {
			if (stopped) return
			setState({ id: jobId, queueable, error: null, transport })
			if (isTerminalStatus(queueable.status)) stop()
		}

		function fail(error: string) {
			if (stopped) return
			setState((previous) => ({
				...(previous.id === jobId ? previous : { queueable: null, transport: null }),
				id: jobId,
				error,
			}))
			stop()
		}

		function stop() {
			stopped = true
			source?.close()
			source = null
			if (pollTimer) clearTimeout(pollTimer)
			pollAbort?.abort()
		}

		async function poll() {
			if (stopped) return
			pollAbort = new AbortController()
			try {
				const body = await apiRequest<{ data: { data: QueueableJson } }>(
					`${queueableApiUrl(jobId)}?exclude=payload`,
					{ signal: pollAbort.signal },
				)
				update(body.data.data, 'polling')
			} catch (error) {
				if (error instanceof ApiError && error.status === 401) {
					return fail('Your session has ended, please sign in again')
				}
				if (error instanceof ApiError && error.status === 404) return fail('This job no longer exists')
				// Otherwise offline or failing for a moment: the next poll tries again.
			}
			if (!stopped) pollTimer = setTimeout(poll, pollIntervalMs)
		}

		function startPolling() {
			source?.close()
			source = null
			setState((previous) => ({
				...(previous.id === jobId ? previous : { queueable: null, error: null }),
				id: jobId,
				transport: 'polling',
			}))
			void poll()
		}

		if (typeof EventSource === 'undefined') {
			startPolling()
		} else {
			let errors = 0
			source = new EventSource(queueableEventsUrl(jobId))
			source.addEventListener('queueable', (event) => {
				errors = 0
				try {
					update(JSON.parse((event as MessageEvent<string>).data) as QueueableJson, 'events')
				} catch {
					// A malformed frame is skipped; the next one carries the whole state again.
				}
			})
			source.addEventListener('error', () => {
				if (stopped) return
				errors += 1
				// CLOSED: the server refused the stream (401, 404) and EventSource gave up.
				if (source?.readyState === EventSource.CLOSED || errors >= maxStreamErrors) startPolling()
			})
		}
		return stop
	}, [id, pollIntervalMs, maxStreamErrors])

	if (!id || state.id !== id) return { queueable: null, error: null, transport: null }
	return { queueable: state.queueable, error: state.error, transport: state.transport }
}
