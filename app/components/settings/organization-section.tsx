import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { OrganizationSettingsSchema } from '#app/schemas/organization.ts'
import { INTENTS } from '#app/schemas/settings-intents.ts'
import { useIsSubmitting, useLastResult } from './settings-form-hooks.ts'

export function OrganizationSection({
	organization,
	canManage,
}: {
	organization: { summary: string; description: string }
	canManage: boolean
}) {
	const lastResult = useLastResult(INTENTS.updateSettings)
	const isSaving = useIsSubmitting(INTENTS.updateSettings)
	const [form, fields] = useForm({
		id: 'organization-settings',
		lastResult,
		constraint: getZodConstraint(OrganizationSettingsSchema),
		defaultValue: { summary: organization.summary, description: organization.description },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: OrganizationSettingsSchema }),
	})
	return (
		<Card>
			<CardHeader>
				<CardTitle>Organization</CardTitle>
				<CardDescription>
					What your company does and sells. The assistant uses this when it writes sequences.
				</CardDescription>
			</CardHeader>
			<CardContent>
				<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
					<input type="hidden" name="intent" value={INTENTS.updateSettings} />
					<div className="flex flex-col gap-2">
						<Label htmlFor={fields.summary.id}>Summary</Label>
						<Textarea
							{...getTextareaProps(fields.summary)}
							rows={3}
							readOnly={!canManage}
							placeholder="One or two sentences about your company"
						/>
						<ErrorList id={fields.summary.errorId} errors={fields.summary.errors} />
					</div>
					<div className="flex flex-col gap-2">
						<Label htmlFor={fields.description.id}>Description</Label>
						<Textarea
							{...getTextareaProps(fields.description)}
							rows={8}
							readOnly={!canManage}
							placeholder="Products, customers, what makes you different"
						/>
						<ErrorList id={fields.description.errorId} errors={fields.description.errors} />
					</div>
					<ErrorList id={form.errorId} errors={form.errors} />
					{canManage ? (
						<div className="flex justify-end">
							<Button type="submit" disabled={isSaving}>
								{isSaving ? 'Saving…' : 'Save'}
							</Button>
						</div>
					) : null}
				</Form>
			</CardContent>
		</Card>
	)
}
