import { type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type z } from 'zod'

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
	}: {
		id: string
		lastResult?: SubmissionResult<string[]> | null
		defaultValue?: Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0]['defaultValue']
		shouldValidate?: 'onSubmit' | 'onBlur' | 'onInput'
	},
) {
	return useForm<z.input<Schema>, z.output<Schema>>({
		id,
		lastResult,
		constraint: getZodConstraint(schema),
		defaultValue,
		shouldValidate,
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
	})
}
