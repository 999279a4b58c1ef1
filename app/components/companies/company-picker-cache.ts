import { ApiError, apiRequest } from '#app/utils/api-client.ts'

export type CompanyOption = { id: string; name: string }
export type CompanyOptionsPage = { items: CompanyOption[]; total: number }

// The spec's picker cache: a page is fresh for 10 minutes and dropped after 20.
const FRESH_MS = 10 * 60_000
const RETAIN_MS = 20 * 60_000
const cache = new Map<string, { at: number; page: CompanyOptionsPage }>()

/** After a company is created, renamed or deleted, pickers must not show the old pages. */
export function clearCompanyPickerCache() {
	cache.clear()
}

/** One page of GET /api/v1/companies as picker options (cached by search and skip). */
export async function fetchCompanyOptions(
	{ search, skip, take }: { search: string; skip: number; take: number },
	signal?: AbortSignal,
): Promise<CompanyOptionsPage> {
	const key = JSON.stringify([search, skip, take])
	const now = Date.now()
	for (const [entryKey, entry] of cache) if (now - entry.at > RETAIN_MS) cache.delete(entryKey)
	const hit = cache.get(key)
	if (hit && now - hit.at < FRESH_MS) return hit.page

	const params = new URLSearchParams({ take: String(take), skip: String(skip) })
	if (search) params.set('search', search)
	const body = await apiRequest<{ data?: CompanyOption[]; meta?: { total: number } } | null>(
		`/api/v1/companies?${params}`,
		{ signal },
	)
	if (!body?.data || !body.meta) throw new ApiError(200, 'The companies could not be read')
	const page = { items: body.data.map(({ id, name }) => ({ id, name })), total: body.meta.total }
	cache.set(key, { at: now, page })
	return page
}
