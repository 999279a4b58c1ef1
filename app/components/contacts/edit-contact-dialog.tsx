import { DialogShell, type DialogOpenProps } from '#app/components/ui/dialog-shell.tsx'
import { ContactDialogForm } from './contact-form-dialog.tsx'
import { type ContactFormValues } from './contact-form.tsx'

/**
 * The Edit Contact modal: company and tag pickers, first, middle and last name, email, phone,
 * role, LinkedIn URL, role details and summary. Posts to the edit page's action with a fetcher
 * (mode=dialog): closes on success and hands the saved contact to onUpdated; on an error it
 * stays open with the messages (the action also toasts "An error occurred while saving").
 */
export function EditContactDialog({
	contact,
	open,
	onOpenChange,
	onUpdated,
}: DialogOpenProps & {
	contact: ContactFormValues
	onUpdated?: (contact: { id: string } & Record<string, unknown>) => void
}) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title="Edit Contact"
			description="First name, last name, email and company are required."
			descriptionId="edit-contact-description"
			className="max-w-2xl"
		>
			<ContactDialogForm contact={contact} onClose={() => onOpenChange(false)} onSaved={onUpdated} />
		</DialogShell>
	)
}
