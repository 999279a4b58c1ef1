import { type SubmissionResult } from '@conform-to/react'
import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'
import { StackedDialogShell, useStackedDialog } from '#app/components/dialog-stack/dialog-stack.tsx'
import { DialogCancelButton } from '#app/components/ui/dialog-shell.tsx'
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
		<StackedDialogShell
			title="Help us improve"
			description="Found a bug or missing something? Tell us, we read every message."
			descriptionId="feedback-dialog-description"
		>
			<FeedbackForm
				id="feedback-dialog"
				FormComponent={fetcher.Form}
				lastResult={fetcher.data?.result}
				pending={fetcher.state !== 'idle'}
				submitted={submitted}
				autoFocus
				secondaryAction={<DialogCancelButton />}
			/>
		</StackedDialogShell>
	)
}
