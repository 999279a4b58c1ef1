import { useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect } from 'react'

/**
 * Keeps an admin table's filters in localStorage (the spec: "persisted locally") while the URL
 * stays their source of truth: a URL with filters is saved; a bare URL gets the saved ones back
 * (replacing the history entry); `?reset=1` forgets them. `canonical` is the server's query string
 * of the applied filters (defaults left out), so only accepted filters are saved.
 */
export function usePersistedFilters({
	storageKey,
	keys,
	canonical,
	valid,
}: {
	storageKey: string
	keys: readonly string[]
	canonical: string
	valid: boolean
}) {
	const [searchParams] = useSearchParams()
	const navigate = useNavigate()
	const { pathname } = useLocation()
	const hasFilters = keys.some((key) => searchParams.has(key))
	const reset = searchParams.has('reset')
	useEffect(() => {
		try {
			if (reset) {
				window.localStorage.removeItem(storageKey)
				void navigate(pathname, { replace: true })
				return
			}
			if (hasFilters) {
				if (!valid) return
				if (canonical) window.localStorage.setItem(storageKey, canonical)
				else window.localStorage.removeItem(storageKey)
				return
			}
			const saved = window.localStorage.getItem(storageKey)
			if (saved) void navigate(`?${saved}`, { replace: true })
		} catch {
			// Storage may be unavailable (private mode, blocked): the URL still carries the filters.
		}
	}, [storageKey, hasFilters, reset, canonical, valid, navigate, pathname])
}
