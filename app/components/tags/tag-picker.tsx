import { ChevronDown, X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#app/components/ui/popover.tsx'
import { TAG_PICKER_PAGE_SIZE } from '#app/schemas/tag.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { TagCheckList } from './tag-check-list.tsx'
import { TagSearchCreateBar } from './tag-search-create-bar.tsx'
import { type TagOption } from './tags-client.ts'
import { useDebouncedValue } from './use-debounced-value.ts'
import { useInfiniteTags } from './use-infinite-tags.ts'
import { useLoadMoreSentinel } from './use-load-more-sentinel.ts'

// The spec: contact-form pickers debounce 25 ms, 20 per page, the next page loaded when
// within the last 3 items.
const SEARCH_DEBOUNCE_MS = 25
const LOAD_WHEN_WITHIN = 3

/**
 * The contact form's tag multi-select. With JavaScript: the chosen tags as removable chips,
 * one hidden input `name` per tag id, and a popover with the tag search/create bar (a
 * created tag is selected at once). Before hydration or without JavaScript: a plain
 * <select multiple name> of `fallbackOptions` (plus `defaultTags`).
 */
export function TagPicker({
	name,
	id,
	defaultTags = [],
	fallbackOptions = [],
	onChange,
}: {
	name: string
	/** The id of the control, for a <label htmlFor>. */
	id?: string
	defaultTags?: TagOption[]
	fallbackOptions?: TagOption[]
	onChange?: (tags: TagOption[]) => void
}) {
	const hydrated = useHydrated()
	const [selected, setSelected] = useState<TagOption[]>(defaultTags)

	if (!hydrated) {
		const options = [
			...defaultTags,
			...fallbackOptions.filter((tag) => !defaultTags.some((d) => d.id === tag.id)),
		]
		return (
			<select
				id={id}
				name={name}
				multiple
				defaultValue={defaultTags.map((tag) => tag.id)}
				className="min-h-24 w-full rounded-md border border-input bg-background px-2 py-1 text-sm"
			>
				{options.map((tag) => (
					<option key={tag.id} value={tag.id}>
						{tag.name}
					</option>
				))}
			</select>
		)
	}

	function update(next: TagOption[]) {
		setSelected(next)
		onChange?.(next)
	}

	function toggle(tag: TagOption, checked: boolean) {
		update(checked ? [...selected, tag] : selected.filter((item) => item.id !== tag.id))
	}

	return (
		<div className="space-y-2">
			{selected.map((tag) => (
				<input key={tag.id} type="hidden" name={name} value={tag.id} />
			))}
			{selected.length ? (
				<ul className="flex flex-wrap gap-1" aria-label="Selected tags">
					{selected.map((tag) => (
						<li
							key={tag.id}
							className="inline-flex items-center gap-1 rounded-full border bg-secondary px-2 py-0.5 text-xs"
						>
							{tag.name}
							<button
								type="button"
								className="rounded-full opacity-70 hover:opacity-100"
								aria-label={`Remove tag ${tag.name}`}
								onClick={() => toggle(tag, false)}
							>
								<X className="h-3 w-3" aria-hidden="true" />
							</button>
						</li>
					))}
				</ul>
			) : null}
			<TagPickerPopover id={id} selected={selected} onToggle={toggle} />
		</div>
	)
}

function TagPickerPopover({
	id,
	selected,
	onToggle,
}: {
	id?: string
	selected: TagOption[]
	onToggle: (tag: TagOption, checked: boolean) => void
}) {
	const [open, setOpen] = useState(false)
	const [search, setSearch] = useState('')
	const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
	const tags = useInfiniteTags({ search: debouncedSearch, pageSize: TAG_PICKER_PAGE_SIZE, enabled: open })
	const sentinel = useLoadMoreSentinel<HTMLLabelElement>(tags.loadMore, { enabled: open && tags.hasMore })
	const selectedIds = new Set(selected.map((tag) => tag.id))
	const sentinelIndex = tags.hasMore ? Math.max(0, tags.items.length - LOAD_WHEN_WITHIN) : -1

	return (
		<Popover open={open} onOpenChange={setOpen}>
			<PopoverTrigger asChild>
				<Button id={id} type="button" variant="outline" className="w-full justify-between font-normal">
					{selected.length ? `${selected.length} tag(s) selected` : 'Select tags...'}
					<ChevronDown aria-hidden="true" className="opacity-60" />
				</Button>
			</PopoverTrigger>
			<PopoverContent
				className="w-[var(--radix-popover-trigger-width)] min-w-72 p-0"
				aria-label="Choose tags"
			>
				<div className="border-b p-2">
					<TagSearchCreateBar
						search={search}
						onSearchChange={setSearch}
						onCreated={(tag) => {
							if (!selectedIds.has(tag.id)) onToggle(tag, true)
							tags.reload()
						}}
						autoFocus
					/>
				</div>
				<TagCheckList
					tags={tags}
					className="max-h-60"
					isChecked={(tagId) => selectedIds.has(tagId)}
					onToggle={onToggle}
					sentinel={{ index: sentinelIndex, ref: sentinel }}
					loading={tags.status === 'loading' || tags.loadingMore}
				/>
			</PopoverContent>
		</Popover>
	)
}
