import { toast } from 'sonner'
import { type ContactFilter, type ContactSelection } from '#app/schemas/contact-filter.ts'

// Browser-side calls of the tag API, shared by the popover, the picker and the dialog.

export type TagOption = { id: string; name: string }
export type TagListItem = TagOption & { contactCount?: number }
export type TagPage = {
	data: TagListItem[]
	meta: { current_page: number; last_page: number; total: number }
}

/** The message of an API error body ({ error, message }), if any. */
async function errorMessage(response: Response) {
	try {
		const body = (await response.json()) as { message?: unknown; error?: unknown }
		if (typeof body.message === 'string' && body.message) return body.message
		if (typeof body.error === 'string' && body.error) return body.error
	} catch {
		// not JSON
	}
	return null
}

export class TagRequestError extends Error {}

async function postJson(url: string, body: unknown, signal?: AbortSignal) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
		body: JSON.stringify(body),
		signal,
	})
	if (!response.ok) {
		throw new TagRequestError((await errorMessage(response)) ?? `Request failed (${response.status})`)
	}
	return response
}

export async function fetchTagPage(
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
	const response = await fetch(`/api/v1/tags?${params}`, { signal, headers: { Accept: 'application/json' } })
	if (!response.ok) {
		throw new TagRequestError((await errorMessage(response)) ?? `Request failed (${response.status})`)
	}
	return (await response.json()) as TagPage
}

/**
 * Creates a tag and shows the spec's toast; returns the tag (an existing one of the same
 * name comes back as is) or null when creation failed.
 */
export async function createTagWithToast(name: string): Promise<TagOption | null> {
	try {
		const response = await fetch('/api/v1/tags', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify({ name }),
		})
		if (!response.ok) {
			const message = await errorMessage(response)
			toast.error(message ? `Failed to create tag: ${message}` : 'Failed to create tag')
			return null
		}
		const body = (await response.json()) as { id: string; name: string; message: string }
		if (response.status === 201) toast.success('Tag created successfully!')
		else toast.info(body.message)
		return { id: body.id, name: body.name }
	} catch {
		toast.error('Failed to create tag')
		return null
	}
}

/** The body fields that say which contacts a bulk tag call applies to. */
export function contactTargetBody(
	selection: ContactSelection,
	filter: ContactFilter,
	excludeIds: string[] = [],
) {
	return {
		contact_ids: selection,
		search: filter.search,
		tags: filter.tags,
		campaign: filter.campaign,
		list: filter.list,
		exclude_ids: selection === 'all' ? excludeIds : [],
	}
}

export async function addContactsToTagRequest(tagId: string, target: ReturnType<typeof contactTargetBody>) {
	const response = await postJson(`/api/v1/tags/${encodeURIComponent(tagId)}/contacts`, target)
	return (await response.json()) as { added: number }
}

export async function fetchTagCoverage(
	tagIds: string[],
	target: ReturnType<typeof contactTargetBody>,
	signal?: AbortSignal,
) {
	const response = await postJson('/resources/tags/coverage', { ...target, tagIds }, signal)
	return (await response.json()) as { selectedCount: number; counts: Record<string, number> }
}
