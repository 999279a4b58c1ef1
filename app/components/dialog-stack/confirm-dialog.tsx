import * as React from 'react'
import { Button, type ButtonProps } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { StackedDialogShell, useDialogStack } from './dialog-stack.tsx'

export type ConfirmOptions = {
	title: string
	message?: React.ReactNode
	cancelLabel?: string
	confirmLabel?: string
	/** Red by default: confirmations usually guard something destructive. */
	confirmVariant?: ButtonProps['variant']
	/** Stack name; a second confirm with the same name while one is open resolves as not confirmed. */
	name?: string
}

export type ConfirmWithFeedbackOptions = ConfirmOptions & {
	feedbackLabel?: string
	feedbackPlaceholder?: string
}

export type ConfirmWithFeedbackResult = { confirmed: boolean; feedback: string }

let confirmCounter = 0

/** `const confirm = useConfirm(); if (await confirm({ title: 'Delete sequence?' })) …` */
export function useConfirm() {
	const { openDialog } = useDialogStack()
	return React.useCallback(
		(options: ConfirmOptions) =>
			new Promise<boolean>((resolve) => {
				const name = options.name ?? `confirm-${++confirmCounter}`
				const opened = openDialog(name, ({ close }) => (
					<ConfirmDialog
						{...options}
						onResult={(confirmed) => {
							resolve(confirmed)
							close()
						}}
					/>
				))
				if (!opened) resolve(false)
			}),
		[openDialog],
	)
}

/** Like useConfirm, with an optional free-text answer: resolves `{ confirmed, feedback }`. */
export function useConfirmWithFeedback() {
	const { openDialog } = useDialogStack()
	return React.useCallback(
		(options: ConfirmWithFeedbackOptions) =>
			new Promise<ConfirmWithFeedbackResult>((resolve) => {
				const name = options.name ?? `confirm-${++confirmCounter}`
				const opened = openDialog(name, ({ close }) => (
					<ConfirmDialog
						{...options}
						withFeedback
						onResult={(confirmed, feedback) => {
							resolve({ confirmed, feedback: confirmed ? feedback.trim() : '' })
							close()
						}}
					/>
				))
				if (!opened) resolve({ confirmed: false, feedback: '' })
			}),
		[openDialog],
	)
}

export function ConfirmDialog({
	title,
	message,
	cancelLabel = 'Cancel',
	confirmLabel = 'Confirm',
	confirmVariant = 'destructive',
	withFeedback = false,
	feedbackLabel = 'Feedback (optional)',
	feedbackPlaceholder = 'Tell us more…',
	onResult,
}: ConfirmWithFeedbackOptions & {
	withFeedback?: boolean
	onResult: (confirmed: boolean, feedback: string) => void
}) {
	const [feedback, setFeedback] = React.useState('')
	const feedbackId = React.useId()
	// Escape, outside click and the close button all count as cancel, reported once.
	const settled = React.useRef(false)
	function settle(confirmed: boolean) {
		if (settled.current) return
		settled.current = true
		onResult(confirmed, feedback)
	}
	return (
		<StackedDialogShell
			role="alertdialog"
			hideClose
			onClose={() => settle(false)}
			title={title}
			description={message}
			footer={
				<>
					<Button type="button" variant="outline" onClick={() => settle(false)}>
						{cancelLabel}
					</Button>
					<Button type="button" variant={confirmVariant} onClick={() => settle(true)}>
						{confirmLabel}
					</Button>
				</>
			}
		>
			{withFeedback ? (
				<div className="grid gap-2">
					<Label htmlFor={feedbackId}>{feedbackLabel}</Label>
					<Textarea
						id={feedbackId}
						value={feedback}
						placeholder={feedbackPlaceholder}
						onChange={(event) => setFeedback(event.currentTarget.value)}
					/>
				</div>
			) : null}
		</StackedDialogShell>
	)
}
