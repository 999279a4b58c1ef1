import { useCallback, useMemo, useState } from 'react'
import { SearchInput } from '#app/components/contacts/search-input.tsx'
import { TagFilterPopover } from '#app/components/tags/tag-filter-popover.tsx'
import { useDebouncedValue } from '#app/components/tags/use-debounced-value.ts'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { type CampaignBatchResult, campaignBatchToast } from '#app/schemas/campaign.ts'
import { CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'
import { ApiError } from '#app/utils/api-client.ts'
import { AddContactsTable, type RowState } from './add-contacts-table.tsx'
import { addContactsToCampaignRequest } from './campaigns-client.ts'
import { type CandidateQuery, type CandidateRow, useCandidatePages } from './use-candidate-pages.ts'

// The spec: contact dialogs debounce their search by 50 ms.
const SEARCH_DEBOUNCE_MS = 50

type Selection = { mode: 'ids'; ids: Set<string> } | { mode: 'all'; excluded: Set<string> }
const EMPTY_SELECTION: Selection = { mode: 'ids', ids: new Set() }

export type AddContactsCampaign = { id: string; name: string; channels: readonly string[] }

/**
 * Add Contacts (to a campaign), as the spec describes it: search, tag filter, sortable Name and
 * Created At, checkbox selection, per-row Add, 100 per page with the next page prefetched,
 * select all across pages, the floating bar Add Selected (n) / Add All (total), 8 skeleton
 * rows, members shown as Added, and contacts failing the channel rules disabled with the rule.
 */
export function AddContactsDialog({
	open,
	onOpenChange,
	campaign,
	onAdded,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	campaign: AddContactsCampaign
	onAdded?: () => void
}) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title="Add Contacts"
			description={`Choose the contacts to add to ${campaign.name}.`}
			className="flex h-[calc(100vh-4rem)] max-w-6xl flex-col gap-3 overflow-hidden"
		>
			{/* Mounted only while open: every opening starts from a clean state. */}
			{open ? <AddContactsBody campaign={campaign} onAdded={onAdded} /> : null}
		</DialogShell>
	)
}

function AddContactsBody({ campaign, onAdded }: { campaign: AddContactsCampaign; onAdded?: () => void }) {
	const [search, setSearch] = useState('')
	const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
	const [tags, setTags] = useState<string[]>([])
	const [sort, setSort] = useState<Pick<CandidateQuery, 'sortBy' | 'sortDirection'>>({
		sortBy: 'createdAt',
		sortDirection: 'desc',
	})
	const query = useMemo<CandidateQuery>(
		() => ({ search: debouncedSearch, tags, ...sort }),
		[debouncedSearch, tags, sort],
	)
	const queryKey = JSON.stringify(query)
	const [pageState, setPageState] = useState({ key: queryKey, page: 0, selection: EMPTY_SELECTION })
	// A new query starts again at page 1 with nothing selected (a selection belongs to what was seen).
	const current =
		pageState.key === queryKey ? pageState : { key: queryKey, page: 0, selection: EMPTY_SELECTION }
	const { page, selection } = current
	const setPage = (next: number) => setPageState({ ...current, page: next })
	const setSelection = (next: Selection) => setPageState({ ...current, selection: next })

	const { rows, total, error, refresh } = useCandidatePages(campaign.id, query, page)
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
		selection.mode === 'ids' ? selection.ids.size : Math.max(0, (total ?? 0) - selection.excluded.size)
	const pageCount = total === null ? null : Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE))

	function toggleRows(ids: string[], checked: boolean) {
		if (selection.mode === 'ids') {
			const next = new Set(selection.ids)
			for (const id of ids) {
				if (checked) next.add(id)
				else next.delete(id)
			}
			setSelection({ mode: 'ids', ids: next })
		} else {
			const next = new Set(selection.excluded)
			for (const id of ids) {
				if (checked) next.delete(id)
				else next.add(id)
			}
			setSelection({ mode: 'all', excluded: next })
		}
	}

	async function addBulk(kind: 'selected' | 'all') {
		setBusy(true)
		const filter = { search: query.search || undefined, tags: query.tags }
		const fallbackMessage = 'Failed to add contacts. Please try again.'
		try {
			const result =
				kind === 'all'
					? await addContactsToCampaignRequest(campaign.id, 'all', filter, { fallbackMessage })
					: selection.mode === 'all'
						? await addContactsToCampaignRequest(campaign.id, 'all', filter, {
								excludeIds: [...selection.excluded],
								fallbackMessage,
							})
						: await addContactsToCampaignRequest(campaign.id, [...selection.ids], filter, { fallbackMessage })
			notify(campaignBatchToast(result))
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
		let result: CampaignBatchResult | null = null
		let refusal: string | undefined
		try {
			result = await addContactsToCampaignRequest(
				campaign.id,
				[row.id],
				{},
				{
					fallbackMessage: 'Failed to add contact. Please try again.',
				},
			)
			refusal = result.skipped[0]?.reason
		} catch (error) {
			if (!(error instanceof ApiError)) throw error
			refusal = error.message
		}
		setPendingIds((ids) => {
			const next = new Set(ids)
			next.delete(row.id)
			return next
		})
		if (refusal || !result) {
			setAddedIds((ids) => {
				const next = new Set(ids)
				next.delete(row.id)
				return next
			})
			notify({ type: 'error', title: refusal ?? '' })
			return
		}
		toggleRows([row.id], false)
		notify(campaignBatchToast(result))
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
						onSort={(field) =>
							setSort((previous) => ({
								sortBy: field,
								sortDirection:
									previous.sortBy === field
										? previous.sortDirection === 'asc'
											? 'desc'
											: 'asc'
										: field === 'firstName'
											? 'asc'
											: 'desc',
							}))
						}
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

			<div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
				<span aria-live="polite">
					{total === null
						? 'Loading…'
						: total === 0
							? '0 contacts'
							: `${(page * CONTACTS_PAGE_SIZE + 1).toLocaleString('en-US')}–${Math.min(
									total,
									(page + 1) * CONTACTS_PAGE_SIZE,
								).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`}
				</span>
				<nav aria-label="Pagination" className="flex items-center gap-2">
					<Button
						type="button"
						variant="outline"
						size="sm"
						disabled={page === 0}
						onClick={() => setPage(page - 1)}
					>
						Previous
					</Button>
					<span>
						Page {page + 1}
						{pageCount ? ` of ${pageCount}` : ''}
					</span>
					<Button
						type="button"
						variant="outline"
						size="sm"
						disabled={pageCount === null || page + 1 >= pageCount}
						onClick={() => setPage(page + 1)}
					>
						Next
					</Button>
				</nav>
			</div>

			{total ? (
				<div
					role="region"
					aria-label="Add contacts actions"
					className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background px-4 py-3 shadow-lg"
				>
					<span className="text-sm">
						{selectedCount
							? `${selectedCount.toLocaleString('en-US')} selected`
							: 'Select contacts, or add every contact matching the search and tags'}
					</span>
					<div className="flex gap-2">
						<Button type="button" disabled={busy || selectedCount === 0} onClick={() => addBulk('selected')}>
							Add Selected ({selectedCount.toLocaleString('en-US')})
						</Button>
						<Button type="button" variant="secondary" disabled={busy} onClick={() => addBulk('all')}>
							Add All ({total.toLocaleString('en-US')})
						</Button>
					</div>
				</div>
			) : null}
		</div>
	)
}

function SelectionBanner({
	selection,
	total,
	pageChecked,
	pageRows,
	onSelectAll,
	onClear,
}: {
	selection: Selection
	total: number
	pageChecked: boolean
	pageRows: number
	onSelectAll: () => void
	onClear: () => void
}) {
	if (selection.mode === 'all') {
		return (
			<p className="rounded-md bg-muted px-3 py-2 text-sm">
				All {total.toLocaleString('en-US')} matching contacts are selected
				{selection.excluded.size ? ` (except ${selection.excluded.size.toLocaleString('en-US')})` : ''}.{' '}
				<Button type="button" variant="link" className="h-auto p-0" onClick={onClear}>
					Clear selection
				</Button>
			</p>
		)
	}
	if (!pageChecked || total <= pageRows) return null
	return (
		<p className="rounded-md bg-muted px-3 py-2 text-sm">
			All selectable contacts on this page are selected.{' '}
			<Button type="button" variant="link" className="h-auto p-0" onClick={onSelectAll}>
				Select all {total.toLocaleString('en-US')} contacts
			</Button>
		</p>
	)
}
