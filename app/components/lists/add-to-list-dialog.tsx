import {
	GroupChoiceFooter,
	GroupRadioList,
	GroupSearchInput,
	useGroupChoice,
} from '#app/components/contacts/group-radio-list.tsx'
import { Plus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '#app/components/ui/button.tsx'
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogHeader,
	DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'
import { contactsAddedToListMessage, LIST_ADD_FORBIDDEN } from '#app/schemas/list.ts'
import { useOptionalActor } from '#app/utils/actor.ts'
import { CreateListDialogForm } from './create-list-dialog.tsx'
import { addContactsToListRequest, fetchLists, type ListOption } from './lists-client.ts'

export type BulkDialogProps = {
	open: boolean
	onOpenChange: (open: boolean) => void
	/** The ticked rows, or 'all' contacts matching `filter` (minus `excludeIds`). */
	selection: 'all' | string[]
	filter: ContactFilter
	excludeIds?: string[]
	/** How many contacts the selection holds, for the labels. */
	contactCount: number
	onAdded?: () => void
}

/**
 * Add Contacts to List (administrators only): choose a list, or create one, then add the
 * selection in one request. Others get "Only administrators can add contacts to lists" and
 * the dialog closes.
 */
export function AddToListDialog({
	open,
	onOpenChange,
	selection,
	filter,
	excludeIds,
	contactCount,
	onAdded,
}: BulkDialogProps) {
	const actor = useOptionalActor()
	const isAdmin = Boolean(actor?.isPlatformAdmin)
	// Once per opening, however often the caller re-renders before closing it.
	const refused = useRef(false)
	useEffect(() => {
		if (!open) refused.current = false
		else if (!isAdmin && !refused.current) {
			refused.current = true
			toast.error(LIST_ADD_FORBIDDEN)
			onOpenChange(false)
		}
	}, [open, isAdmin, onOpenChange])

	return (
		<Dialog open={open && isAdmin} onOpenChange={onOpenChange}>
			<DialogContent className="max-w-lg">
				<DialogHeader>
					<DialogTitle>Add to List</DialogTitle>
					<DialogDescription>
						Add {contactCount.toLocaleString('en-US')} {contactCount === 1 ? 'contact' : 'contacts'} to a
						list.
					</DialogDescription>
				</DialogHeader>
				{open && isAdmin ? (
					<ChooseList
						onClose={() => onOpenChange(false)}
						onAdd={async (list) => {
							const outcome = await addContactsToListRequest(list.id, selection, filter, excludeIds)
							if (outcome.ok) {
								toast.success(outcome.data.message ?? contactsAddedToListMessage(outcome.data.added))
								onAdded?.()
								onOpenChange(false)
								return
							}
							toast.error(outcome.message ?? 'Failed to add contacts to list. Please try again.')
							if (outcome.status === 403) onOpenChange(false)
						}}
					/>
				) : null}
			</DialogContent>
		</Dialog>
	)
}

function ChooseList({ onAdd, onClose }: { onAdd: (list: ListOption) => Promise<void>; onClose: () => void }) {
	const {
		groups: lists,
		setGroups: setLists,
		loadError,
		search,
		setSearch,
		visible,
		selectedId,
		setSelectedId,
		selected,
	} = useGroupChoice(fetchLists, 'Failed to load lists')
	const [creating, setCreating] = useState(false)

	if (creating) {
		return (
			<CreateListDialogForm
				cancelLabel="Back"
				onClose={() => setCreating(false)}
				onCreated={(list) => {
					setLists((current) => [{ ...list, contactCount: 0 }, ...(current ?? [])])
					setSelectedId(list.id)
					setCreating(false)
				}}
			/>
		)
	}

	return (
		<>
			<div className="flex gap-2">
				<GroupSearchInput label="Search lists" value={search} onChange={setSearch} className="flex-1" />
				<Button type="button" variant="outline" onClick={() => setCreating(true)}>
					<Plus aria-hidden="true" />
					New list
				</Button>
			</div>
			<GroupRadioList
				label="Lists"
				name="listId"
				groups={lists}
				visible={visible}
				loadError={loadError}
				selectedId={selectedId}
				onSelect={setSelectedId}
				emptyMessage="No lists yet: create one"
				noMatchMessage="No lists match your search"
				renderDetails={(list) => (
					<>
						<span className="min-w-0 flex-1 truncate font-medium">{list.name}</span>
						<span className="text-xs text-muted-foreground">
							{list.contactCount.toLocaleString('en-US')} contacts
						</span>
					</>
				)}
			/>
			<GroupChoiceFooter selected={selected} addLabel="Add to list" onAdd={onAdd} onClose={onClose} />
		</>
	)
}
