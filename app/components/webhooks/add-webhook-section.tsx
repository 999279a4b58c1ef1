import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { FormActions, FormField, InputField } from '#app/components/ui/form-field.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import {
	CreateWebhookSchema,
	WEBHOOK_EVENT_LABELS,
	WEBHOOK_EVENT_TYPES,
	WEBHOOK_INTENTS,
} from '#app/schemas/webhook.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'

/** Registers an endpoint: its URL, the events it receives (all by default) and a note. */
export function AddWebhookSection({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
	const navigation = useNavigation()
	const pending = navigation.formData?.get('intent') === WEBHOOK_INTENTS.create
	const [form, fields] = useZodForm(CreateWebhookSchema, {
		id: 'add-webhook',
		lastResult,
	})
	// Every event is ticked at first; a refused form keeps what was ticked.
	const initial = fields.events.initialValue as string | string[] | undefined
	const chosen = new Set<string>(initial === undefined ? WEBHOOK_EVENT_TYPES : [initial].flat())
	return (
		<SectionCard
			title="Add a webhook"
			description="Each event is posted as JSON, signed with the webhook's secret (Reachout-Signature). Private and local addresses are refused."
		>
			<Form method="post" {...getFormProps(form)} className="grid gap-4" aria-label="Add a webhook">
				<input type="hidden" name="intent" value={WEBHOOK_INTENTS.create} />
				<InputField
					label="Endpoint URL"
					field={fields.url}
					type="url"
					required
					placeholder="https://example.com/reachout/webhooks"
				/>
				<InputField label="Description" field={fields.description} hint="optional" />
				<FormField label="Events" field={fields.events} required>
					<fieldset className="grid gap-2 sm:grid-cols-3" aria-describedby={fields.events.errorId}>
						<legend className="sr-only">Events</legend>
						{WEBHOOK_EVENT_TYPES.map((type) => (
							<label key={type} className="flex items-center gap-2 text-sm">
								<input
									type="checkbox"
									name={fields.events.name}
									value={type}
									defaultChecked={chosen.has(type)}
									className="h-4 w-4 rounded border-input accent-primary"
								/>
								<span>{WEBHOOK_EVENT_LABELS[type]}</span>
								<code className="text-xs text-muted-foreground">{type}</code>
							</label>
						))}
					</fieldset>
				</FormField>
				<FormActions form={form} pending={pending} label="Add webhook" pendingLabel="Adding…" />
			</Form>
		</SectionCard>
	)
}
