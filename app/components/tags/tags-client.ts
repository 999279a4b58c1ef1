import { notify } from '#app/components/toaster.tsx'
import {
	type ContactFilter,
	type ContactSelection,
	contactBulkFilterBody,
} from '#app/schemas/contact-filter.ts'
import { ApiError, apiRequest } from '#app/utils/api-client.ts'

// Browser-side calls of the tag API, shared by the popover, the picker and the dialog; a
// failure throws ApiError with the server's message.

export type TagOption = { id: string; name: string }
export type TagListItem = TagOption & { contactCount?: number }
export type TagPage = {
	data: TagListItem[]
	meta: { current_page: number; last_page: number; total: number }
}

const TAG_CREATED = 'Tag created successfully!'

export function fetchTagPage(
	{
		take,
		skip,
		search,
		withCounts = true,
	}: { take: number; skip: number; search?: string; withCounts?: boolean },
	signal?: AbortSignal,
): Promise<TagPage> {
	const params = new URLSearchParams({ take: String(take), skip: String(skip) })
	if (search?.trim()) params.set('search', search.trim())
	if (!withCounts) params.set('select', 'id,name')
	return apiRequest<TagPage>(`/api/v1/tags?${params}`, { signal })
}

/**
 * Creates a tag and shows the spec's toast; returns the tag (an existing one of the same
 * name comes back as is) or null when creation failed.
 */
export async function createTagWithToast(name: string): Promise<TagOption | null> {
	try {
		// No fallback text: without the server's reason the toast says just "Failed to create tag".
		const body = await apiRequest<{ id: string; name: string; message: string }>('/api/v1/tags', {
			method: 'POST',
			body: { name },
			fallbackMessage: '',
		})
		if (body.message === TAG_CREATED) notify({ type: 'success', title: TAG_CREATED })
		else notify({ type: 'info', title: body.message })
		return { id: body.id, name: body.name }
	} catch (error) {
		const reason = error instanceof ApiError ? error.message : ''
		notify({ type: 'error', title: reason ? `Failed to create tag: ${reason}` : 'Failed to create tag' })
		return null
	}
}

/** The body fields that say which contacts a bulk tag call applies to. */
export function contactTargetBody(
	selection: ContactSelection,
	filter: ContactFilter,
	excludeIds: string[] = [],
) {
	return { contact_ids: selection, ...contactBulkFilterBody(selection, filter, excludeIds) }
}

export function addContactsToTagRequest(tagId: string, target: ReturnType<typeof contactTargetBody>) {
	return apiRequest<{ added: number }>(`/api/v1/tags/${encodeURIComponent(tagId)}/contacts`, {
		method: 'POST',
		body: target,
	})
}

export function fetchTagCoverage(
	tagIds: string[],
	target: ReturnType<typeof contactTargetBody>,
	signal?: AbortSignal,
) {
	return apiRequest<{ selectedCount: number; counts: Record<string, number> }>('/resources/tags/coverage', {
		method: 'POST',
		body: { ...target, tagIds },
		signal,
	})
}
