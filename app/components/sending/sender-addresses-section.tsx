import { getFormProps, getSelectProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { DeleteRowForm } from '#app/components/settings/delete-row-form.tsx'
import { SettingsTable } from '#app/components/settings/settings-table.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormActions, FormField, InputField } from '#app/components/ui/form-field.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { TableCell, TableRow, TruncatedCell } from '#app/components/ui/table.tsx'
import { SenderAddressSchema } from '#app/schemas/sending.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'
import { SENDING_INTENTS } from '#app/schemas/sending-intents.ts'
import { ImapSettingsForm, type SenderImap } from './imap-settings-form.tsx'
import { useSendingResult, useSendingSubmitting } from './sending-intents.ts'

export type SenderRow = {
	id: string
	address: string
	name: string | null
	verified: boolean
	/** Unverified and its link more than 24 hours old. */
	linkExpired: boolean
	serverName: string | null
	imap: SenderImap
}

export function SenderAddressesSection({
	senders,
	servers,
	defaultServerLabel,
	canManage,
	imapSenderId,
}: {
	senders: SenderRow[]
	/** The sender whose IMAP form is open (`?imap=<id>`). */
	imapSenderId: string | null
	servers: Array<{ id: string; name: string; isDefault: boolean }>
	/** What "the organization's default" sends through, or null when that is the local outbox. */
	defaultServerLabel: string | null
	canManage: boolean
}) {
	const imapSender = senders.find((sender) => sender.id === imapSenderId) ?? null
	return (
		<SectionCard
			title="Sender addresses"
			description="Addresses everyone in the organization may send sequences from, through SMTP. Each one gets a verification email; it can be used once someone opens the link in it and clicks Confirm. A link is valid for 24 hours; resend it if it expired."
			contentClassName="flex flex-col gap-6"
		>
			<NoImapNotice senders={senders} />
			<SettingsTable
				label="Sender addresses"
				columns={['Address', 'Server', 'Status', 'Replies']}
				rows={senders}
				withActions={canManage}
				empty="No sender addresses yet."
				renderRow={(sender) => (
					<TableRow key={sender.id}>
						<TruncatedCell
							text={sender.name ? `${sender.name} <${sender.address}>` : sender.address}
							className="min-w-[10rem] font-medium"
						/>
						<TruncatedCell
							text={sender.serverName ?? defaultServerLabel ?? 'Default server'}
							className="text-muted-foreground"
						/>
						<TableCell>
							{sender.verified ? (
								<Badge variant="success">Verified</Badge>
							) : sender.linkExpired ? (
								<Badge variant="destructive">Link expired</Badge>
							) : (
								<Badge variant="warning">Waiting for verification</Badge>
							)}
						</TableCell>
						<TableCell>
							<RepliesCell imap={sender.imap} />
						</TableCell>
						{canManage ? (
							<TableCell>
								<SenderActions sender={sender} />
							</TableCell>
						) : null}
					</TableRow>
				)}
			/>
			{canManage && imapSender ? <ImapSettingsForm key={imapSender.id} sender={imapSender} /> : null}
			{canManage ? (
				servers.length || defaultServerLabel ? (
					<AddSenderForm servers={servers} defaultServerLabel={defaultServerLabel} />
				) : (
					<p className="text-sm text-muted-foreground">
						Add an SMTP server first: sender addresses send through one.
					</p>
				)
			) : null}
		</SectionCard>
	)
}

/** Said plainly: without IMAP, nobody reads this inbox, so a reply cannot stop anything. */
function NoImapNotice({ senders }: { senders: SenderRow[] }) {
	const without = senders.filter((sender) => !sender.imap.configured)
	if (without.length === 0) return null
	return (
		<p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
			Replies will not stop the sequences of {without.map((sender) => sender.address).join(', ')}: Reachout
			cannot read {without.length === 1 ? 'its inbox' : 'their inboxes'}. Add IMAP settings so that a reply or
			a bounce stops the sequence, or mark replies by hand in the sequence.
		</p>
	)
}

function RepliesCell({ imap }: { imap: SenderImap }) {
	if (!imap.configured) return <Badge variant="warning">Replies will not stop its sequences</Badge>
	return (
		<span className="flex flex-col gap-1">
			<Badge variant={imap.lastError ? 'warning' : 'success'}>IMAP · {imap.imapHost}</Badge>
			{imap.lastError ? <span className="text-xs text-destructive">{imap.lastError}</span> : null}
		</span>
	)
}

function SenderActions({ sender }: { sender: SenderRow }) {
	const isResending = useSendingSubmitting(SENDING_INTENTS.resendVerification, {
		name: 'mailboxId',
		value: sender.id,
	})
	return (
		<div className="flex items-center justify-end gap-2">
			<Button asChild variant="outline" size="sm">
				<Link to={`?imap=${sender.id}`} preventScrollReset aria-label={`IMAP settings of ${sender.address}`}>
					IMAP
				</Link>
			</Button>
			{sender.verified ? null : (
				<Form method="post" preventScrollReset>
					<input type="hidden" name="intent" value={SENDING_INTENTS.resendVerification} />
					<input type="hidden" name="mailboxId" value={sender.id} />
					<Button type="submit" variant="outline" size="sm" disabled={isResending}>
						{isResending ? 'Sending…' : 'Resend verification'}
					</Button>
				</Form>
			)}
			<DeleteRowForm
				intent={SENDING_INTENTS.deleteSender}
				target={{ name: 'mailboxId', value: sender.id }}
				preventScrollReset
				label={`Remove ${sender.address}`}
				confirm={{
					title: 'Remove sender address?',
					message: `Nobody will be able to send from ${sender.address} any more.`,
					confirmLabel: 'Remove',
				}}
			/>
		</div>
	)
}

function AddSenderForm({
	servers,
	defaultServerLabel,
}: {
	servers: Array<{ id: string; name: string; isDefault: boolean }>
	defaultServerLabel: string | null
}) {
	const lastResult = useSendingResult(SENDING_INTENTS.addSender)
	const isAdding = useSendingSubmitting(SENDING_INTENTS.addSender)
	const [form, fields] = useZodForm(SenderAddressSchema, {
		id: 'add-sender',
		lastResult,
		defaultValue: { smtpTransportId: servers.find((server) => server.isDefault)?.id ?? servers[0]?.id ?? '' },
	})
	return (
		<Form method="post" className="flex flex-col gap-4 rounded-md border p-4" {...getFormProps(form)}>
			<h3 className="text-sm font-semibold">Add a sender address</h3>
			<input type="hidden" name="intent" value={SENDING_INTENTS.addSender} />
			<div className="grid gap-4 sm:grid-cols-3">
				<InputField
					label="Email address"
					field={fields.address}
					type="email"
					placeholder="sales@example.com"
				/>
				<InputField label="Display name" field={fields.name} placeholder="Ada from Acme" />
				<FormField label="SMTP server" field={fields.smtpTransportId}>
					<NativeSelect {...getSelectProps(fields.smtpTransportId)}>
						{servers.map((server) => (
							<option key={server.id} value={server.id}>
								{server.name}
								{server.isDefault ? ' (default)' : ''}
							</option>
						))}
						{!servers.length && defaultServerLabel ? <option value="">{defaultServerLabel}</option> : null}
					</NativeSelect>
				</FormField>
			</div>
			<FormActions form={form} pending={isAdding} label="Add and send verification" pendingLabel="Adding…" />
		</Form>
	)
}
