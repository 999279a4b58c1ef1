import { Link, useFetcher } from '@remix-run/react'
import { Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { DialogCancelButton, DialogShell, type DialogOpenProps } from '#app/components/ui/dialog-shell.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { useOptionalActor } from '#app/utils/actor.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useGoogleScopeRetry } from './google-permissions-dialog.tsx'
import { TEST_EMAIL_ACTION, type TestEmailActionData, TestEmailForm } from './test-email-form.tsx'
import { useSenderMailboxes } from './use-sender-mailboxes.ts'

/**
 * Send Test Email: to address(es), subject and a rich-text body, sent from one of the user's
 * mailboxes. Posts to /settings/test-email with a fetcher; the toasts come from the server
 * ("Test email sent successfully!", "Invalid subject", "Error Sending Email"). A missing Gmail
 * grant asks for it and sends again once the user has signed in.
 */
export function SendTestEmailDialog({ open, onOpenChange }: DialogOpenProps) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title="Send Test Email"
			description="Check how your emails look before a sequence sends them."
			descriptionId="send-test-email-description"
			className="max-w-2xl"
		>
			<SendTestEmailBody onClose={() => onOpenChange(false)} />
		</DialogShell>
	)
}

function SendTestEmailBody({ onClose }: { onClose: () => void }) {
	const actor = useOptionalActor()
	const mailboxes = useSenderMailboxes()
	const fetcher = useFetcher<TestEmailActionData>()
	const googleScope = useGoogleScopeRetry()
	const lastPosted = useRef<FormData | null>(null)
	const handled = useRef<unknown>(null)
	const { requestGrant } = googleScope

	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	useEffect(() => {
		if (!answer || handled.current === answer) return
		handled.current = answer
		if (answer.sent) onClose()
		else if (answer.googleScopeError && lastPosted.current) {
			const formData = lastPosted.current
			requestGrant(() => fetcher.submit(formData, { method: 'post', action: TEST_EMAIL_ACTION }))
		}
	}, [answer, onClose, requestGrant, fetcher])

	return (
		<>
			{mailboxes.status === 'loading' ? (
				<div className="grid gap-4" aria-busy="true" aria-label="Loading sender addresses">
					<Skeleton className="h-10 w-full" />
					<Skeleton className="h-48 w-full" />
				</div>
			) : mailboxes.status === 'error' ? (
				<p role="alert" className="text-sm text-destructive">
					{mailboxes.message}
				</p>
			) : (
				<TestEmailForm
					id="send-test-email-dialog"
					mailboxes={mailboxes.mailboxes}
					defaultTo={actor?.email ?? ''}
					FormComponent={fetcher.Form}
					hiddenFields={{ mode: 'dialog' }}
					lastResult={fetcher.data?.result}
					pending={fetcher.state !== 'idle'}
					onSubmitData={(formData) => {
						lastPosted.current = formData
					}}
					secondaryAction={<DialogCancelButton />}
				/>
			)}
			{googleScope.dialog}
		</>
	)
}

/** Opens the dialog; without JavaScript it is a link to the /settings/test-email page. */
export function SendTestEmailButton() {
	const hydrated = useHydrated()
	const [open, setOpen] = useState(false)
	if (!hydrated) {
		return (
			<Link to={TEST_EMAIL_ACTION} className={buttonVariants({ variant: 'outline' })}>
				<Send aria-hidden="true" />
				Send Test Email
			</Link>
		)
	}
	return (
		<>
			<Button type="button" variant="outline" onClick={() => setOpen(true)}>
				<Send aria-hidden="true" />
				Send Test Email
			</Button>
			<SendTestEmailDialog open={open} onOpenChange={setOpen} />
		</>
	)
}
