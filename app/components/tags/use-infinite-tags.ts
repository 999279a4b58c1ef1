import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchTagPage, type TagListItem } from './tags-client.ts'

type State = { items: TagListItem[]; total: number; status: 'idle' | 'loading' | 'loaded' | 'error' }

/**
 * The organization's tags matching `search`, `pageSize` at a time, for lists that load the
 * next page on scroll or "Load more". Fetches only while `enabled` (e.g. a popover is open).
 */
export function useInfiniteTags({
	search,
	pageSize,
	enabled,
}: {
	search: string
	pageSize: number
	enabled: boolean
}) {
	const [state, setState] = useState<State>({ items: [], total: 0, status: 'idle' })
	const [reloadToken, setReloadToken] = useState(0)
	const [loadingMore, setLoadingMore] = useState(false)
	// The query a response belongs to, so a late page of an older search is dropped.
	const queryKey = `${search}\u0000${pageSize}\u0000${reloadToken}`
	const currentKey = useRef(queryKey)
	currentKey.current = queryKey
	const moreController = useRef<AbortController | null>(null)

	useEffect(() => {
		if (!enabled) return
		const controller = new AbortController()
		moreController.current?.abort()
		setLoadingMore(false)
		setState((previous) => ({ ...previous, status: 'loading' }))
		fetchTagPage({ take: pageSize, skip: 0, search }, controller.signal)
			.then((page) => setState({ items: page.data, total: page.meta.total, status: 'loaded' }))
			.catch(() => {
				if (!controller.signal.aborted) setState({ items: [], total: 0, status: 'error' })
			})
		return () => controller.abort()
	}, [enabled, search, pageSize, reloadToken])

	const hasMore = state.status === 'loaded' && state.items.length < state.total

	const loadMore = useCallback(() => {
		if (!hasMore || loadingMore) return
		const key = currentKey.current
		const controller = new AbortController()
		moreController.current = controller
		setLoadingMore(true)
		fetchTagPage({ take: pageSize, skip: state.items.length, search }, controller.signal)
			.then((page) => {
				if (currentKey.current !== key) return
				setState((previous) => {
					const seen = new Set(previous.items.map((item) => item.id))
					const fresh = page.data.filter((item) => !seen.has(item.id))
					return { items: [...previous.items, ...fresh], total: page.meta.total, status: 'loaded' }
				})
			})
			.catch(() => {})
			.finally(() => {
				if (currentKey.current === key) setLoadingMore(false)
			})
	}, [hasMore, loadingMore, pageSize, search, state.items.length])

	const reload = useCallback(() => setReloadToken((token) => token + 1), [])

	return { ...state, hasMore, loadingMore, loadMore, reload }
}
