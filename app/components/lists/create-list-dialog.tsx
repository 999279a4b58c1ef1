import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import {
	CreateListSchema,
	LIST_CREATE_FAILED,
	LIST_CREATE_FORBIDDEN,
	LIST_CREATED,
	LIST_DESCRIPTION_MAX_LENGTH,
	LIST_NAME_MAX_LENGTH,
} from '#app/schemas/list.ts'
import { ApiError } from '#app/utils/api-client.ts'
import { CreateFormActions, GroupNameField } from './group-name-form.tsx'
import { createListRequest, type CreatedList } from './lists-client.ts'
import { useAdminOnlyDialog } from './use-admin-only-dialog.ts'

export const CREATE_LIST_INTENT = 'create-list'

/**
 * The Create List fields (name required, description optional). Without `onSubmitJson` it posts
 * to the /lists action (the no-JavaScript page); with it, the dialog sends the JSON API instead.
 */
export function CreateListForm({
	id,
	lastResult,
	onSubmitJson,
	pending = false,
	secondaryAction,
}: {
	id: string
	lastResult?: SubmissionResult<string[]> | null
	onSubmitJson?: (input: { name: string; description: string | null }) => void
	pending?: boolean
	secondaryAction?: React.ReactNode
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint: getZodConstraint(CreateListSchema),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateListSchema }),
		onSubmit(event, { submission }) {
			if (!onSubmitJson) return
			event.preventDefault()
			if (submission?.status === 'success') onSubmitJson(submission.value)
		},
	})
	return (
		<Form method="post" action="/lists?index" className="grid gap-4" {...getFormProps(form)}>
			<input type="hidden" name="intent" value={CREATE_LIST_INTENT} />
			<GroupNameField
				field={fields.name}
				label={
					<>
						Name <span aria-hidden="true">*</span>
					</>
				}
				maxLength={LIST_NAME_MAX_LENGTH}
				placeholder="Q3 prospects"
			/>
			<div className="grid gap-2">
				<Label htmlFor={fields.description.id}>Description</Label>
				<Textarea
					{...getTextareaProps(fields.description)}
					rows={3}
					maxLength={LIST_DESCRIPTION_MAX_LENGTH}
					placeholder="Optional"
				/>
				<ErrorList id={fields.description.errorId} errors={fields.description.errors} />
			</div>
			<ErrorList id={form.errorId} errors={form.errors} />
			<CreateFormActions secondaryAction={secondaryAction} pending={pending} label="Create List" />
		</Form>
	)
}

/**
 * Create List (administrators only). Others get "Only administrators can create lists" and the
 * dialog closes; the server holds the same rule.
 */
export function CreateListDialog({
	open,
	onOpenChange,
	onCreated,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	onCreated?: (list: CreatedList) => void
}) {
	const allowed = useAdminOnlyDialog(open, onOpenChange, LIST_CREATE_FORBIDDEN)
	return (
		<DialogShell
			open={allowed}
			onOpenChange={onOpenChange}
			title="Create List"
			description="Group contacts into a named list."
		>
			{open ? (
				<CreateListDialogForm
					onCreated={(list) => {
						onCreated?.(list)
						onOpenChange(false)
					}}
					onClose={() => onOpenChange(false)}
				/>
			) : null}
		</DialogShell>
	)
}

/** The form inside a dialog: sends the API, then toasts the outcome (the spec's messages). */
export function CreateListDialogForm({
	onCreated,
	onClose,
	cancelLabel = 'Cancel',
}: {
	onCreated: (list: CreatedList) => void
	onClose: () => void
	cancelLabel?: string
}) {
	const [pending, setPending] = useState(false)
	return (
		<CreateListForm
			id="create-list-dialog"
			pending={pending}
			onSubmitJson={async (input) => {
				setPending(true)
				try {
					const list = await createListRequest(input, LIST_CREATE_FAILED)
					notify({ type: 'success', title: LIST_CREATED })
					onCreated(list)
				} catch (error) {
					if (!(error instanceof ApiError)) throw error
					notify({ type: 'error', title: error.message })
					// Not allowed: the spec closes the dialog.
					if (error.status === 403) onClose()
				} finally {
					setPending(false)
				}
			}}
			secondaryAction={
				<Button type="button" variant="outline" onClick={onClose}>
					{cancelLabel}
				</Button>
			}
		/>
	)
}
