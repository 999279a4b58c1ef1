import { Form, useSubmit, type FormProps } from '@remix-run/react'
import { type ConfirmOptions, useConfirm } from '#app/components/dialog-stack/confirm-dialog.tsx'

/**
 * A form that asks first: with JavaScript it opens a confirmation and submits only
 * once confirmed; without it, it posts like any form (the action must not rely on
 * the confirmation having happened).
 */
export function ConfirmSubmitForm({
	confirm: confirmOptions,
	...props
}: Omit<FormProps, 'onSubmit'> & { confirm: ConfirmOptions }) {
	const submit = useSubmit()
	const confirm = useConfirm()
	const { fetcherKey, navigate, replace, state, relative, preventScrollReset, viewTransition } = props
	return (
		<Form
			{...props}
			onSubmit={async (event) => {
				event.preventDefault()
				const form = event.currentTarget
				// Read before awaiting: the clicked button's name and value belong in the submission, as without JS.
				const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
				if (!(await confirm(confirmOptions))) return
				submit(submitter ?? form, {
					fetcherKey,
					navigate,
					replace,
					state,
					relative,
					preventScrollReset,
					viewTransition,
				})
			}}
		/>
	)
}
