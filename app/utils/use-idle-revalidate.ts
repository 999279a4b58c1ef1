import { useNavigation, useRevalidator } from '@remix-run/react'
import { useCallback, useRef } from 'react'

/**
 * Re-runs the page's loaders unless a navigation or a revalidation is already on its way: a
 * revalidation started during a navigation (a live import finishing and moving to its review)
 * interrupts that navigation's requests, and the aborted request surfaced as an AbortError in the
 * console. The navigation loads fresh data anyway.
 */
export function useIdleRevalidate() {
	const revalidator = useRevalidator()
	const navigation = useNavigation()
	const latest = useRef({ revalidator, navigation })
	latest.current = { revalidator, navigation }
	return useCallback(() => {
		const { revalidator, navigation } = latest.current
		if (navigation.state !== 'idle' || revalidator.state !== 'idle') return
		void revalidator.revalidate()
	}, [])
}
