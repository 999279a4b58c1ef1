import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { FormActions, InputField } from '#app/components/ui/form-field.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { SENDING_INTENTS } from '#app/schemas/sending-intents.ts'
import { TrackingDomainSchema } from '#app/schemas/sending.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'
import { useSendingResult, useSendingSubmitting } from './sending-intents.ts'

/** The organization's own host name for the links in its emails (a CNAME to the app). */
export function TrackingDomainSection({
	trackingDomain,
	appHost,
	canManage,
}: {
	trackingDomain: string | null
	/** Where the CNAME record points: the app's host name. */
	appHost: string
	canManage: boolean
}) {
	const lastResult = useSendingResult(SENDING_INTENTS.updateTrackingDomain)
	const isSaving = useSendingSubmitting(SENDING_INTENTS.updateTrackingDomain)
	const [form, fields] = useZodForm(TrackingDomainSchema, {
		id: 'tracking-domain',
		lastResult,
		defaultValue: { trackingDomain: trackingDomain ?? '' },
	})
	return (
		<SectionCard
			title="Tracking domain"
			description={`Tracked links and the unsubscribe link in your emails point at ${trackingDomain ?? appHost}. Use a host name of your own domain so that they match your sender address.`}
		>
			<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={SENDING_INTENTS.updateTrackingDomain} />
				<fieldset disabled={!canManage} className="flex flex-col gap-4">
					<InputField
						label="Tracking domain"
						field={fields.trackingDomain}
						placeholder="track.example.com"
						autoComplete="off"
						className="max-w-sm"
					/>
					<div className="rounded-md bg-muted/60 p-3 text-sm text-muted-foreground" id="tracking-domain-help">
						<p>
							Before saving, add this record at your DNS provider (leave the field empty to use {appHost}):
						</p>
						<p className="mt-2 whitespace-pre font-mono text-foreground">
							{`${trackingDomain ?? 'track.example.com'}   CNAME   ${appHost}`}
						</p>
						<p className="mt-2">
							Emails sent from then on use it; links in emails already sent keep working. If the app is served
							over HTTPS, it also needs a certificate for this host name: ask whoever runs Reachout.
						</p>
					</div>
				</fieldset>
				<FormActions form={form} pending={isSaving} label="Save tracking domain" readOnly={!canManage} />
			</Form>
		</SectionCard>
	)
}
