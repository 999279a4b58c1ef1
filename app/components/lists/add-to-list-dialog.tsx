import { type BulkDialogProps, GroupChoiceDialog } from '#app/components/contacts/group-radio-list.tsx'
import { notify } from '#app/components/toaster.tsx'
import { contactsAddedToListMessage, LIST_ADD_FORBIDDEN } from '#app/schemas/list.ts'
import { CreateListDialogForm } from './create-list-dialog.tsx'
import { addContactsToListRequest, fetchLists, type ListOption } from './lists-client.ts'
import { useAdminOnlyDialog } from './use-admin-only-dialog.ts'

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
	const allowed = useAdminOnlyDialog(open, onOpenChange, LIST_ADD_FORBIDDEN)
	return (
		<GroupChoiceDialog<ListOption>
			open={allowed}
			onOpenChange={onOpenChange}
			noun="list"
			contactCount={contactCount}
			load={fetchLists}
			emptyMessage="No lists yet: create one"
			renderDetails={(list) => (
				<>
					<span className="min-w-0 flex-1 truncate font-medium">{list.name}</span>
					<span className="text-xs text-muted-foreground">
						{list.contactCount.toLocaleString('en-US')} contacts
					</span>
				</>
			)}
			onAdd={async (list) => {
				const result = await addContactsToListRequest(list.id, selection, filter, excludeIds)
				notify({ type: 'success', title: result.message ?? contactsAddedToListMessage(result.added) })
				onAdded?.()
			}}
			create={{
				label: 'New list',
				render: ({ onCreated, onCancel }) => (
					<CreateListDialogForm
						cancelLabel="Back"
						onClose={onCancel}
						onCreated={(list) => onCreated({ ...list, contactCount: 0 })}
					/>
				),
			}}
		/>
	)
}
