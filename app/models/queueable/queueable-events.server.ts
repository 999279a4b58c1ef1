import type { QueueableJson } from '#app/schemas/queueable.ts'
import { subscribe } from '#app/utils/events.server.ts'
import { getQueueable, QUEUEABLE_EVENTS_CHANNEL, toQueueableJson } from './queueable.server.ts'

/**
 * Live state of one queueable for any number of in-process watchers (SSE
 * streams). However many streams watch a job, a NOTIFY costs one read of the
 * row, and every watcher gets the same snapshot object, so streams can share
 * its encoded bytes too.
 */
export type QueueableSnapshot = {
	queueable: QueueableJson
	/** `queueable` as JSON text, serialized once for every watcher. */
	json: string
}
export type SnapshotListener = (snapshot: QueueableSnapshot) => void

type Watcher = {
	organizationId: string
	id: string
	listeners: Set<SnapshotListener>
	unsubscribe: () => void
	ready: Promise<void>
	reading: boolean
	/** Another event arrived while reading: read again once done. */
	stale: boolean
	last: QueueableSnapshot | null
}

declare global {
	var __reachoutQueueableWatchers: Map<string, Watcher> | undefined
}

function watchers() {
	globalThis.__reachoutQueueableWatchers ??= new Map()
	return globalThis.__reachoutQueueableWatchers
}

/**
 * Registers `listener` for every change of the queueable. `ready` resolves once
 * the LISTEN is active: read the current state after it and no update is lost.
 */
export function watchQueueable(organizationId: string, id: string, listener: SnapshotListener) {
	const key = `${organizationId}:${id}`
	let watcher = watchers().get(key)
	if (!watcher) {
		const created: Watcher = {
			organizationId,
			id,
			listeners: new Set(),
			unsubscribe: () => {},
			ready: Promise.resolve(),
			reading: false,
			stale: false,
			last: null,
		}
		const subscription = subscribe(QUEUEABLE_EVENTS_CHANNEL, id, (event) => {
			// The topic is the id; the organization check keeps ids of other organizations apart.
			if (event.type === 'notification' && event.payload.organizationId !== organizationId) return
			void refresh(created)
		})
		created.unsubscribe = subscription.unsubscribe
		created.ready = subscription.ready
		watchers().set(key, created)
		watcher = created
	}
	watcher.listeners.add(listener)
	const current = watcher
	let active = true
	return {
		ready: current.ready,
		unsubscribe() {
			if (!active) return
			active = false
			current.listeners.delete(listener)
			if (current.listeners.size === 0) {
				current.unsubscribe()
				if (watchers().get(key) === current) watchers().delete(key)
			}
		},
	}
}

async function refresh(watcher: Watcher) {
	if (watcher.reading) {
		watcher.stale = true
		return
	}
	watcher.reading = true
	try {
		do {
			watcher.stale = false
			const queueable = await getQueueable(watcher.organizationId, watcher.id, { excludePayload: true })
			if (!queueable) continue
			const snapshot = createSnapshot(toQueueableJson(queueable))
			// An unchanged row (a NOTIFY without a change, a reconnect) is not sent again.
			if (watcher.last?.json === snapshot.json) continue
			watcher.last = snapshot
			for (const listener of [...watcher.listeners]) {
				try {
					listener(snapshot)
				} catch (error) {
					console.error('queueable watcher: listener failed', error)
				}
			}
		} while (watcher.stale)
	} catch (error) {
		console.error(`queueable watcher: reading ${watcher.id} failed`, error)
	} finally {
		watcher.reading = false
	}
}

export function createSnapshot(queueable: QueueableJson): QueueableSnapshot {
	return { queueable, json: JSON.stringify(queueable) }
}

/** Number of distinct queueables watched in this process (tests, benchmark). */
export function watchedQueueableCount() {
	return watchers().size
}
