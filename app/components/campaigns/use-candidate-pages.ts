import { useCallback, useEffect, useRef, useState } from 'react'
import { CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'
import { apiRequest } from '#app/utils/api-client.ts'

/** A row of the Add Contacts dialog (resources/campaigns/:campaign/candidates). */
export type CandidateRow = {
	id: string
	firstName: string
	lastName: string
	email: string | null
	linkedin: string | null
	role: string | null
	company: { id: string; name: string } | null
	tags: Array<{ id: string; name: string }>
	createdAt: string
	added: boolean
	ineligibleReason: string | null
}
type CandidatePage = { data: CandidateRow[]; meta: { total: number } }

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
 * Pages of 100 candidates for one query, cached by URL, with the next page prefetched (the
 * spec: add-contacts 100 per page, next page prefetched). `refresh` reloads them after adds.
 */
export function useCandidatePages(campaignId: string, query: CandidateQuery, page: number) {
	const base = `/resources/campaigns/${encodeURIComponent(campaignId)}/candidates`
	const cache = useRef(new Map<string, Promise<CandidatePage>>())
	const [pages, setPages] = useState(() => new Map<string, CandidatePage>())
	const [error, setError] = useState<string | null>(null)
	const [generation, setGeneration] = useState(0)

	const urlFor = useCallback(
		(pageIndex: number) => `${base}?${candidateQueryString(query, pageIndex * CONTACTS_PAGE_SIZE)}`,
		[base, query],
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
				if ((page + 1) * CONTACTS_PAGE_SIZE < result.meta.total) void load(urlFor(page + 1)).catch(() => {})
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
	return { rows: current?.data ?? null, total: current?.meta.total ?? null, error, refresh }
}
