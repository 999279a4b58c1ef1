import { useLocation, useNavigate, useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { ADD_CONTACTS_TITLE, type CandidateRow } from '#app/schemas/add-contacts.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { type AddContactsGroup } from './add-contacts-client.ts'
import { AddContactsDialog } from './add-contacts-dialog.tsx'
import { ContactPickerPanel, type PickerState } from './contact-picker-panel.tsx'

/** The page loader's `?add` form state and rows (loadAddContactsPanel), or null without `?add`. */
export type AddContactsPanelData = PickerState & { total: number; addable: number; rows: CandidateRow[] }

/**
 * Add Contacts on a list or campaign page at `base`. Without JavaScript (and until the page is
 * hydrated) `element` is the form on the page when the URL has `?add`; with it, the dialog, which
 * `open()` opens (the page's Add Contacts link calls it) and which is open from the start when
 * the URL has `?add`, on the URL's search, tags and page. After an add the page's members reload.
 */
export function useAddContacts({
	group,
	base,
	intent,
	panel,
}: {
	group: AddContactsGroup
	base: string
	/** The page action's intent for the form without JavaScript. */
	intent: string
	panel: AddContactsPanelData | null
}) {
	const hydrated = useHydrated()
	const location = useLocation()
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const [open, setOpen] = useState(Boolean(panel))

	function onOpenChange(next: boolean) {
		setOpen(next)
		// Opened from `?add`: closing leaves it (the page's loader then stops loading the form).
		if (!next && new URLSearchParams(location.search).has('add')) {
			navigate(base, { replace: true, preventScrollReset: true })
		}
	}

	const element = !hydrated ? (
		panel ? (
			<ContactPickerPanel
				heading={ADD_CONTACTS_TITLE[group.kind]}
				intent={intent}
				base={base}
				state={panel}
				rows={panel.rows}
				total={panel.total}
				addable={panel.addable}
			/>
		) : null
	) : (
		<AddContactsDialog
			open={open}
			onOpenChange={onOpenChange}
			group={group}
			start={panel}
			onAdded={() => revalidator.revalidate()}
		/>
	)
	return { open: () => setOpen(true), element }
}
