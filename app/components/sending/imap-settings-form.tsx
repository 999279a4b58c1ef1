import { getFormProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { CheckboxField, FormActions, InputField } from '#app/components/ui/form-field.tsx'
import { ImapSettingsSchema } from '#app/schemas/imap-settings.ts'
import { SENDING_INTENTS } from '#app/schemas/sending-intents.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'
import { useSendingResult, useSendingSubmitting } from './sending-intents.ts'

export type SenderImap = {
	configured: boolean
	imapHost: string
	imapPort: number
	imapSecure: boolean
	imapUsername: string
	lastError: string | null
	lastSyncedAt: string | null
}

/**
 * A sender address's IMAP settings (`?imap=<id>`), prefilled from its SMTP server when they are
 * not set yet. Saving first logs in: a server that refuses is reported and nothing is saved.
 */
export function ImapSettingsForm({ sender }: { sender: { id: string; address: string; imap: SenderImap } }) {
	const lastResult = useSendingResult(SENDING_INTENTS.saveImap, sender.id)
	const isSaving = useSendingSubmitting(SENDING_INTENTS.saveImap)
	const [form, fields] = useZodForm(ImapSettingsSchema, {
		id: `imap-${sender.id}`,
		lastResult,
		defaultValue: {
			mailboxId: sender.id,
			imapHost: sender.imap.imapHost,
			imapPort: String(sender.imap.imapPort),
			imapSecure: sender.imap.imapSecure ? 'on' : undefined,
			imapUsername: sender.imap.imapUsername,
		},
	})
	return (
		<div className="flex flex-col gap-3 rounded-md border p-4">
			<Form method="post" className="flex flex-col gap-4" preventScrollReset {...getFormProps(form)}>
				<div>
					<h3 className="text-sm font-semibold">IMAP for {sender.address}</h3>
					<p className="text-sm text-muted-foreground">
						Reachout reads this inbox every 2 minutes, and again right before each follow-up: a reply stops
						the sequence, a bounce stops it and flags the contact. Saving tests the login first.
					</p>
				</div>
				<input type="hidden" name="intent" value={SENDING_INTENTS.saveImap} />
				<input type="hidden" name="mailboxId" value={sender.id} />
				<div className="grid gap-4 sm:grid-cols-2">
					<InputField label="IMAP host" field={fields.imapHost} placeholder="imap.example.com" />
					<InputField label="IMAP port" field={fields.imapPort} type="number" />
					<CheckboxField
						label="Use TLS (port 993)"
						field={fields.imapSecure}
						className="flex items-end gap-2 pb-2"
					/>
					<InputField label="IMAP user name" field={fields.imapUsername} autoComplete="off" />
					<InputField
						label="IMAP password"
						field={fields.imapPassword}
						type="password"
						autoComplete="new-password"
						placeholder={sender.imap.configured ? 'Unchanged' : 'Same as the SMTP server'}
					/>
				</div>
				<FormActions
					form={form}
					pending={isSaving}
					label="Test and save"
					pendingLabel="Testing…"
					secondary={
						<Button asChild variant="outline">
							<Link to="." preventScrollReset>
								Cancel
							</Link>
						</Button>
					}
				/>
			</Form>
			{sender.imap.configured ? (
				<Form method="post" preventScrollReset className="flex justify-end">
					<input type="hidden" name="intent" value={SENDING_INTENTS.removeImap} />
					<input type="hidden" name="mailboxId" value={sender.id} />
					<Button type="submit" variant="ghost" size="sm">
						Stop reading this inbox
					</Button>
				</Form>
			) : null}
		</div>
	)
}
