import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { ConfirmSubmitForm } from '#app/components/confirm-submit-form.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { SENDING_INTENTS } from '#app/schemas/sending-intents.ts'
import { SenderAddressSchema } from '#app/schemas/sending.ts'
import { useSendingResult, useSendingSubmitting } from './sending-intents.ts'

export type SenderRow = {
	id: string
	address: string
	name: string | null
	verified: boolean
	serverName: string | null
}

export function SenderAddressesSection({
	senders,
	servers,
	defaultServerLabel,
	canManage,
}: {
	senders: SenderRow[]
	servers: Array<{ id: string; name: string; isDefault: boolean }>
	/** What "the organization's default" sends through, or null when that is the local outbox. */
	defaultServerLabel: string | null
	canManage: boolean
}) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>Sender addresses</CardTitle>
				<CardDescription>
					Addresses everyone in the organization may send sequences from, through SMTP. Each one gets a
					verification email; it can be used once someone opens the link in it.
				</CardDescription>
			</CardHeader>
			<CardContent className="flex flex-col gap-6">
				{senders.length ? (
					<Table aria-label="Sender addresses">
						<TableHeader>
							<TableRow>
								<TableHead>Address</TableHead>
								<TableHead>Server</TableHead>
								<TableHead>Status</TableHead>
								{canManage ? (
									<TableHead className="w-0">
										<span className="sr-only">Actions</span>
									</TableHead>
								) : null}
							</TableRow>
						</TableHeader>
						<TableBody>
							{senders.map((sender) => (
								<TableRow key={sender.id}>
									<TableCell className="font-medium">
										{sender.name ? `${sender.name} <${sender.address}>` : sender.address}
									</TableCell>
									<TableCell className="text-muted-foreground">
										{sender.serverName ?? defaultServerLabel ?? 'Default server'}
									</TableCell>
									<TableCell>
										{sender.verified ? (
											<Badge variant="success">Verified</Badge>
										) : (
											<Badge variant="warning">Waiting for verification</Badge>
										)}
									</TableCell>
									{canManage ? (
										<TableCell>
											<SenderActions sender={sender} />
										</TableCell>
									) : null}
								</TableRow>
							))}
						</TableBody>
					</Table>
				) : (
					<p className="text-sm text-muted-foreground">No sender addresses yet.</p>
				)}
				{canManage ? (
					servers.length || defaultServerLabel ? (
						<AddSenderForm servers={servers} defaultServerLabel={defaultServerLabel} />
					) : (
						<p className="text-sm text-muted-foreground">
							Add an SMTP server first: sender addresses send through one.
						</p>
					)
				) : null}
			</CardContent>
		</Card>
	)
}

function SenderActions({ sender }: { sender: SenderRow }) {
	const isResending = useSendingSubmitting(SENDING_INTENTS.resendVerification, {
		name: 'mailboxId',
		value: sender.id,
	})
	return (
		<div className="flex items-center justify-end gap-2">
			{sender.verified ? null : (
				<Form method="post" preventScrollReset>
					<input type="hidden" name="intent" value={SENDING_INTENTS.resendVerification} />
					<input type="hidden" name="mailboxId" value={sender.id} />
					<Button type="submit" variant="outline" size="sm" disabled={isResending}>
						{isResending ? 'Sending…' : 'Resend verification'}
					</Button>
				</Form>
			)}
			<ConfirmSubmitForm
				method="post"
				preventScrollReset
				confirm={{
					title: 'Remove sender address?',
					message: `Nobody will be able to send from ${sender.address} any more.`,
					cancelLabel: 'Cancel',
					confirmLabel: 'Remove',
				}}
			>
				<input type="hidden" name="intent" value={SENDING_INTENTS.deleteSender} />
				<input type="hidden" name="mailboxId" value={sender.id} />
				<Button type="submit" variant="ghost" size="icon" aria-label={`Remove ${sender.address}`}>
					<Trash2 aria-hidden="true" />
				</Button>
			</ConfirmSubmitForm>
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
	const [form, fields] = useForm({
		id: 'add-sender',
		lastResult,
		constraint: getZodConstraint(SenderAddressSchema),
		defaultValue: { smtpTransportId: servers.find((server) => server.isDefault)?.id ?? servers[0]?.id ?? '' },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SenderAddressSchema }),
	})
	return (
		<Form method="post" className="flex flex-col gap-4 rounded-md border p-4" {...getFormProps(form)}>
			<h3 className="text-sm font-semibold">Add a sender address</h3>
			<input type="hidden" name="intent" value={SENDING_INTENTS.addSender} />
			<div className="grid gap-4 sm:grid-cols-3">
				<div className="flex flex-col gap-2">
					<Label htmlFor={fields.address.id}>Email address</Label>
					<Input {...getInputProps(fields.address, { type: 'email' })} placeholder="sales@example.com" />
					<ErrorList id={fields.address.errorId} errors={fields.address.errors} />
				</div>
				<div className="flex flex-col gap-2">
					<Label htmlFor={fields.name.id}>Display name</Label>
					<Input {...getInputProps(fields.name, { type: 'text' })} placeholder="Ada from Acme" />
					<ErrorList id={fields.name.errorId} errors={fields.name.errors} />
				</div>
				<div className="flex flex-col gap-2">
					<Label htmlFor={fields.smtpTransportId.id}>SMTP server</Label>
					<NativeSelect {...getSelectProps(fields.smtpTransportId)}>
						{servers.map((server) => (
							<option key={server.id} value={server.id}>
								{server.name}
								{server.isDefault ? ' (default)' : ''}
							</option>
						))}
						{!servers.length && defaultServerLabel ? <option value="">{defaultServerLabel}</option> : null}
					</NativeSelect>
					<ErrorList id={fields.smtpTransportId.errorId} errors={fields.smtpTransportId.errors} />
				</div>
			</div>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex justify-end">
				<Button type="submit" disabled={isAdding}>
					{isAdding ? 'Adding…' : 'Add and send verification'}
				</Button>
			</div>
		</Form>
	)
}
