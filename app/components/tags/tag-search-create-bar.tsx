import { Plus, Search, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { cn } from '#app/utils/misc.ts'
import { createTagWithToast, type TagOption } from './tags-client.ts'

/**
 * The spec's tag search/create bar: search mode filters the tags; the New button switches to
 * create mode, where Create with text creates the tag (and returns to search), and Create
 * with empty text returns to search. Its inputs have no `name`, so they never post with a
 * surrounding form, and Enter never submits that form.
 */
export function TagSearchCreateBar({
	search,
	onSearchChange,
	onCreated,
	allowCreate = true,
	autoFocus,
	className,
}: {
	search: string
	onSearchChange: (search: string) => void
	onCreated?: (tag: TagOption) => void
	allowCreate?: boolean
	autoFocus?: boolean
	className?: string
}) {
	const [mode, setMode] = useState<'search' | 'create'>('search')
	const [draft, setDraft] = useState('')
	const [creating, setCreating] = useState(false)
	const searchInput = useRef<HTMLInputElement>(null)
	const createInput = useRef<HTMLInputElement>(null)

	function toSearchMode() {
		setMode('search')
		setDraft('')
		requestAnimationFrame(() => searchInput.current?.focus())
	}

	function toCreateMode() {
		setMode('create')
		// Start from what was typed in search: usually the tag that was not found.
		setDraft(search.trim())
		requestAnimationFrame(() => createInput.current?.focus())
	}

	async function create() {
		const name = draft.trim()
		if (!name) return toSearchMode()
		setCreating(true)
		const tag = await createTagWithToast(name)
		setCreating(false)
		if (!tag) return
		onSearchChange('')
		onCreated?.(tag)
		toSearchMode()
	}

	if (mode === 'create') {
		return (
			<div className={cn('flex items-center gap-2', className)}>
				<Input
					ref={createInput}
					aria-label="New tag name"
					placeholder="New tag name"
					value={draft}
					maxLength={100}
					disabled={creating}
					onChange={(event) => setDraft(event.target.value)}
					onKeyDown={(event) => {
						if (event.key === 'Enter') {
							event.preventDefault()
							void create()
						} else if (event.key === 'Escape') {
							// Leave create mode without closing the surrounding dialog or popover.
							event.preventDefault()
							event.stopPropagation()
							toSearchMode()
						}
					}}
					className="h-9"
				/>
				<Button type="button" size="sm" onClick={() => void create()} disabled={creating}>
					{creating ? 'Creating...' : 'Create'}
				</Button>
				<Button
					type="button"
					size="sm"
					variant="ghost"
					className="px-2"
					aria-label="Back to search"
					title="Back to search"
					onClick={toSearchMode}
					disabled={creating}
				>
					<X aria-hidden="true" />
				</Button>
			</div>
		)
	}

	return (
		<div className={cn('flex items-center gap-2', className)}>
			<div className="relative flex-1">
				<Search
					className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
					aria-hidden="true"
				/>
				<Input
					ref={searchInput}
					type="search"
					aria-label="Search tags"
					placeholder="Search tags..."
					value={search}
					autoFocus={autoFocus}
					onChange={(event) => onSearchChange(event.target.value)}
					onKeyDown={(event) => {
						if (event.key === 'Enter') event.preventDefault()
					}}
					className="h-9 pl-8"
				/>
			</div>
			{allowCreate ? (
				<Button type="button" size="sm" variant="outline" onClick={toCreateMode} title="Create a new tag">
					<Plus aria-hidden="true" />
					New tag
				</Button>
			) : null}
		</div>
	)
}
