import pg from 'pg'

/**
 * The process's PostgreSQL LISTEN hub: ONE dedicated connection per process
 * (created on first subscription), fanning NOTIFY payloads out to in-process
 * listeners. Every web process holds its own, so an update written by any
 * worker reaches the streams of every web process.
 *
 * Payloads are small JSON objects `{ id, organizationId, ... }`; a notification
 * is delivered to the listeners of its channel under the topics `payload.id`,
 * `organization:<payload.organizationId>` and `*`. Listeners re-read what they
 * need: NOTIFY says "something changed", the database says what.
 */

export type HubEvent =
	| {
			type: 'notification'
			channel: string
			payload: { id?: string; organizationId?: string; [key: string]: unknown }
	  }
	/** The connection was re-established; notifications may have been missed, so re-read. */
	| { type: 'reconnected'; channel: string }

export type HubListener = (event: HubEvent) => void

type HubState = {
	client: pg.Client | null
	/** Resolves once the current connection is up and LISTENs to every channel. */
	connecting: Promise<void> | null
	/** channel → its LISTEN on the current connection */
	listening: Map<string, Promise<void>>
	/** The last LISTEN sent: a pg client runs one query at a time, so each waits for the one before. */
	lastListen?: Promise<unknown>
	/** channel → topic → listeners */
	listeners: Map<string, Map<string, Set<HubListener>>>
	attempt: number
	retryTimer: ReturnType<typeof setTimeout> | null
	everConnected: boolean
	stopped: boolean
}

declare global {
	// One hub per process, also across Vite's module reloads and the production
	// server bundle (which loads its own copy of this module).
	var __reachoutEventHub: HubState | undefined
}

const MAX_BACKOFF_MS = 30_000

function hub(): HubState {
	globalThis.__reachoutEventHub ??= {
		client: null,
		connecting: null,
		listening: new Map(),
		listeners: new Map(),
		attempt: 0,
		retryTimer: null,
		everConnected: false,
		stopped: false,
	}
	return globalThis.__reachoutEventHub
}

export function organizationTopic(organizationId: string) {
	return `organization:${organizationId}`
}

/**
 * Calls `listener` for notifications on `channel` whose payload matches `topic`
 * (an id, `organization:<id>` or `*`). `ready` resolves when the LISTEN is active,
 * so a caller can subscribe, await ready, then read the current state without
 * missing an update in between. It rejects when the database cannot be reached
 * (the hub keeps retrying in the background and sends `reconnected` when back).
 */
export function subscribe(channel: string, topic: string, listener: HubListener) {
	const state = hub()
	state.stopped = false
	let topics = state.listeners.get(channel)
	if (!topics) state.listeners.set(channel, (topics = new Map()))
	let set = topics.get(topic)
	if (!set) topics.set(topic, (set = new Set()))
	set.add(listener)

	const ready = ensureListening(channel)
	// Callers that ignore `ready` must not crash the process with an unhandled rejection.
	ready.catch(() => {})

	let subscribed = true
	function unsubscribe() {
		if (!subscribed) return
		subscribed = false
		const current = state.listeners.get(channel)?.get(topic)
		current?.delete(listener)
		if (current && current.size === 0) state.listeners.get(channel)?.delete(topic)
	}
	return { ready, unsubscribe }
}

/** Number of listeners currently registered (for tests and the benchmark). */
export function listenerCount(channel?: string) {
	let count = 0
	for (const [name, topics] of hub().listeners) {
		if (channel && name !== channel) continue
		for (const set of topics.values()) count += set.size
	}
	return count
}

async function ensureListening(channel: string): Promise<void> {
	const state = hub()
	await connect()
	const client = state.client
	if (!client) return
	let listening = state.listening.get(channel)
	if (!listening) {
		const listen = () => client.query(`LISTEN ${client.escapeIdentifier(channel)}`).then(() => {})
		// `??`: a hub created by an older copy of this module (a Vite reload) has none yet.
		listening = (state.lastListen ?? Promise.resolve()).then(listen, listen)
		state.lastListen = listening
		state.listening.set(channel, listening)
		listening.catch(() => {
			if (state.listening.get(channel) === listening) state.listening.delete(channel)
		})
	}
	await listening
}

function connect(): Promise<void> {
	const state = hub()
	if (state.client) return Promise.resolve()
	state.connecting ??= openConnection().finally(() => {
		state.connecting = null
	})
	return state.connecting
}

async function openConnection() {
	const state = hub()
	const connectionString = process.env.DATABASE_URL
	if (!connectionString) throw new Error('DATABASE_URL is not set')
	const client = new pg.Client({ connectionString, keepAlive: true, application_name: 'reachout-event-hub' })
	client.on('notification', (message) => dispatch(message.channel, message.payload))
	client.on('error', (error) => dropConnection(client, error))
	client.on('end', () => dropConnection(client))
	try {
		await client.connect()
		const channels = new Set([...state.listeners.keys(), ...state.listening.keys()])
		for (const channel of channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`)
		if (state.stopped) {
			await client.end().catch(() => {})
			return
		}
		state.client = client
		state.listening = new Map([...channels].map((channel) => [channel, Promise.resolve()]))
		state.attempt = 0
		const reconnected = state.everConnected
		state.everConnected = true
		if (reconnected) {
			for (const channel of channels) broadcast(channel, { type: 'reconnected', channel })
		}
	} catch (error) {
		client.removeAllListeners('end')
		await client.end().catch(() => {})
		scheduleReconnect()
		throw error
	}
}

function dropConnection(client: pg.Client, error?: Error) {
	const state = hub()
	if (state.client !== client) return
	state.client = null
	state.listening = new Map()
	client.removeAllListeners('end')
	client.end().catch(() => {})
	if (state.stopped) return
	if (error) console.error(`event hub: connection lost (${error.message}); reconnecting`)
	scheduleReconnect()
}

function scheduleReconnect() {
	const state = hub()
	// Without listeners there is nothing to resume; the next subscription connects again.
	if (state.stopped || state.retryTimer || listenerCount() === 0) return
	const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** state.attempt) * (0.75 + Math.random() * 0.5)
	state.attempt += 1
	state.retryTimer = setTimeout(() => {
		state.retryTimer = null
		connect().catch(() => {
			// openConnection already scheduled the next attempt.
		})
	}, delay)
	state.retryTimer.unref?.()
}

function dispatch(channel: string, raw: string | undefined) {
	let payload: Extract<HubEvent, { type: 'notification' }>['payload']
	try {
		const parsed: unknown = JSON.parse(raw ?? '')
		if (!parsed || typeof parsed !== 'object') return
		payload = parsed as typeof payload
	} catch {
		return
	}
	const event: HubEvent = { type: 'notification', channel, payload }
	const topics = hub().listeners.get(channel)
	if (!topics) return
	const keys = ['*']
	if (typeof payload.id === 'string') keys.push(payload.id)
	if (typeof payload.organizationId === 'string') keys.push(organizationTopic(payload.organizationId))
	for (const key of keys) {
		const set = topics.get(key)
		if (set) deliver(set, event)
	}
}

function broadcast(channel: string, event: HubEvent) {
	const topics = hub().listeners.get(channel)
	if (!topics) return
	for (const set of topics.values()) deliver(set, event)
}

function deliver(listeners: Set<HubListener>, event: HubEvent) {
	// A copy, so listeners may unsubscribe while being called.
	for (const listener of [...listeners]) {
		try {
			listener(event)
		} catch (error) {
			console.error('event hub: listener failed', error)
		}
	}
}

/** Closes the LISTEN connection and forgets every listener (shutdown and tests). */
export async function stopEventHub() {
	const state = globalThis.__reachoutEventHub
	if (!state) return
	state.stopped = true
	if (state.retryTimer) clearTimeout(state.retryTimer)
	state.retryTimer = null
	state.listeners.clear()
	await state.connecting?.catch(() => {})
	const client = state.client
	state.client = null
	state.listening = new Map()
	state.everConnected = false
	state.attempt = 0
	if (client) {
		client.removeAllListeners('end')
		await client.end().catch(() => {})
	}
}

/** For tests: drops the connection as if the network failed, to exercise reconnects. */
export function simulateConnectionLossForTests() {
	const client = hub().client
	if (client) dropConnection(client, new Error('simulated connection loss'))
}
