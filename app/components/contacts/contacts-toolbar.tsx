import { Form, Link, useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { TagFilterPopover } from '#app/components/tags/tag-filter-popover.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import {
	contactFilterFromSearchParams,
	contactFilterToSearchParams,
	type ContactFilter,
} from '#app/schemas/contact-filter.ts'
import { SearchInput } from './search-input.tsx'

/** The spec's debounce for list dialogs and searches. */
export const SEARCH_DEBOUNCE_MS = 50

type Option = { id: string; name: string }

/**
 * Search, tag and campaign filters and the sort, as one GET form: without JavaScript it
 * submits with its Apply button; with it, every change (search debounced) updates the URL.
 */
export function ContactsToolbar({
	filter,
	campaigns,
	tagOptions,
	selectedTags,
	hydrated,
}: {
	filter: ContactFilter
	campaigns: Option[]
	/** Without JavaScript the tag filter is a multiple select of these. */
	tagOptions: Option[]
	/** The filter's tags by name, listed first in the fallback even when outside its first page. */
	selectedTags: Option[]
	hydrated: boolean
}) {
	const submit = useSubmit()
	const formRef = useRef<HTMLFormElement>(null)
	const searchRef = useRef<HTMLInputElement>(null)
	const timeout = useRef<ReturnType<typeof setTimeout>>(undefined)
	const tagsKey = filter.tags.join(',')
	const [tagIds, setTagIds] = useState(filter.tags)
	useEffect(() => setTagIds(tagsKey ? tagsKey.split(',') : []), [tagsKey])

	// Back/forward or "Clear filters" changes the URL under the box; never while the user types in it.
	useEffect(() => {
		const input = searchRef.current
		if (input && document.activeElement !== input) input.value = filter.search ?? ''
	}, [filter.search])
	useEffect(() => () => clearTimeout(timeout.current), [])

	function submitFilter({ delay = 0, tags }: { delay?: number; tags?: string[] } = {}) {
		clearTimeout(timeout.current)
		timeout.current = setTimeout(() => {
			if (!formRef.current) return
			const params = new URLSearchParams()
			for (const [key, value] of new FormData(formRef.current)) {
				if (typeof value === 'string') params.append(key, value)
			}
			if (tags) params.set('tags', tags.join(','))
			// Normalised: defaults and empty fields stay out of the URL; the page goes back to 1.
			const next = contactFilterToSearchParams(contactFilterFromSearchParams(params))
			submit(next, { method: 'get', action: '/contacts', replace: true, preventScrollReset: true })
		}, delay)
	}

	const hasFilter = Boolean(filter.search || filter.tags.length || filter.campaign || filter.list)
	const fallbackTags = mergeOptions(selectedTags, tagOptions)

	return (
		<Form
			ref={formRef}
			method="get"
			action="/contacts"
			role="search"
			aria-label="Filter contacts"
			className="flex flex-wrap items-end gap-2"
			onSubmit={(event) => {
				event.preventDefault()
				submitFilter()
			}}
		>
			<SearchInput
				ref={searchRef}
				name="search"
				aria-label="Search contacts"
				placeholder="Search name, email, company or role"
				defaultValue={filter.search ?? ''}
				className="min-w-[16rem] flex-1"
				onChange={() => submitFilter({ delay: SEARCH_DEBOUNCE_MS })}
			/>
			{hydrated ? (
				<>
					<input type="hidden" name="tags" value={tagIds.join(',')} />
					<TagFilterPopover
						selectedTagIds={tagIds}
						allowCreate
						onChange={(ids) => {
							setTagIds(ids)
							submitFilter({ tags: ids })
						}}
					/>
				</>
			) : (
				<select
					multiple
					name="tags"
					aria-label="Filter by tags"
					defaultValue={filter.tags}
					size={Math.min(4, Math.max(2, fallbackTags.length))}
					className="min-w-[10rem] rounded-md border border-input bg-background px-2 py-1 text-sm"
				>
					{fallbackTags.map((tag) => (
						<option key={tag.id} value={tag.id}>
							{tag.name}
						</option>
					))}
				</select>
			)}
			<NativeSelect
				key={`campaign-${filter.campaign ?? ''}`}
				name="campaign"
				aria-label="Filter by campaign"
				defaultValue={filter.campaign ?? ''}
				className="w-48"
				onChange={() => submitFilter()}
			>
				<option value="">All campaigns</option>
				{campaigns.map((campaign) => (
					<option key={campaign.id} value={campaign.id}>
						{campaign.name}
					</option>
				))}
			</NativeSelect>
			<NativeSelect
				key={`sort-${filter.sortBy}`}
				name="sortBy"
				aria-label="Sort by"
				defaultValue={filter.sortBy}
				className="w-40"
				onChange={() => submitFilter()}
			>
				<option value="createdAt">Created at</option>
				<option value="firstName">First name</option>
			</NativeSelect>
			<NativeSelect
				key={`direction-${filter.sortDirection}`}
				name="sortDirection"
				aria-label="Sort direction"
				defaultValue={filter.sortDirection}
				className="w-36"
				onChange={() => submitFilter()}
			>
				<option value="desc">Descending</option>
				<option value="asc">Ascending</option>
			</NativeSelect>
			{filter.list ? <input type="hidden" name="list" value={filter.list} /> : null}
			{/* With JavaScript every change applies itself; Enter in the search box still submits.
			    Hidden then, it must also leave the tab order: a focus nobody can see is lost. */}
			<Button
				type="submit"
				variant="secondary"
				className={hydrated ? 'sr-only' : undefined}
				tabIndex={hydrated ? -1 : undefined}
			>
				Apply
			</Button>
			{hasFilter ? (
				<Button asChild variant="ghost">
					<Link to="/contacts">Clear filters</Link>
				</Button>
			) : null}
		</Form>
	)
}

/** Options by id, first occurrence wins. */
function mergeOptions(first: Option[], second: Option[]) {
	const byId = new Map<string, Option>()
	for (const option of [...first, ...second]) if (!byId.has(option.id)) byId.set(option.id, option)
	return [...byId.values()]
}
