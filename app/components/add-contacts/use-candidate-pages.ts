import { useCallback, useEffect, useRef, useState } from 'react'
import { type CandidateRow } from '#app/schemas/add-contacts.ts'
import { CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'
import { apiRequest } from '#app/utils/api-client.ts'

type CandidatePage = { data: CandidateRow[]; meta: { total: number; addable: number } }

export type { CandidateRow }

export type CandidateQuery = {
	search: string
	tags: string[]
	sortBy: 'firstName' | 'createdAt'
	sortDirection: 'asc' | 'desc'
}

export function candidateQueryString(query: CandidateQuery, skip: number) {
	const params = new URLSearchParams()
	if (query.search) params.set('search', query.search)
	if (query.tags.length) params.set('tags', query.tags.join(','))
	params.set('sortBy', query.sortBy)
	params.set('sortDirection', query.sortDirection)
	params.set('take', String(CONTACTS_PAGE_SIZE))
	params.set('skip', String(skip))
	return params.toString()
}

/**
 * Pages of 100 candidates for one query from the group's candidates resource (`path`, see
 * candidatesPath), cached by URL, with the next page prefetched (the spec: add-contacts 100 per
 * page, next page prefetched). `page` is 1-based. `refresh` reloads them after adds.
 */
export function useCandidatePages(path: string, query: CandidateQuery, page: number) {
	const cache = useRef(new Map<string, Promise<CandidatePage>>())
	const [pages, setPages] = useState(() => new Map<string, CandidatePage>())
	const [error, setError] = useState<string | null>(null)
	const [generation, setGeneration] = useState(0)

	const urlFor = useCallback(
		(pageNumber: number) => `${path}?${candidateQueryString(query, (pageNumber - 1) * CONTACTS_PAGE_SIZE)}`,
		[path, query],
	)

	const load = useCallback((url: string) => {
		let pending = cache.current.get(url)
		if (!pending) {
			pending = apiRequest<CandidatePage>(url, { fallbackMessage: 'Failed to load contacts' })
			cache.current.set(url, pending)
			pending.then(
				(result) => setPages((current) => new Map(current).set(url, result)),
				() => cache.current.delete(url),
			)
		}
		return pending
	}, [])

	const currentUrl = urlFor(page)
	useEffect(() => {
		let cancelled = false
		setError(null)
		load(currentUrl)
			.then((result) => {
				if (cancelled) return
				if (page * CONTACTS_PAGE_SIZE < result.meta.total) void load(urlFor(page + 1)).catch(() => {})
			})
			.catch((reason: Error) => {
				if (!cancelled) setError(reason.message)
			})
		return () => {
			cancelled = true
		}
	}, [currentUrl, load, page, urlFor, generation])

	// Stale pages stay on screen while they reload (no skeleton flash after an add).
	const refresh = useCallback(() => {
		cache.current.clear()
		setGeneration((value) => value + 1)
	}, [])

	const current = pages.get(currentUrl) ?? null
	return { rows: current?.data ?? null, total: current?.meta.total ?? null, addable: current?.meta.addable ?? null, error, refresh }
}
