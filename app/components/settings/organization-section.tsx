import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { FormActions, FormField } from '#app/components/ui/form-field.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { OrganizationSettingsSchema } from '#app/schemas/organization.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'
import { useIsSubmitting, useLastResult } from './settings-form-hooks.ts'
import { INTENTS } from './settings-intents.ts'

export function OrganizationSection({
	organization,
	canManage,
}: {
	organization: { summary: string; description: string }
	canManage: boolean
}) {
	const lastResult = useLastResult(INTENTS.updateSettings)
	const isSaving = useIsSubmitting(INTENTS.updateSettings)
	const [form, fields] = useZodForm(OrganizationSettingsSchema, {
		id: 'organization-settings',
		lastResult,
		defaultValue: { summary: organization.summary, description: organization.description },
	})
	return (
		<SectionCard
			title="Organization"
			description="What your company does and sells. The assistant uses this when it writes sequences."
		>
			<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={INTENTS.updateSettings} />
				<FormField label="Summary" field={fields.summary}>
					<Textarea
						{...getTextareaProps(fields.summary)}
						rows={3}
						readOnly={!canManage}
						placeholder="One or two sentences about your company"
					/>
				</FormField>
				<FormField label="Description" field={fields.description}>
					<Textarea
						{...getTextareaProps(fields.description)}
						rows={8}
						readOnly={!canManage}
						placeholder="Products, customers, what makes you different"
					/>
				</FormField>
				{canManage ? (
					<FormActions form={form} pending={isSaving} label="Save" />
				) : (
					<ErrorList id={form.errorId} errors={form.errors} />
				)}
			</Form>
		</SectionCard>
	)
}
