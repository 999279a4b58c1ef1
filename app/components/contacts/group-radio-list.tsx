import { Search } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useDebouncedValue } from '#app/components/tags/use-debounced-value.ts'
import { Button } from '#app/components/ui/button.tsx'
import { DialogFooter } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { cn } from '#app/utils/misc.ts'

/** The search box over a list of tags, lists or campaigns in the bulk "add to …" dialogs. */
export function GroupSearchInput({
	label,
	value,
	onChange,
	className,
}: {
	label: string
	value: string
	onChange: (value: string) => void
	className?: string
}) {
	return (
		<div className={cn('relative', className)}>
			<Search
				className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
				aria-hidden="true"
			/>
			<Input
				type="search"
				aria-label={label}
				placeholder={label}
				className="pl-9"
				value={value}
				onChange={(event) => onChange(event.currentTarget.value)}
			/>
		</div>
	)
}

/**
 * One list or campaign to pick, as radio buttons: skeleton rows while loading, the load error,
 * an empty or no-match message, then the groups (the caller renders each one's details).
 */
export function GroupRadioList<Group extends { id: string; name: string }>({
	label,
	name,
	groups,
	visible,
	loadError,
	selectedId,
	onSelect,
	emptyMessage,
	noMatchMessage,
	renderDetails,
}: {
	label: string
	name: string
	/** All groups, or null while loading. */
	groups: Group[] | null
	/** The groups the search leaves. */
	visible: Group[]
	loadError: string | null
	selectedId: string | null
	onSelect: (id: string) => void
	emptyMessage: string
	noMatchMessage: string
	renderDetails: (group: Group) => ReactNode
}) {
	return (
		<div role="radiogroup" aria-label={label} className="max-h-72 divide-y overflow-y-auto rounded-md border">
			{groups === null && !loadError ? (
				Array.from({ length: 4 }, (_, index) => (
					<div key={index} className="p-3">
						<Skeleton className="h-5 w-2/3" />
					</div>
				))
			) : loadError ? (
				<p className="p-3 text-sm text-destructive">{loadError}</p>
			) : visible.length === 0 ? (
				<p className="p-3 text-sm text-muted-foreground">{groups?.length ? noMatchMessage : emptyMessage}</p>
			) : (
				visible.map((group) => (
					<label
						key={group.id}
						className={cn(
							'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-muted/50',
							group.id === selectedId && 'bg-muted',
						)}
					>
						<input
							type="radio"
							name={name}
							value={group.id}
							checked={group.id === selectedId}
							onChange={() => onSelect(group.id)}
							className="size-4 accent-primary"
						/>
						{renderDetails(group)}
					</label>
				))
			)}
		</div>
	)
}

type LoadOutcome<Group> = { ok: true; data: Group[] } | { ok: false; message?: string | null }

/**
 * The state behind a GroupRadioList: the groups loaded once, the search (debounced 50 ms, as the
 * spec's list dialogs) narrowing them by name, and the chosen one.
 */
export function useGroupChoice<Group extends { id: string; name: string }>(
	load: (signal: AbortSignal) => Promise<LoadOutcome<Group>>,
	loadFailedMessage: string,
) {
	const [groups, setGroups] = useState<Group[] | null>(null)
	const [loadError, setLoadError] = useState<string | null>(null)
	const [search, setSearch] = useState('')
	const debouncedSearch = useDebouncedValue(search, GROUP_SEARCH_DEBOUNCE_MS)
	const [selectedId, setSelectedId] = useState<string | null>(null)

	useEffect(() => {
		const controller = new AbortController()
		load(controller.signal)
			.then((outcome) => {
				if (outcome.ok) setGroups(outcome.data)
				else setLoadError(outcome.message ?? loadFailedMessage)
			})
			.catch(() => {})
		return () => controller.abort()
		// Loaded once per dialog.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])

	const visible = useMemo(() => {
		const query = debouncedSearch.trim().toLowerCase()
		return (groups ?? []).filter((group) => !query || group.name.toLowerCase().includes(query))
	}, [groups, debouncedSearch])
	const selected = groups?.find((group) => group.id === selectedId) ?? null
	return { groups, setGroups, loadError, search, setSearch, visible, selectedId, setSelectedId, selected }
}

const GROUP_SEARCH_DEBOUNCE_MS = 50

/** Cancel, and the button that adds the contacts to the chosen group (disabled while it runs). */
export function GroupChoiceFooter<Group>({
	selected,
	addLabel,
	onAdd,
	onClose,
}: {
	selected: Group | null
	addLabel: string
	onAdd: (group: Group) => Promise<void>
	onClose: () => void
}) {
	const [adding, setAdding] = useState(false)
	return (
		<DialogFooter>
			<Button type="button" variant="outline" onClick={onClose}>
				Cancel
			</Button>
			<Button
				type="button"
				disabled={!selected || adding}
				onClick={async () => {
					if (!selected) return
					setAdding(true)
					await onAdd(selected)
					setAdding(false)
				}}
			>
				{adding ? 'Adding…' : addLabel}
			</Button>
		</DialogFooter>
	)
}
