import { useLocation, useNavigate } from '@remix-run/react'
import { ADD_CONTACTS_TITLE, type CandidateRow } from '#app/schemas/add-contacts.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { AddContactsDialog } from './add-contacts-dialog.tsx'
import { type AddContactsGroup } from './add-contacts-client.ts'
import { ContactPickerPanel, type PickerState } from './contact-picker-panel.tsx'

/** The page loader's `?add` form state and rows (loadAddContactsPanel), or null without `?add`. */
export type AddContactsPanelData = PickerState & { total: number; rows: CandidateRow[] }

/**
 * Add Contacts on a list or campaign page at `base`: without JavaScript (and until the page is
 * hydrated) the form on the page when the URL has `?add`; with it, the dialog, open while
 * `open` (and from the start when the URL has `?add`, on the URL's search, tags and page).
 */
export function AddContacts({
	group,
	base,
	intent,
	panel,
	open,
	onOpenChange,
	onAdded,
}: {
	group: AddContactsGroup
	base: string
	/** The page action's intent for the form without JavaScript. */
	intent: string
	panel: AddContactsPanelData | null
	open: boolean
	onOpenChange: (open: boolean) => void
	onAdded: () => void
}) {
	const hydrated = useHydrated()
	const location = useLocation()
	const navigate = useNavigate()
	if (!hydrated) {
		return panel ? (
			<ContactPickerPanel
				heading={ADD_CONTACTS_TITLE[group.kind]}
				intent={intent}
				base={base}
				state={panel}
				rows={panel.rows}
				total={panel.total}
			/>
		) : null
	}
	return (
		<AddContactsDialog
			open={open}
			onOpenChange={(next) => {
				onOpenChange(next)
				// Opened from `?add`: closing leaves it (the page's loader then stops loading the form).
				if (!next && new URLSearchParams(location.search).has('add')) {
					navigate(base, { replace: true, preventScrollReset: true })
				}
			}}
			group={group}
			start={panel}
			onAdded={onAdded}
		/>
	)
}
