import { useNavigation } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import type * as React from 'react'
import { ConfirmSubmitForm } from '#app/components/confirm-submit-form.tsx'
import { type ConfirmOptions } from '#app/components/dialog-stack/confirm-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'

/**
 * The delete (or remove) control of a row in a settings table: asks first, then posts
 * `intent` and the row's id to the page's action; disabled while that row's submission runs.
 * Its button is a trash icon unless `children` gives it text.
 */
export function DeleteRowForm({
	intent,
	target,
	confirm,
	label,
	preventScrollReset,
	children,
}: {
	intent: string
	/** The hidden field naming the row, e.g. `{ name: 'documentId', value: document.id }`. */
	target: { name: string; value: string }
	confirm: Pick<ConfirmOptions, 'title' | 'message'> & { confirmLabel: string }
	/** The button's accessible name, e.g. `Delete ${name}`. */
	label: string
	preventScrollReset?: boolean
	children?: React.ReactNode
}) {
	const navigation = useNavigation()
	const isDeleting =
		navigation.state !== 'idle' &&
		navigation.formData?.get('intent') === intent &&
		navigation.formData.get(target.name) === target.value
	return (
		<ConfirmSubmitForm
			method="post"
			preventScrollReset={preventScrollReset}
			confirm={{ cancelLabel: 'Cancel', ...confirm }}
		>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name={target.name} value={target.value} />
			<Button
				type="submit"
				variant="ghost"
				size={children ? 'sm' : 'icon'}
				disabled={isDeleting}
				aria-label={label}
			>
				{children ?? <Trash2 aria-hidden="true" />}
			</Button>
		</ConfirmSubmitForm>
	)
}
