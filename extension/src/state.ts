// What the companion remembers between wake-ups (chrome.storage.local): the app token the action
// loop claims with, and what happened last, for the popup.

export type LastClaim = {
	at: string
	ok: boolean
	/** ok: why nothing was due (the app's reason), when nothing was. */
	reason?: string | null
	/** not ok: what went wrong, in words for the popup. */
	error?: string
}

export type LastAction = {
	at: string
	kind: string
	outcome: string
	/** ERROR outcomes: LinkedIn's error class. */
	error?: string
}

export type CompanionState = {
	appToken?: string
	/** The app user the token belongs to. */
	userId?: string | null
	lastClaim?: LastClaim
	lastAction?: LastAction
}

/** The part of chrome.storage.local the companion uses. */
export type StateStore = {
	get: () => Promise<CompanionState>
	set: (values: Partial<CompanionState>) => Promise<void>
	remove: (keys: Array<keyof CompanionState>) => Promise<void>
}

export function chromeStateStore(area: chrome.storage.StorageArea = chrome.storage.local): StateStore {
	return {
		get: async () => (await area.get(null)) as CompanionState,
		set: (values) => area.set(values),
		remove: (keys) => area.remove(keys),
	}
}

/** A store in memory, for tests. */
export function memoryStateStore(initial: CompanionState = {}): StateStore & { state: CompanionState } {
	const store = {
		state: { ...initial },
		get: async () => ({ ...store.state }),
		set: async (values: Partial<CompanionState>) => {
			store.state = { ...store.state, ...values }
		},
		remove: async (keys: Array<keyof CompanionState>) => {
			const next = { ...store.state }
			for (const key of keys) delete next[key]
			store.state = next
		},
	}
	return store
}
