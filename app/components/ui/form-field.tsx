import { getInputProps, getTextareaProps } from '@conform-to/react'
import type * as React from 'react'
import { cn } from '#app/utils/misc.ts'
import { Button } from './button.tsx'
import { Checkbox } from './checkbox.tsx'
import { ErrorList, type ListOfErrors } from './field-error.tsx'
import { Input } from './input.tsx'
import { Label } from './label.tsx'
import { Textarea } from './textarea.tsx'

/** What a field needs of Conform's field metadata: its id, its errors' id and its errors. */
export type FieldMeta = { id: string; errorId: string; errors?: ListOfErrors }

/**
 * The one labelled form field: label (with a required mark and a hint), the control, and the
 * field's errors under it, linked by Conform's ids.
 */
export function FormField({
	label,
	field,
	required = false,
	hint,
	className,
	children,
}: {
	label: React.ReactNode
	field: FieldMeta
	required?: boolean
	hint?: string
	/** Added to the field's `grid content-start gap-2` box. */
	className?: string
	children: React.ReactNode
}) {
	return (
		<div className={cn('grid content-start gap-2', className)}>
			<Label htmlFor={field.id}>
				{label}
				{required ? (
					<span aria-hidden="true" className="ml-0.5 text-destructive">
						*
					</span>
				) : null}
				{hint ? <span className="ml-2 text-xs font-normal text-muted-foreground">{hint}</span> : null}
			</Label>
			{children}
			<ErrorList id={field.errorId} errors={field.errors} />
		</div>
	)
}

type InputFieldMeta = Parameters<typeof getInputProps>[0] & FieldMeta

/** A FormField around a text-like Input bound to the Conform field. */
export function InputField({
	label,
	field,
	type = 'text',
	required,
	hint,
	className,
	...inputProps
}: {
	label: React.ReactNode
	field: InputFieldMeta
	type?: 'text' | 'email' | 'url' | 'number' | 'password' | 'time' | 'tel'
	required?: boolean
	hint?: string
	className?: string
} & Omit<React.ComponentPropsWithoutRef<typeof Input>, 'type' | 'name' | 'id' | 'form' | 'className'>) {
	return (
		<FormField label={label} field={field} required={required} hint={hint} className={className}>
			<Input {...getInputProps(field, { type })} {...inputProps} />
		</FormField>
	)
}

type TextareaFieldMeta = Parameters<typeof getTextareaProps>[0] & FieldMeta

/** A FormField around a Textarea bound to the Conform field. */
export function TextareaField({
	label,
	field,
	required,
	hint,
	className,
	textareaClassName,
	...textareaProps
}: {
	label: React.ReactNode
	field: TextareaFieldMeta
	required?: boolean
	hint?: string
	className?: string
	textareaClassName?: string
} & Omit<React.ComponentPropsWithoutRef<typeof Textarea>, 'name' | 'id' | 'form' | 'className'>) {
	return (
		<FormField label={label} field={field} required={required} hint={hint} className={className}>
			<Textarea {...getTextareaProps(field)} className={textareaClassName} {...textareaProps} />
		</FormField>
	)
}

/** A checkbox bound to the Conform field, with its label beside it. */
export function CheckboxField({
	label,
	field,
	className,
}: {
	label: React.ReactNode
	field: InputFieldMeta
	/** Replaces the row's `flex items-center gap-2`. */
	className?: string
}) {
	return (
		<div className={className ?? 'flex items-center gap-2'}>
			<Checkbox {...getInputProps(field, { type: 'checkbox' })} />
			<Label htmlFor={field.id}>{label}</Label>
		</div>
	)
}

/**
 * The end of a form: the form's own errors, then its buttons (secondary ones first) with the
 * submit button, which says `pendingLabel` and is disabled while the form is being submitted.
 */
export function FormActions({
	form,
	pending,
	label,
	pendingLabel = 'Saving…',
	secondary,
	stacked = false,
	readOnly = false,
}: {
	form: { errorId: string; errors?: ListOfErrors }
	pending: boolean
	label: React.ReactNode
	pendingLabel?: React.ReactNode
	secondary?: React.ReactNode
	/** Buttons stacked (submit on top) on narrow screens, as in a dialog's footer. */
	stacked?: boolean
	/** Only the errors: the user may not save this form. */
	readOnly?: boolean
}) {
	return (
		<>
			<ErrorList id={form.errorId} errors={form.errors} />
			{readOnly ? null : (
				<div
					className={
						stacked ? 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end' : 'flex justify-end gap-2'
					}
					onMouseDown={keepFieldFocus}
				>
					{secondary}
					<Button type="submit" disabled={pending}>
						{pending ? pendingLabel : label}
					</Button>
				</div>
			)}
		</>
	)
}

/**
 * A press on a form's buttons leaves the focus in the field being typed in. Otherwise the field's
 * blur check (Conform validates on blur) inserts its message between mousedown and mouseup, the
 * button moves from under the pointer and the click is lost: an empty New Company dialog showed
 * only "Company name is required" instead of submitting and flagging every required field.
 */
export function keepFieldFocus(event: React.MouseEvent) {
	if (event.button === 0 && (event.target as Element).closest('button, a')) event.preventDefault()
}
