import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { FormActions, TextareaField } from '#app/components/ui/form-field.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { OrganizationSettingsSchema } from '#app/schemas/organization.ts'
import { INTENTS } from '#app/schemas/settings-intents.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'
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
				<TextareaField
					label="Summary"
					field={fields.summary}
					rows={3}
					readOnly={!canManage}
					placeholder="One or two sentences about your company"
				/>
				<TextareaField
					label="Description"
					field={fields.description}
					rows={8}
					readOnly={!canManage}
					placeholder="Products, customers, what makes you different"
				/>
				<FormActions form={form} pending={isSaving} label="Save" readOnly={!canManage} />
			</Form>
		</SectionCard>
	)
}
