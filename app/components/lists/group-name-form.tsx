import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { type ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { keepFieldFocus } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'

// The parts the Create List and new-campaign forms share: the name first, and the row of
// buttons last (the dialog's Cancel or Back, then the create button).

/** The focused, required name field with its errors. */
export function GroupNameField({
	field,
	label,
	maxLength,
	placeholder,
}: {
	field: FieldMetadata<string>
	label: ReactNode
	maxLength: number
	placeholder: string
}) {
	return (
		<div className="grid gap-2">
			<Label htmlFor={field.id}>{label}</Label>
			<Input
				{...getInputProps(field, { type: 'text' })}
				maxLength={maxLength}
				placeholder={placeholder}
				autoComplete="off"
				autoFocus
			/>
			<ErrorList id={field.errorId} errors={field.errors} />
		</div>
	)
}

/** `secondaryAction`, then the submit button ("Creating…" while pending). */
export function CreateFormActions({
	secondaryAction,
	pending,
	label,
}: {
	secondaryAction?: ReactNode
	pending: boolean
	label: string
}) {
	return (
		<div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" onMouseDown={keepFieldFocus}>
			{secondaryAction}
			<Button type="submit" disabled={pending}>
				{pending ? 'Creating…' : label}
			</Button>
		</div>
	)
}
