import { useCallback, useMemo, useState } from 'react'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'

/** The props of a dialog that acts on the contacts screen's selection (add tags, add to a list…). */
export type SelectionDialogProps = {
	open: boolean
	onOpenChange: (open: boolean) => void
	/** The ticked rows, or 'all' contacts matching `filter` (minus `excludeIds`). */
	selection: 'all' | string[]
	filter: ContactFilter
	excludeIds?: string[]
	/** How many contacts the selection holds, for the labels. */
	contactCount: number
}

/**
 * Row selection of the contacts table: picked ids (kept across pages), or "all contacts
 * matching the filter" minus the rows unticked afterwards. Bulk actions get exactly this as
 * `selection` ('all' | ids) and `excludeIds`.
 */
export type SelectionState =
	{ mode: 'ids'; ids: ReadonlySet<string> } | { mode: 'all'; excludeIds: ReadonlySet<string> }

const EMPTY: SelectionState = { mode: 'ids', ids: new Set() }

export function useContactSelection({ total, resetKey }: { total: number; resetKey: string }) {
	const [state, setState] = useState<{ key: string; selection: SelectionState }>({
		key: resetKey,
		selection: EMPTY,
	})
	// A new filter is a new set of contacts: whatever was selected no longer applies.
	const selection = state.key === resetKey ? state.selection : EMPTY
	const update = useCallback(
		(next: (current: SelectionState) => SelectionState) =>
			setState((previous) => ({
				key: resetKey,
				selection: next(previous.key === resetKey ? previous.selection : EMPTY),
			})),
		[resetKey],
	)

	const isSelected = useCallback(
		(id: string) => (selection.mode === 'all' ? !selection.excludeIds.has(id) : selection.ids.has(id)),
		[selection],
	)

	const setRows = useCallback(
		(ids: string[], checked: boolean) =>
			update((current) => {
				if (current.mode === 'all') {
					const excludeIds = new Set(current.excludeIds)
					for (const id of ids) {
						if (checked) excludeIds.delete(id)
						else excludeIds.add(id)
					}
					return excludeIds.size >= total ? EMPTY : { mode: 'all', excludeIds }
				}
				const selected = new Set(current.ids)
				for (const id of ids) {
					if (checked) selected.add(id)
					else selected.delete(id)
				}
				return { mode: 'ids', ids: selected }
			}),
		[update, total],
	)

	const selectAll = useCallback(() => update(() => ({ mode: 'all', excludeIds: new Set() })), [update])
	const clear = useCallback(() => update(() => EMPTY), [update])
	/** Drops ids that left the table (a deleted contact) so counts stay right. */
	const forget = useCallback(
		(id: string) =>
			update((current) => {
				if (current.mode === 'all' || !current.ids.has(id)) return current
				const ids = new Set(current.ids)
				ids.delete(id)
				return { mode: 'ids', ids }
			}),
		[update],
	)

	const count = selection.mode === 'all' ? Math.max(0, total - selection.excludeIds.size) : selection.ids.size

	return useMemo(
		() => ({
			selection,
			count,
			isSelected,
			setRows,
			selectAll,
			clear,
			forget,
			/** The bulk-action arguments of this selection. */
			target: {
				selection: selection.mode === 'all' ? ('all' as const) : [...selection.ids],
				excludeIds: selection.mode === 'all' ? [...selection.excludeIds] : [],
			},
		}),
		[selection, count, isSelected, setRows, selectAll, clear, forget],
	)
}

export type ContactSelectionApi = ReturnType<typeof useContactSelection>
