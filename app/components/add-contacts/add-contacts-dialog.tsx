import { useCallback, useEffect, useMemo, useState } from 'react'
import { SearchInput } from '#app/components/contacts/search-input.tsx'
import { TagFilterPopover } from '#app/components/tags/tag-filter-popover.tsx'
import { useDebouncedValue } from '#app/components/tags/use-debounced-value.ts'
import { notify } from '#app/components/toaster.tsx'
import { DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { ADD_CONTACTS_TITLE, candidatesPath } from '#app/schemas/add-contacts.ts'
import { ApiError } from '#app/utils/api-client.ts'
import {
	AddContactsBar,
	CandidatePager,
	EMPTY_SELECTION,
	type Selection,
	SelectionBanner,
} from './add-contacts-bars.tsx'
import { type AddContactsGroup, addContactsRequest } from './add-contacts-client.ts'
import { AddContactsTable, type RowState } from './add-contacts-table.tsx'
import { type CandidateQuery, type CandidateRow, useCandidatePages } from './use-candidate-pages.ts'

// The spec: contact dialogs debounce their search by 50 ms.
const SEARCH_DEBOUNCE_MS = 50

/** Where the dialog opens: the search, tags and 1-based page of the URL (`?add&search&tags&page`). */
export type AddContactsStart = { search: string; tags: string[]; page: number }

type Sort = Pick<CandidateQuery, 'sortBy' | 'sortDirection'>
const DEFAULT_SORT: Sort = { sortBy: 'createdAt', sortDirection: 'desc' }

/**
 * Add Contacts, to a list or a campaign, as the spec describes it: search, tag filter, sortable
 * Name and Created At, checkbox selection, per-row Add, 100 per page with the next page
 * prefetched, select all across pages, the floating bar Add Selected (n) / Add All (total),
 * 8 skeleton rows, members shown as Added, and (campaigns) contacts failing the channel rules
 * disabled with the rule. Its state stays in the query string, like the form without JavaScript.
 */
export function AddContactsDialog({
	open,
	onOpenChange,
	group,
	start,
	onAdded,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	group: AddContactsGroup
	start?: AddContactsStart | null
	onAdded?: () => void
}) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title={ADD_CONTACTS_TITLE[group.kind]}
			description={`Choose the contacts to add to ${group.name}.`}
			className="flex h-[calc(100vh-4rem)] max-w-6xl flex-col gap-3 overflow-hidden"
		>
			{/* Mounted only while open: every opening starts from a clean state. */}
			{open ? <AddContactsBody group={group} start={start ?? null} onAdded={onAdded} /> : null}
		</DialogShell>
	)
}

function AddContactsBody({
	group,
	start,
	onAdded,
}: {
	group: AddContactsGroup
	start: AddContactsStart | null
	onAdded?: () => void
}) {
	const [search, setSearch] = useState(start?.search ?? '')
	const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
	const [tags, setTags] = useState<string[]>(start?.tags ?? [])
	const [sort, setSort] = useState<Sort>(DEFAULT_SORT)
	const query = useMemo<CandidateQuery>(
		() => ({ search: debouncedSearch, tags, ...sort }),
		[debouncedSearch, tags, sort],
	)
	const queryKey = JSON.stringify(query)
	const [pageState, setPageState] = useState({
		key: queryKey,
		page: start?.page ?? 1,
		selection: EMPTY_SELECTION,
	})
	// A new query starts again at page 1 with nothing selected (a selection belongs to what was seen).
	const current =
		pageState.key === queryKey ? pageState : { key: queryKey, page: 1, selection: EMPTY_SELECTION }
	const { page, selection } = current
	const setPage = (next: number) => setPageState({ ...current, page: next })
	const setSelection = (next: Selection) => setPageState({ ...current, selection: next })
	useStateInUrl(query, page)

	const { rows, total, addable, error, refresh } = useCandidatePages(candidatesPath(group.kind, group.id), query, page)
	const [addedIds, setAddedIds] = useState(() => new Set<string>())
	const [pendingIds, setPendingIds] = useState(() => new Set<string>())
	const [busy, setBusy] = useState(false)

	const rowState = useCallback(
		(row: CandidateRow): RowState => {
			const added = row.added || addedIds.has(row.id)
			const selectable = !added && !row.ineligibleReason
			const selected =
				selectable && (selection.mode === 'ids' ? selection.ids.has(row.id) : !selection.excluded.has(row.id))
			return {
				added,
				pending: pendingIds.has(row.id),
				selected,
				disabledReason: added ? null : row.ineligibleReason,
			}
		},
		[addedIds, pendingIds, selection],
	)

	const selectableOnPage = (rows ?? []).filter((row) => {
		const state = rowState(row)
		return !state.added && !state.disabledReason
	})
	const selectedOnPage = selectableOnPage.filter((row) => rowState(row).selected).length
	const pageChecked = selectableOnPage.length > 0 && selectedOnPage === selectableOnPage.length
	const selectedCount =
		selection.mode === 'ids' ? selection.ids.size : Math.max(0, (addable ?? 0) - selection.excluded.size)

	function toggleRows(ids: string[], checked: boolean) {
		const keep = selection.mode === 'ids' ? checked : !checked
		const next = new Set(selection.mode === 'ids' ? selection.ids : selection.excluded)
		for (const id of ids) {
			if (keep) next.add(id)
			else next.delete(id)
		}
		setSelection(selection.mode === 'ids' ? { mode: 'ids', ids: next } : { mode: 'all', excluded: next })
	}

	async function addBulk(kind: 'selected' | 'all') {
		setBusy(true)
		const filter = { search: query.search || undefined, tags: query.tags }
		try {
			const result =
				kind === 'all'
					? await addContactsRequest(group, 'all', filter)
					: selection.mode === 'all'
						? await addContactsRequest(group, 'all', filter, [...selection.excluded])
						: await addContactsRequest(group, [...selection.ids], filter)
			notify(result.toast)
			if (selection.mode === 'ids' && kind === 'selected') {
				const skipped = new Set(result.skipped.map((skip) => skip.id))
				setAddedIds((ids) => new Set([...ids, ...[...selection.ids].filter((id) => !skipped.has(id))]))
			}
			setSelection(EMPTY_SELECTION)
			refresh()
			onAdded?.()
		} catch (error) {
			if (!(error instanceof ApiError)) throw error
			notify({ type: 'error', title: error.message })
		} finally {
			setBusy(false)
		}
	}

	async function addRow(row: CandidateRow) {
		// Optimistic: the row reads Added at once and rolls back if the server refuses.
		setPendingIds((ids) => new Set(ids).add(row.id))
		setAddedIds((ids) => new Set(ids).add(row.id))
		let refusal: string | undefined
		let toast: Awaited<ReturnType<typeof addContactsRequest>>['toast'] | undefined
		try {
			const result = await addContactsRequest(group, [row.id], {})
			refusal = result.skipped[0]?.reason
			toast = result.toast
		} catch (error) {
			if (!(error instanceof ApiError)) throw error
			refusal = error.message
		}
		setPendingIds((ids) => withoutId(ids, row.id))
		if (refusal || !toast) {
			setAddedIds((ids) => withoutId(ids, row.id))
			notify({ type: 'error', title: refusal ?? '' })
			return
		}
		toggleRows([row.id], false)
		notify(toast)
		// Add All (n) counts those not yet added: one fewer now.
		refresh()
		onAdded?.()
	}

	return (
		<div className="flex min-h-0 flex-1 flex-col gap-3">
			<div className="flex flex-wrap items-center gap-2">
				<SearchInput
					aria-label="Search contacts"
					placeholder="Search by name, email, company or role"
					className="min-w-[14rem] flex-1"
					value={search}
					onChange={(event) => setSearch(event.currentTarget.value)}
				/>
				<TagFilterPopover selectedTagIds={tags} onChange={setTags} />
			</div>

			<SelectionBanner
				selection={selection}
				total={total ?? 0}
				pageChecked={pageChecked}
				pageRows={rows?.length ?? 0}
				onSelectAll={() => setSelection({ mode: 'all', excluded: new Set() })}
				onClear={() => setSelection(EMPTY_SELECTION)}
			/>

			<div className="min-h-0 flex-1 overflow-auto rounded-md border">
				{error ? (
					<p className="p-4 text-sm text-destructive" role="alert">
						{error}
					</p>
				) : rows && rows.length === 0 ? (
					<p className="p-4 text-sm text-muted-foreground">No contacts found</p>
				) : (
					<AddContactsTable
						rows={rows}
						sort={sort}
						onSort={(field) => setSort((previous) => nextSort(previous, field))}
						rowState={rowState}
						pageChecked={pageChecked}
						pageIndeterminate={selectedOnPage > 0 && !pageChecked}
						pageSelectable={selectableOnPage.length > 0}
						onTogglePage={(checked) =>
							toggleRows(
								selectableOnPage.map((row) => row.id),
								checked,
							)
						}
						onToggleRow={(id, checked) => toggleRows([id], checked)}
						onAddRow={addRow}
					/>
				)}
			</div>

			<CandidatePager page={page} total={total} onPage={setPage} />
			{total ? (
				<AddContactsBar selectedCount={selectedCount} total={addable ?? 0} busy={busy} onAdd={addBulk} />
			) : null}
		</div>
	)
}

/** A header click: the same field flips its direction; a new one starts A→Z (Name) or newest first. */
function nextSort(previous: Sort, field: Sort['sortBy']): Sort {
	if (previous.sortBy === field) {
		return { sortBy: field, sortDirection: previous.sortDirection === 'asc' ? 'desc' : 'asc' }
	}
	return { sortBy: field, sortDirection: field === 'firstName' ? 'asc' : 'desc' }
}

function withoutId(ids: Set<string>, id: string) {
	const next = new Set(ids)
	next.delete(id)
	return next
}

const URL_KEYS = ['add', 'search', 'tags', 'page', 'sortBy', 'sortDirection']

/**
 * Keeps the dialog's state in the query string (the spec: the add-to-list dialog keeps tags, page
 * and search there), the same URL the form without JavaScript reads, so a reload or a shared link
 * opens the same view. The address is replaced in place (not a navigation: the page's loaders do
 * not rerun on every keystroke), and restored when the dialog closes.
 */
function useStateInUrl(query: CandidateQuery, page: number) {
	useEffect(() => {
		const url = new URL(window.location.href)
		for (const key of URL_KEYS) url.searchParams.delete(key)
		url.searchParams.set('add', '1')
		if (query.search) url.searchParams.set('search', query.search)
		if (query.tags.length) url.searchParams.set('tags', query.tags.join(','))
		if (page > 1) url.searchParams.set('page', String(page))
		if (query.sortBy !== DEFAULT_SORT.sortBy) url.searchParams.set('sortBy', query.sortBy)
		if (query.sortDirection !== DEFAULT_SORT.sortDirection)
			url.searchParams.set('sortDirection', query.sortDirection)
		window.history.replaceState(window.history.state, '', url)
	}, [query, page])
	useEffect(() => {
		const pathname = window.location.pathname
		return () => {
			// Only on this page: after a navigation away the address is another page's.
			if (window.location.pathname !== pathname) return
			const url = new URL(window.location.href)
			for (const key of URL_KEYS) url.searchParams.delete(key)
			window.history.replaceState(window.history.state, '', url)
		}
	}, [])
}
