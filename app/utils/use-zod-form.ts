import { type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'

/** Accepts any fields: the server checks what it needs. */
const anyFields = z.looseObject({})

type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>

/**
 * The one Conform setup of our forms: the zod schema gives the browser's constraints and the
 * client-side check (on blur, again on input once shown), and the action's reply comes back as
 * `lastResult`.
 */
export function useZodForm<Schema extends FormSchema>(
	schema: Schema,
	{
		id,
		lastResult,
		defaultValue,
		shouldValidate = 'onBlur',
		skipValidation,
	}: {
		id: string
		lastResult?: SubmissionResult<string[]> | null
		defaultValue?: Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0]['defaultValue']
		shouldValidate?: 'onSubmit' | 'onBlur' | 'onInput'
		/** A submission the schema does not apply to (a form's second button, such as Auto-fill). */
		skipValidation?: (formData: FormData) => boolean
	},
) {
	return useForm<z.input<Schema>, z.output<Schema>>({
		id,
		lastResult,
		constraint: getZodConstraint(schema),
		defaultValue,
		shouldValidate,
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) =>
			// The skipped submission is never used as the schema's output: only its "success" lets it through.
			parseWithZod(formData, {
				schema: skipValidation?.(formData) ? (anyFields as unknown as Schema) : schema,
			}),
	})
}
