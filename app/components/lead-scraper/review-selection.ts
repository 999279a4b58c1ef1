import { useCallback, useRef, useState } from 'react'

// Which leads of the review are chosen, across pages: ids, or every new lead of the import
// ("Select all n new leads", saved on the server as `all`).

type Selection = { mode: 'ids'; ids: ReadonlySet<string> } | { mode: 'all' }

type PageLead = { id: string; existingContactId: string | null }

const NONE: Selection = { mode: 'ids', ids: new Set() }

export function useReviewSelection(leads: PageLead[], newCount: number) {
	const [selection, setSelection] = useState<Selection>(NONE)
	// Whether each lead seen on any page is already a contact, as last loaded: a chosen lead saved
	// meanwhile (another tab, a colleague) makes the save "Process existing contacts".
	const knownExisting = useRef(new Map<string, boolean>())
	for (const lead of leads) knownExisting.current.set(lead.id, lead.existingContactId !== null)

	const pageNewIds = leads.filter((lead) => lead.existingContactId === null).map((lead) => lead.id)
	const isSelected = (lead: PageLead) =>
		selection.mode === 'all' ? lead.existingContactId === null : selection.ids.has(lead.id)

	function update(change: (ids: Set<string>) => void) {
		setSelection((previous) => {
			// Leaving "all": what was on this page stays chosen.
			const ids = new Set(previous.mode === 'all' ? pageNewIds : previous.ids)
			change(ids)
			return { mode: 'ids', ids }
		})
	}

	const ids = selection.mode === 'ids' ? [...selection.ids] : []
	return {
		selectAll: selection.mode === 'all',
		ids,
		count: selection.mode === 'all' ? newCount : ids.length,
		existingCount: ids.filter((id) => knownExisting.current.get(id)).length,
		isSelected,
		pageChecked:
			pageNewIds.length > 0 && leads.every((lead) => lead.existingContactId !== null || isSelected(lead)),
		toggle(id: string, on: boolean) {
			update((next) => (on ? next.add(id) : next.delete(id)))
		},
		togglePage(on: boolean) {
			update((next) => {
				for (const lead of leads) {
					if (on && lead.existingContactId === null) next.add(lead.id)
					else if (!on) next.delete(lead.id)
				}
			})
		},
		setSelectAll(on: boolean) {
			setSelection(on ? { mode: 'all' } : NONE)
		},
		clear: useCallback(() => setSelection(NONE), []),
	}
}
