import { type SubmissionResult } from '@conform-to/react'
import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'
import { StackedDialog, useStackedDialog } from '#app/components/dialog-stack/dialog-stack.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogClose, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { FeedbackForm } from './feedback-form.tsx'

export type FeedbackActionData = { result: SubmissionResult<string[]>; status: 'success' | 'error' }

/** Stays readable for a moment after success ("Feedback submitted!" is the toast), then closes. */
const CLOSE_DELAY_MS = 1000

/** "Help us improve": open it with `openDialog('feedback', <FeedbackDialog />)`. */
export function FeedbackDialog() {
	const { close } = useStackedDialog()
	const fetcher = useFetcher<FeedbackActionData>()
	const submitted = fetcher.state === 'idle' && fetcher.data?.status === 'success'

	useEffect(() => {
		if (!submitted) return
		const timeout = setTimeout(close, CLOSE_DELAY_MS)
		return () => clearTimeout(timeout)
	}, [submitted, close])

	return (
		<StackedDialog aria-describedby="feedback-dialog-description">
			<DialogHeader>
				<DialogTitle>Help us improve</DialogTitle>
				<DialogDescription id="feedback-dialog-description">
					Found a bug or missing something? Tell us, we read every message.
				</DialogDescription>
			</DialogHeader>
			<FeedbackForm
				id="feedback-dialog"
				FormComponent={fetcher.Form}
				lastResult={fetcher.data?.result}
				pending={fetcher.state !== 'idle'}
				submitted={submitted}
				autoFocus
				secondaryAction={
					<DialogClose asChild>
						<Button type="button" variant="outline">
							Cancel
						</Button>
					</DialogClose>
				}
			/>
		</StackedDialog>
	)
}
