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
import { ContactForm, NEW_CONTACT_ACTION } from './contact-form.tsx'

/**
 * The Add Contact dialog. Posts to /contacts/new with a fetcher (mode=dialog): closes on success
 * ("Contact created successfully") and hands the contact to onCreated; on an error it stays open.
 */
export function AddContactDialog({
	open,
	onOpenChange,
	onCreated,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	onCreated?: (contact: { id: string }) => void
}) {
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			{open ? (
				<DialogContent className="max-w-2xl" aria-describedby="add-contact-description">
					<AddContactBody onClose={() => onOpenChange(false)} onCreated={onCreated} />
				</DialogContent>
			) : null}
		</Dialog>
	)
}

function AddContactBody({
	onClose,
	onCreated,
}: {
	onClose: () => void
	onCreated?: (contact: { id: string }) => void
}) {
	const fetcher = useFetcher<ContactActionData>()
	const created = fetcher.state === 'idle' ? fetcher.data?.contact : undefined
	const handled = useRef<string | null>(null)

	useEffect(() => {
		if (!created || handled.current === created.id) return
		handled.current = created.id
		onCreated?.(created)
		onClose()
	}, [created, onCreated, onClose])

	return (
		<>
			<DialogHeader>
				<DialogTitle>Add Contact</DialogTitle>
				<DialogDescription id="add-contact-description">Fields marked * are required.</DialogDescription>
			</DialogHeader>
			<ContactForm
				id="add-contact-dialog"
				variant="add"
				FormComponent={fetcher.Form}
				action={NEW_CONTACT_ACTION}
				hiddenFields={{ mode: 'dialog' }}
				lastResult={fetcher.data?.result}
				pending={fetcher.state !== 'idle'}
				autoFocus
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
