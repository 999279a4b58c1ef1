import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import {
	Dialog,
	DialogClose,
	DialogContent,
	DialogDescription,
	DialogHeader,
	DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { type ContactActionData } from '#app/schemas/contact.ts'
import { ContactForm, type ContactFormValues, editContactAction } from './contact-form.tsx'

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
}: {
	contact: ContactFormValues
	open: boolean
	onOpenChange: (open: boolean) => void
	onUpdated?: (contact: { id: string } & Record<string, unknown>) => void
}) {
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			{open ? (
				<DialogContent className="max-w-2xl" aria-describedby="edit-contact-description">
					<EditContactBody contact={contact} onClose={() => onOpenChange(false)} onUpdated={onUpdated} />
				</DialogContent>
			) : null}
		</Dialog>
	)
}

function EditContactBody({
	contact,
	onClose,
	onUpdated,
}: {
	contact: ContactFormValues
	onClose: () => void
	onUpdated?: (contact: { id: string } & Record<string, unknown>) => void
}) {
	const fetcher = useFetcher<ContactActionData>()
	const saved = fetcher.state === 'idle' ? fetcher.data?.contact : undefined
	const handled = useRef<unknown>(null)

	useEffect(() => {
		if (!saved || handled.current === saved) return
		handled.current = saved
		onUpdated?.(saved)
		onClose()
	}, [saved, onUpdated, onClose])

	return (
		<>
			<DialogHeader>
				<DialogTitle>Edit Contact</DialogTitle>
				<DialogDescription id="edit-contact-description">
					First name, last name, email and company are required.
				</DialogDescription>
			</DialogHeader>
			<ContactForm
				id={`edit-contact-${contact.id}`}
				variant="edit"
				contact={contact}
				FormComponent={fetcher.Form}
				action={editContactAction(contact.id)}
				hiddenFields={{ mode: 'dialog' }}
				lastResult={fetcher.data?.result}
				pending={fetcher.state !== 'idle'}
				secondaryAction={
					<DialogClose asChild>
						<Button type="button" variant="outline">
							Cancel
						</Button>
					</DialogClose>
				}
			/>
		</>
	)
}
