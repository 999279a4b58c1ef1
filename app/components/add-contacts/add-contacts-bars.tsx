import { Button } from '#app/components/ui/button.tsx'
import { CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'

// The bars around the Add Contacts table: the select-all banner above, the range and pager
// below, and the floating bar with Add Selected (n) / Add All (total).

export type Selection = { mode: 'ids'; ids: Set<string> } | { mode: 'all'; excluded: Set<string> }
export const EMPTY_SELECTION: Selection = { mode: 'ids', ids: new Set() }

const count = (value: number) => value.toLocaleString('en-US')

export function SelectionBanner({
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
				All {count(total)} matching contacts are selected
				{selection.excluded.size ? ` (except ${count(selection.excluded.size)})` : ''}.{' '}
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
				Select all {count(total)} contacts
			</Button>
		</p>
	)
}

/** "1–100 of 101" and Previous / Page n of m / Next; `page` is 1-based, `total` null while loading. */
export function CandidatePager({
	page,
	total,
	onPage,
}: {
	page: number
	total: number | null
	onPage: (page: number) => void
}) {
	const pageCount = total === null ? null : Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE))
	const first = (page - 1) * CONTACTS_PAGE_SIZE + 1
	return (
		<div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
			<span aria-live="polite">
				{total === null
					? 'Loading…'
					: total === 0
						? '0 contacts'
						: `${count(first)}–${count(Math.min(total, page * CONTACTS_PAGE_SIZE))} of ${count(total)}`}
			</span>
			<nav aria-label="Pagination" className="flex items-center gap-2">
				<Button
					type="button"
					variant="outline"
					size="sm"
					disabled={page <= 1}
					onClick={() => onPage(page - 1)}
				>
					Previous
				</Button>
				<span>
					Page {page}
					{pageCount ? ` of ${pageCount}` : ''}
				</span>
				<Button
					type="button"
					variant="outline"
					size="sm"
					disabled={pageCount === null || page >= pageCount}
					onClick={() => onPage(page + 1)}
				>
					Next
				</Button>
			</nav>
		</div>
	)
}

/** The floating bar: the spec's Add Selected (n) and Add All (n), n the matching contacts not yet added. */
export function AddContactsBar({
	selectedCount,
	total,
	busy,
	onAdd,
}: {
	selectedCount: number
	total: number
	busy: boolean
	onAdd: (kind: 'selected' | 'all') => void
}) {
	return (
		<div
			role="region"
			aria-label="Add contacts actions"
			className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background px-4 py-3 shadow-lg"
		>
			<span className="text-sm">
				{selectedCount
					? `${count(selectedCount)} selected`
					: 'Select contacts, or add every contact matching the search and tags'}
			</span>
			<div className="flex gap-2">
				<Button type="button" disabled={busy || selectedCount === 0} onClick={() => onAdd('selected')}>
					Add Selected ({count(selectedCount)})
				</Button>
				<Button type="button" variant="secondary" disabled={busy || total === 0} onClick={() => onAdd('all')}>
					Add All ({count(total)})
				</Button>
			</div>
		</div>
	)
}
