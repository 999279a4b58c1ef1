import { useFetcher } from '@remix-run/react'
import { DialogCancelButton, DialogShell, type DialogOpenProps } from '#app/components/ui/dialog-shell.tsx'
import { useOnNewValue } from '#app/utils/use-on-new-value.ts'
import { type ContactActionData } from '#app/schemas/contact.ts'
import {
	ContactForm,
	type ContactFormValues,
	editContactAction,
	NEW_CONTACT_ACTION,
} from './contact-form.tsx'

type SavedContact = NonNullable<ContactActionData['contact']>

/**
 * The Add Contact dialog. Posts to /contacts/new with a fetcher (mode=dialog): closes on success
 * ("Contact created successfully") and hands the contact to onCreated; on an error it stays open.
 */
export function AddContactDialog({
	open,
	onOpenChange,
	onCreated,
}: DialogOpenProps & { onCreated?: (contact: { id: string }) => void }) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title="Add Contact"
			description="Fields marked * are required."
			descriptionId="add-contact-description"
			className="max-w-2xl"
		>
			<ContactDialogForm onClose={() => onOpenChange(false)} onSaved={onCreated} />
		</DialogShell>
	)
}

/**
 * The contact form inside a dialog, on a fetcher (mode=dialog): adds a contact, or edits
 * `contact`; on success it hands the saved contact to onSaved and closes, on an error it stays
 * open with the messages.
 */
export function ContactDialogForm({
	contact,
	onClose,
	onSaved,
}: {
	/** Editing this contact; without it the form adds one. */
	contact?: ContactFormValues
	onClose: () => void
	onSaved?: (contact: SavedContact) => void
}) {
	const fetcher = useFetcher<ContactActionData>()
	useOnNewValue(fetcher.state === 'idle' ? fetcher.data?.contact : undefined, (saved) => {
		onSaved?.(saved)
		onClose()
	})
	return (
		<ContactForm
			id={contact ? `edit-contact-${contact.id}` : 'add-contact-dialog'}
			variant={contact ? 'edit' : 'add'}
			contact={contact}
			FormComponent={fetcher.Form}
			action={contact ? editContactAction(contact.id) : NEW_CONTACT_ACTION}
			hiddenFields={{ mode: 'dialog' }}
			lastResult={fetcher.data?.result}
			pending={fetcher.state !== 'idle'}
			autoFocus={!contact}
			secondaryAction={<DialogCancelButton />}
		/>
	)
}
