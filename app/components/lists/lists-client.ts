import { type ContactFilter, contactBulkFilterBody } from '#app/schemas/contact-filter.ts'
import { apiRequest } from '#app/utils/api-client.ts'

// The browser's calls to the lists API (/api/v1/lists…); a failure throws ApiError with the
// server's message (or the fallback the caller's toast used to show).

export type ListOption = {
	id: string
	slug: string
	name: string
	description: string | null
	contactCount: number
}
export type CreatedList = { id: string; slug: string; name: string; description: string | null }

export async function fetchLists(signal?: AbortSignal) {
	const body = await apiRequest<{ data: ListOption[] }>('/api/v1/lists', {
		signal,
		fallbackMessage: 'Failed to load lists',
	})
	return body.data
}

export function createListRequest(
	input: { name: string; description?: string | null },
	fallbackMessage: string,
) {
	return apiRequest<CreatedList>('/api/v1/lists', { method: 'POST', body: input, fallbackMessage })
}

export function addContactsToListRequest(
	listId: string,
	selection: 'all' | string[],
	filter: Partial<ContactFilter>,
	excludeIds?: string[],
) {
	return apiRequest<{ added: number; message: string }>(
		`/api/v1/lists/${encodeURIComponent(listId)}/contacts`,
		{
			method: 'POST',
			body: { contactIds: selection, ...contactBulkFilterBody(selection, filter, excludeIds) },
			fallbackMessage: 'Failed to add contacts to list. Please try again.',
		},
	)
}
