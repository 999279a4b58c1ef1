import { Plus } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useDebouncedValue } from '#app/components/tags/use-debounced-value.ts'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogCancelButton, DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { DialogFooter } from '#app/components/ui/dialog.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { ApiError } from '#app/utils/api-client.ts'
import { cn } from '#app/utils/misc.ts'
import { type SelectionDialogProps } from './contacts-selection.ts'
import { SearchInput } from './search-input.tsx'

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

/**
 * The state behind a GroupRadioList: the groups loaded once (a failure shows the ApiError's
 * message), the search (debounced 50 ms, as the spec's list dialogs) narrowing them by name, and
 * the chosen one.
 */
export function useGroupChoice<Group extends { id: string; name: string }>(
	load: (signal: AbortSignal) => Promise<Group[]>,
) {
	const [groups, setGroups] = useState<Group[] | null>(null)
	const [loadError, setLoadError] = useState<string | null>(null)
	const [search, setSearch] = useState('')
	const debouncedSearch = useDebouncedValue(search, GROUP_SEARCH_DEBOUNCE_MS)
	const [selectedId, setSelectedId] = useState<string | null>(null)

	useEffect(() => {
		const controller = new AbortController()
		load(controller.signal)
			.then(setGroups)
			.catch((error: unknown) => {
				if (error instanceof ApiError) setLoadError(error.message)
			})
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

/** The props of the "add the selection to a list / campaign" dialogs. */
export type BulkDialogProps = SelectionDialogProps & { onAdded?: () => void }

type GroupChoiceProps<Group extends { id: string; name: string }> = {
	/** "list" or "campaign": the labels follow ("Search lists", "Add to list", input `listId`…). */
	noun: string
	load: (signal: AbortSignal) => Promise<Group[]>
	/** Shown when the organization has none yet. */
	emptyMessage: string
	renderDetails: (group: Group) => ReactNode
	/** Adds the selection to the group and shows the success toast; throws ApiError on failure. */
	onAdd: (group: Group) => Promise<void>
	/** A button next to the search that swaps the body for a form creating a group. */
	create?: {
		label: string
		render: (props: { onCreated: (group: Group) => void; onCancel: () => void }) => ReactNode
	}
}

/**
 * Add to List / Add to Campaign: choose one group (or create one), then one request for the
 * selection. A failure shows the server's message; a refusal (403) also closes the dialog.
 */
export function GroupChoiceDialog<Group extends { id: string; name: string }>({
	open,
	onOpenChange,
	contactCount,
	...choice
}: Pick<SelectionDialogProps, 'open' | 'onOpenChange' | 'contactCount'> & GroupChoiceProps<Group>) {
	const { noun } = choice
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title={`Add to ${capitalize(noun)}`}
			description={`Add ${contactCount.toLocaleString('en-US')} ${contactCount === 1 ? 'contact' : 'contacts'} to a ${noun}.`}
			className="max-w-lg"
		>
			{open ? <GroupChoice {...choice} onClose={() => onOpenChange(false)} /> : null}
		</DialogShell>
	)
}

function GroupChoice<Group extends { id: string; name: string }>({
	noun,
	load,
	emptyMessage,
	renderDetails,
	onAdd,
	create,
	onClose,
}: GroupChoiceProps<Group> & { onClose: () => void }) {
	const { groups, setGroups, loadError, search, setSearch, visible, selectedId, setSelectedId, selected } =
		useGroupChoice(load)
	const [creating, setCreating] = useState(false)

	if (create && creating) {
		return create.render({
			onCreated: (group) => {
				setGroups((current) => [group, ...(current ?? [])])
				setSelectedId(group.id)
				setCreating(false)
			},
			onCancel: () => setCreating(false),
		})
	}

	async function add(group: Group) {
		try {
			await onAdd(group)
			onClose()
		} catch (error) {
			if (!(error instanceof ApiError)) throw error
			notify({ type: 'error', title: error.message })
			// Not allowed: the spec closes the dialog.
			if (error.status === 403) onClose()
		}
	}

	return (
		<>
			<div className="flex gap-2">
				<SearchInput
					aria-label={`Search ${noun}s`}
					placeholder={`Search ${noun}s`}
					value={search}
					onChange={(event) => setSearch(event.currentTarget.value)}
					className="flex-1"
				/>
				{create ? (
					<Button type="button" variant="outline" onClick={() => setCreating(true)}>
						<Plus aria-hidden="true" />
						{create.label}
					</Button>
				) : null}
			</div>
			<GroupRadioList
				label={capitalize(`${noun}s`)}
				name={`${noun}Id`}
				emptyMessage={emptyMessage}
				noMatchMessage={`No ${noun}s match your search`}
				renderDetails={renderDetails}
				groups={groups}
				visible={visible}
				loadError={loadError}
				selectedId={selectedId}
				onSelect={setSelectedId}
			/>
			<GroupChoiceFooter selected={selected} addLabel={`Add to ${noun}`} onAdd={add} />
		</>
	)
}

/** Cancel, and the button that adds the contacts to the chosen group (disabled while it runs). */
function GroupChoiceFooter<Group>({
	selected,
	addLabel,
	onAdd,
}: {
	selected: Group | null
	addLabel: string
	onAdd: (group: Group) => Promise<void>
}) {
	const [adding, setAdding] = useState(false)
	return (
		<DialogFooter>
			<DialogCancelButton />
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

function capitalize(text: string) {
	return text.charAt(0).toUpperCase() + text.slice(1)
}
