import { useCallback, useEffect, useRef, useState } from 'react'
import { notify } from '#app/components/toaster.tsx'
import { COMPANY_PICKER_PAGE_SIZE } from '#app/schemas/company.ts'
import { isAbortError } from '#app/utils/api-client.ts'
import { type CompanyOption, fetchCompanyOptions } from './company-picker-cache.ts'

/** The spec's picker search debounce. */
export const COMPANY_SEARCH_DEBOUNCE_MS = 25

// `search` is the search the items belong to (null before the first load).
type State = { items: CompanyOption[]; total: number; loading: boolean; search: string | null }

/**
 * Company options for a search, 20 per page, with loadMore() for infinite scroll. Only while
 * `enabled` (the picker is open). A newer search cancels the older request; cancellations
 * are not errors, other failures toast "Failed to fetch companies: <message>".
 */
export function useCompanyOptions(search: string, enabled: boolean) {
	const [state, setState] = useState<State>({ items: [], total: 0, loading: false, search: null })
	const controller = useRef<AbortController | null>(null)
	const stateRef = useRef(state)
	stateRef.current = state

	const load = useCallback(async (query: string, skip: number) => {
		controller.current?.abort()
		const current = new AbortController()
		controller.current = current
		setState((previous) => ({ ...previous, loading: true }))
		try {
			const page = await fetchCompanyOptions(
				{ search: query, skip, take: COMPANY_PICKER_PAGE_SIZE },
				current.signal,
			)
			if (current.signal.aborted) return
			setState((previous) => ({
				search: query,
				total: page.total,
				loading: false,
				// A page past the first extends the list of the same search, without duplicates.
				items:
					skip === 0 || previous.search !== query
						? page.items
						: [
								...previous.items,
								...page.items.filter((item) => !previous.items.some((p) => p.id === item.id)),
							],
			}))
		} catch (error) {
			if (current.signal.aborted || isAbortError(error)) return
			setState((previous) => ({ ...previous, loading: false }))
			notify({
				type: 'error',
				title: `Failed to fetch companies: ${error instanceof Error ? error.message : String(error)}`,
			})
		}
	}, [])

	useEffect(() => {
		if (!enabled) return
		const timeout = setTimeout(() => void load(search.trim(), 0), COMPANY_SEARCH_DEBOUNCE_MS)
		return () => clearTimeout(timeout)
	}, [search, enabled, load])

	useEffect(() => () => controller.current?.abort(), [])

	const loadMore = useCallback(() => {
		const { items, total, loading, search: loadedSearch } = stateRef.current
		if (loading || loadedSearch === null || items.length >= total) return
		void load(loadedSearch, items.length)
	}, [load])

	const hasMore = state.items.length < state.total
	// Until the debounced search has loaded, the shown items belong to the previous search.
	const settled = state.search === search.trim() && !state.loading
	return { ...state, hasMore, settled, loadMore }
}
