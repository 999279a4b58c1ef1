import { type ContactFilter } from '#app/schemas/contact-filter.ts'

// The browser's calls to the lists API (/api/v1/lists…), with the server's message on failure.

export type ListOption = {
	id: string
	slug: string
	name: string
	description: string | null
	contactCount: number
}
export type CreatedList = { id: string; slug: string; name: string; description: string | null }

export type ApiOutcome<T> = { ok: true; data: T } | { ok: false; status: number; message: string | null }

export async function requestJson<T>(url: string, init?: RequestInit): Promise<ApiOutcome<T>> {
	try {
		const response = await fetch(url, {
			...init,
			headers: { Accept: 'application/json', ...(init?.body ? { 'Content-Type': 'application/json' } : {}) },
		})
		const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null
		if (!response.ok || body === null) {
			return { ok: false, status: response.status, message: body?.message ?? null }
		}
		return { ok: true, data: body }
	} catch (error) {
		if ((error as Error).name === 'AbortError') throw error
		return { ok: false, status: 0, message: null }
	}
}

export async function fetchLists(signal?: AbortSignal) {
	const outcome = await requestJson<{ data: ListOption[] }>('/api/v1/lists', { signal })
	return outcome.ok ? { ok: true as const, data: outcome.data.data } : outcome
}

export function createListRequest(input: { name: string; description?: string | null }) {
	return requestJson<CreatedList>('/api/v1/lists', { method: 'POST', body: JSON.stringify(input) })
}

/** The bulk body of a selection: ids, or 'all' with the filter the user saw minus the unticked rows. */
export function bulkSelectionBody(
	selection: 'all' | string[],
	filter: Partial<ContactFilter>,
	excludeIds: string[] = [],
) {
	if (selection !== 'all') return {}
	return {
		search: filter.search,
		tags: filter.tags ?? [],
		campaign: filter.campaign,
		list: filter.list,
		exclude_ids: excludeIds,
	}
}

export function addContactsToListRequest(
	listId: string,
	selection: 'all' | string[],
	filter: Partial<ContactFilter>,
	excludeIds?: string[],
) {
	return requestJson<{ added: number; message: string }>(
		`/api/v1/lists/${encodeURIComponent(listId)}/contacts`,
		{
			method: 'POST',
			body: JSON.stringify({ contactIds: selection, ...bulkSelectionBody(selection, filter, excludeIds) }),
		},
	)
}
