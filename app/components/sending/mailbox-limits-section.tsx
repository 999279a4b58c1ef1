import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { InputField } from '#app/components/ui/form-field.tsx'
import { Progress } from '#app/components/ui/progress.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { MailboxLimitsSchema } from '#app/schemas/sending.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'
import { SENDING_INTENTS } from '#app/schemas/sending-intents.ts'
import { useSendingResult, useSendingSubmitting } from './sending-intents.ts'

export type MailboxLimitRow = {
	id: string
	address: string
	kind: 'USER' | 'SENDER'
	verified: boolean
	dailyLimitStart: number
	dailyLimitIncrement: number
	dailyLimitMax: number
	todayLimit: number
	todaySent: number
	canEdit: boolean
	/** Its server could not be reached after the attempt limit (decision 013); its next send clears it. */
	serverUnreachableAt: string | null
	serverError: string | null
}

export function MailboxLimitsSection({ mailboxes }: { mailboxes: MailboxLimitRow[] }) {
	return (
		<SectionCard
			title="Daily limits"
			description="A new mailbox sends at most its first day's limit, then the daily increase more each day (warm-up) up to the maximum. Emails over today's limit wait for tomorrow; none is dropped."
			contentClassName="flex flex-col gap-4"
		>
			{mailboxes.length ? (
				mailboxes.map((mailbox) => <MailboxLimitsForm key={mailbox.id} mailbox={mailbox} />)
			) : (
				<p className="text-sm text-muted-foreground">No mailboxes yet.</p>
			)}
		</SectionCard>
	)
}

function MailboxLimitsForm({ mailbox }: { mailbox: MailboxLimitRow }) {
	const lastResult = useSendingResult(SENDING_INTENTS.updateLimits, mailbox.id)
	const isSaving = useSendingSubmitting(SENDING_INTENTS.updateLimits, {
		name: 'mailboxId',
		value: mailbox.id,
	})
	const [form, fields] = useZodForm(MailboxLimitsSchema, {
		id: `limits-${mailbox.id}`,
		lastResult,
		defaultValue: {
			mailboxId: mailbox.id,
			dailyLimitStart: String(mailbox.dailyLimitStart),
			dailyLimitIncrement: String(mailbox.dailyLimitIncrement),
			dailyLimitMax: String(mailbox.dailyLimitMax),
		},
	})
	const usage = mailbox.todayLimit
		? Math.min(100, Math.round((mailbox.todaySent / mailbox.todayLimit) * 100))
		: 100
	return (
		<Form
			method="post"
			preventScrollReset
			className="flex flex-col gap-3 rounded-md border p-4"
			aria-label={`Daily limits of ${mailbox.address}`}
			{...getFormProps(form)}
		>
			<input type="hidden" name="intent" value={SENDING_INTENTS.updateLimits} />
			<input {...getInputProps(fields.mailboxId, { type: 'hidden' })} />
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<p className="font-medium">
					{mailbox.address}{' '}
					<span className="text-sm font-normal text-muted-foreground">
						{mailbox.kind === 'SENDER' ? 'Sender address' : 'Personal mailbox'}
						{mailbox.verified ? '' : ' · not verified'}
					</span>
				</p>
				<p className="text-sm text-muted-foreground">
					Today: {mailbox.todaySent} of {mailbox.todayLimit} sent
				</p>
			</div>
			{mailbox.serverUnreachableAt ? <UnreachableNotice mailbox={mailbox} /> : null}
			<Progress value={usage} aria-label={`Today's usage of ${mailbox.address}`} />
			<fieldset
				disabled={!mailbox.canEdit}
				className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
			>
				<InputField label="First day" field={fields.dailyLimitStart} type="number" />
				<InputField label="Daily increase" field={fields.dailyLimitIncrement} type="number" />
				<InputField label="Maximum per day" field={fields.dailyLimitMax} type="number" />
				{mailbox.canEdit ? (
					<Button type="submit" variant="outline" disabled={isSaving}>
						{isSaving ? 'Saving…' : 'Save limits'}
					</Button>
				) : null}
			</fieldset>
			<ErrorList id={form.errorId} errors={form.errors} />
		</Form>
	)
}

function UnreachableNotice({ mailbox }: { mailbox: MailboxLimitRow }) {
	const since = new Date(mailbox.serverUnreachableAt!).toLocaleString('en-US', {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone: 'UTC',
	})
	return (
		<div
			role="status"
			data-testid="mailbox-unreachable"
			className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
		>
			<p className="font-medium text-destructive">Server unreachable since {since} UTC</p>
			<p className="text-muted-foreground">
				{mailbox.serverError ?? 'The SMTP server could not be reached'}. Steps from this address failed; check
				the server settings, then retry them from their sequences.
			</p>
		</div>
	)
}
