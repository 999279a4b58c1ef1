import { useSyncExternalStore } from 'react'

function subscribe() {
	return () => {}
}

/** False during SSR and the hydration render, true afterwards: lets UI fall back to no-JS forms. */
export function useHydrated() {
	return useSyncExternalStore(
		subscribe,
		() => true,
		() => false,
	)
}
