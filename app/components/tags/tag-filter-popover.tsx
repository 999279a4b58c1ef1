import { ChevronDown, Tag as TagIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#app/components/ui/popover.tsx'
import { TAG_FILTER_PAGE_SIZE } from '#app/schemas/tag.ts'
import { TagCheckList } from './tag-check-list.tsx'
import { TagSearchCreateBar } from './tag-search-create-bar.tsx'
import { useDebouncedValue } from './use-debounced-value.ts'
import { useInfiniteTags } from './use-infinite-tags.ts'
import { useLoadMoreSentinel } from './use-load-more-sentinel.ts'

// The spec: tag search debounce 50 ms; drawer tag filter 50 per page.
const SEARCH_DEBOUNCE_MS = 50

/**
 * The contacts table's tag filter: a popover with a tag search (optionally the search/create
 * bar), 50 tags per page loaded on scroll or with "Load more", and a checkbox per tag.
 * A contact matches when it has any of the selected tags.
 */
export function TagFilterPopover({
	selectedTagIds,
	onChange,
	allowCreate = false,
}: {
	selectedTagIds: string[]
	onChange: (tagIds: string[]) => void
	allowCreate?: boolean
}) {
	const [open, setOpen] = useState(false)
	const [search, setSearch] = useState('')
	const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
	const tags = useInfiniteTags({ search: debouncedSearch, pageSize: TAG_FILTER_PAGE_SIZE, enabled: open })
	const sentinel = useLoadMoreSentinel<HTMLDivElement>(tags.loadMore, {
		enabled: open && tags.hasMore,
		rootMargin: '0px 0px 80px 0px',
	})
	const selected = new Set(selectedTagIds)

	function toggle(tagId: string, checked: boolean) {
		onChange(checked ? [...selectedTagIds, tagId] : selectedTagIds.filter((id) => id !== tagId))
	}

	return (
		<Popover open={open} onOpenChange={setOpen}>
			<PopoverTrigger asChild>
				<Button type="button" variant="outline" size="sm" aria-label={tagFilterLabel(selectedTagIds.length)}>
					<TagIcon aria-hidden="true" />
					Tags
					{selectedTagIds.length ? (
						<span
							className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground"
							aria-hidden="true"
						>
							{selectedTagIds.length}
						</span>
					) : null}
					<ChevronDown aria-hidden="true" className="opacity-60" />
				</Button>
			</PopoverTrigger>
			<PopoverContent className="w-72 p-0" aria-label="Filter by tags">
				<div className="border-b p-2">
					<TagSearchCreateBar
						search={search}
						onSearchChange={setSearch}
						allowCreate={allowCreate}
						onCreated={tags.reload}
						autoFocus
					/>
				</div>
				<TagCheckList
					tags={tags}
					className="max-h-64"
					isChecked={(tagId) => selected.has(tagId)}
					onToggle={(tag, checked) => toggle(tag.id, checked)}
					loading={tags.status === 'loading'}
				>
					{tags.hasMore ? (
						<div ref={sentinel} className="p-1">
							<Button
								type="button"
								variant="ghost"
								size="sm"
								className="w-full"
								onClick={tags.loadMore}
								disabled={tags.loadingMore}
							>
								{tags.loadingMore ? 'Loading...' : 'Load more'}
							</Button>
						</div>
					) : null}
				</TagCheckList>
				{selectedTagIds.length ? (
					<div className="flex items-center justify-between border-t px-3 py-2 text-sm">
						<span className="text-muted-foreground">{selectedTagIds.length} selected</span>
						<Button type="button" variant="ghost" size="sm" onClick={() => onChange([])}>
							Clear
						</Button>
					</div>
				) : null}
			</PopoverContent>
		</Popover>
	)
}

function tagFilterLabel(count: number) {
	return count ? `Tags (${count} selected)` : 'Tags'
}
