import { useFetcher } from '@remix-run/react'
import { Loader2, Plus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { DialogCancelButton, DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { CreateSequenceDialog } from './create-sequence-dialog.tsx'
import {
	type ContactSequencesData,
	ContactSequencesEmpty,
	ContactSequencesTable,
} from './contact-sequences-table.tsx'
import { SequenceDrawer } from './sequence-drawer/sequence-drawer.tsx'

/** The View Sequences page's data, for the dialog's fetcher (?index: the route is an index route). */
export function contactSequencesPath(contactId: string) {
	return `/contacts/${encodeURIComponent(contactId)}/sequences?index`
}

/**
 * View Sequences (contact panels): the contact's sequences (Subject, Status, Steps, Progress,
 * Created); a row opens the sequence drawer over the dialog. Cancel closes; Generate New
 * Sequence starts the manual builder.
 */
export function ViewSequencesDialog({
	contact,
	open,
	onOpenChange,
}: {
	contact: { id: string; firstName: string; lastName: string; email: string | null }
	open: boolean
	onOpenChange: (open: boolean) => void
}) {
	const loader = useFetcher<ContactSequencesData>()
	const [openSequenceId, setOpenSequenceId] = useState<string | null>(null)
	const [creating, setCreating] = useState(false)
	const { load } = loader
	useEffect(() => {
		if (open) load(contactSequencesPath(contact.id))
	}, [open, contact.id, load])
	const loaded =
		loader.data !== undefined && (loader.data.contact === null || loader.data.contact.id === contact.id)
	const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ')
	return (
		<>
			<DialogShell
				open={open}
				onOpenChange={onOpenChange}
				title="Sequences"
				description={`Sequences for ${name}`}
				className="max-w-3xl"
				footer={
					<>
						<DialogCancelButton />
						<Button type="button" onClick={() => setCreating(true)}>
							<Plus aria-hidden="true" />
							Generate New Sequence
						</Button>
					</>
				}
			>
				{!loaded ? (
					<p
						className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground"
						role="status"
					>
						<Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
						Finding sequences...
					</p>
				) : loader.data?.sequences.length ? (
					<ContactSequencesTable
						sequences={loader.data.sequences}
						onOpen={setOpenSequenceId}
						onGenerated={() => load(contactSequencesPath(contact.id))}
					/>
				) : (
					<ContactSequencesEmpty />
				)}
			</DialogShell>
			{creating ? (
				<CreateSequenceDialog
					contact={contact}
					open
					onOpenChange={setCreating}
					// The list reloads by itself (its fetcher follows the create action); show the new one.
					onCreated={(sequence) => setOpenSequenceId(sequence.id)}
				/>
			) : null}
			<SequenceDrawer
				sequenceId={openSequenceId}
				open={openSequenceId !== null}
				onOpenChange={(next) => {
					if (!next) setOpenSequenceId(null)
				}}
			/>
		</>
	)
}
