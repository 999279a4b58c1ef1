import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useGoogleScopeRetry } from '#app/components/mail/google-permissions-dialog.tsx'
import { useRateLimitInfo } from '#app/components/mail/rate-limit-info-dialog.tsx'
import { useSenderMailboxes } from '#app/components/mail/use-sender-mailboxes.ts'
import { DialogCancelButton, DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import {
	type CreateSequenceActionData,
	createSequenceAction,
	CreateSequenceForm,
	type SequenceContact,
} from './create-sequence/create-sequence-form.tsx'

export type CreatedSequence = NonNullable<CreateSequenceActionData['sequence']>

/**
 * The manual Create Email Sequence dialog. Posts to /contacts/:id/sequences/new with a fetcher;
 * closes on "Sequence created" and hands the sequence to onCreated. A missing Gmail grant opens
 * "Additional permissions required" and posts again once the user has signed in. The
 * rate-limit information shows the first time (until "Don't show this again").
 */
export function CreateSequenceDialog({
	contact,
	open,
	onOpenChange,
	onCreated,
}: {
	contact: SequenceContact
	open: boolean
	onOpenChange: (open: boolean) => void
	onCreated?: (sequence: CreatedSequence) => void
}) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title="Create Email Sequence"
			description="Write the emails yourself or ask the assistant to adjust them. The sequence is saved as a draft unless it starts immediately."
			descriptionId="create-sequence-description"
			className="max-w-6xl"
		>
			{open ? (
				<CreateSequenceBody contact={contact} onClose={() => onOpenChange(false)} onCreated={onCreated} />
			) : null}
		</DialogShell>
	)
}

function CreateSequenceBody({
	contact,
	onClose,
	onCreated,
}: {
	contact: SequenceContact
	onClose: () => void
	onCreated?: (sequence: CreatedSequence) => void
}) {
	const mailboxes = useSenderMailboxes()
	const fetcher = useFetcher<CreateSequenceActionData>()
	const rateLimits = useRateLimitInfo()
	const googleScope = useGoogleScopeRetry()
	const lastPosted = useRef<FormData | null>(null)
	const handled = useRef<unknown>(null)
	const { showOnce } = rateLimits
	const { requestGrant } = googleScope
	const action = createSequenceAction(contact.id)

	useEffect(() => showOnce(), [showOnce])

	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	useEffect(() => {
		if (!answer || handled.current === answer) return
		handled.current = answer
		if (answer.sequence) {
			onCreated?.(answer.sequence)
			onClose()
		} else if (answer.googleScopeError && lastPosted.current) {
			const formData = lastPosted.current
			requestGrant(() => fetcher.submit(formData, { method: 'post', action }))
		}
	}, [answer, onCreated, onClose, requestGrant, fetcher, action])

	return (
		<>
			{mailboxes.status === 'loading' ? (
				<div className="grid gap-4" aria-busy="true" aria-label="Loading sender addresses">
					<Skeleton className="h-10 w-full" />
					<Skeleton className="h-64 w-full" />
				</div>
			) : mailboxes.status === 'error' ? (
				<p role="alert" className="text-sm text-destructive">
					{mailboxes.message}
				</p>
			) : (
				<CreateSequenceForm
					id={`create-sequence-${contact.id}`}
					contact={contact}
					mailboxes={mailboxes.mailboxes}
					FormComponent={fetcher.Form}
					hiddenFields={{ mode: 'dialog' }}
					lastResult={fetcher.data?.result}
					pending={fetcher.state !== 'idle'}
					onShowRateLimits={rateLimits.show}
					onSubmitData={(formData) => {
						lastPosted.current = formData
					}}
					secondaryAction={<DialogCancelButton />}
				/>
			)}
			{rateLimits.dialog}
			{googleScope.dialog}
		</>
	)
}
