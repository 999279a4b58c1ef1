import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Check } from 'lucide-react'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { FormActions, TextareaField } from '#app/components/ui/form-field.tsx'
import { Label } from '#app/components/ui/label.tsx'
import {
	DEFAULT_FEEDBACK_TYPE,
	FEEDBACK_CATEGORIES,
	FEEDBACK_MESSAGE_MAX_LENGTH,
	FeedbackSchema,
} from '#app/schemas/feedback.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'

export const FEEDBACK_ACTION = '/feedback'

/**
 * The "Help us improve" fields, shared by the dialog (fetcher) and the /feedback page (plain form).
 * Native radios so the category posts with or without JavaScript.
 */
export function FeedbackForm({
	id,
	FormComponent = Form,
	action = FEEDBACK_ACTION,
	lastResult,
	redirectTo,
	pending,
	submitted = false,
	autoFocus = false,
	secondaryAction,
}: {
	id: string
	FormComponent?: typeof Form
	action?: string
	lastResult?: SubmissionResult<string[]> | null
	/** Only for the no-JavaScript page: where the action redirects after saving. */
	redirectTo?: string
	pending: boolean
	submitted?: boolean
	autoFocus?: boolean
	secondaryAction?: React.ReactNode
}) {
	const [form, fields] = useZodForm(FeedbackSchema, {
		id,
		lastResult,
		defaultValue: { type: DEFAULT_FEEDBACK_TYPE },
	})
	const selectedType = fields.type.value ?? DEFAULT_FEEDBACK_TYPE
	return (
		<FormComponent method="post" action={action} className="grid gap-5" {...getFormProps(form)}>
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<fieldset
				className="grid gap-3"
				aria-describedby={fields.type.errors ? fields.type.errorId : undefined}
			>
				<legend className="mb-3 text-sm font-medium">Category</legend>
				<div className="flex flex-wrap gap-x-6 gap-y-3">
					{FEEDBACK_CATEGORIES.map((category) => {
						const inputId = `${fields.type.id}-${category.value}`
						return (
							<div key={category.value} className="flex items-center gap-2">
								<input
									type="radio"
									id={inputId}
									name={fields.type.name}
									value={category.value}
									defaultChecked={selectedType === category.value}
									className="h-4 w-4 cursor-pointer accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
								/>
								<Label htmlFor={inputId} className="cursor-pointer font-normal">
									{category.label}
								</Label>
							</div>
						)
					})}
				</div>
				<ErrorList id={fields.type.errorId} errors={fields.type.errors} />
			</fieldset>
			<TextareaField
				label="Message"
				field={fields.message}
				rows={5}
				maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
				autoFocus={autoFocus}
				placeholder="What happened, or what would make Reachout better for you?"
			/>
			<FormActions
				form={form}
				pending={pending || submitted}
				label="Submit"
				pendingLabel={
					submitted ? (
						<>
							<Check aria-hidden="true" />
							Sent
						</>
					) : (
						'Submitting…'
					)
				}
				secondary={secondaryAction}
				stacked
			/>
		</FormComponent>
	)
}
