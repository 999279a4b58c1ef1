import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { ConfirmSubmitForm } from '#app/components/confirm-submit-form.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { SENDING_INTENTS } from '#app/schemas/sending-intents.ts'
import { SmtpServerSchema } from '#app/schemas/sending.ts'
import { useSendingResult, useSendingSubmitting } from './sending-intents.ts'

export type SmtpServerRow = {
	id: string
	name: string
	host: string
	port: number
	secure: boolean
	username: string | null
	hasPassword: boolean
	isDefault: boolean
	senderCount: number
}

export function SmtpServersSection({
	servers,
	editing,
	fallback,
	canManage,
}: {
	servers: SmtpServerRow[]
	/** The server whose form is open (`?edit=<id>`), else the form adds one. */
	editing: SmtpServerRow | null
	/** Where email goes without a default server: "the server in SMTP_URL" or "the local outbox". */
	fallback: string
	canManage: boolean
}) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>SMTP servers</CardTitle>
				<CardDescription>
					Sender addresses send through these servers, and so does everyone whose Gmail is not connected when
					a server is the default. Without a default server, email goes to {fallback}.
				</CardDescription>
			</CardHeader>
			<CardContent className="flex flex-col gap-6">
				{servers.length ? (
					<Table aria-label="SMTP servers">
						<TableHeader>
							<TableRow>
								<TableHead>Name</TableHead>
								<TableHead>Server</TableHead>
								<TableHead>User name</TableHead>
								<TableHead>Senders</TableHead>
								{canManage ? (
									<TableHead className="w-0">
										<span className="sr-only">Actions</span>
									</TableHead>
								) : null}
							</TableRow>
						</TableHeader>
						<TableBody>
							{servers.map((server) => (
								<TableRow key={server.id}>
									<TableCell className="font-medium">
										<span className="flex items-center gap-2">
											{server.name}
											{server.isDefault ? <Badge variant="secondary">Default</Badge> : null}
										</span>
									</TableCell>
									<TableCell className="text-muted-foreground">
										{server.host}:{server.port}
										{server.secure ? ' · TLS' : ''}
									</TableCell>
									<TableCell className="text-muted-foreground">{server.username ?? '—'}</TableCell>
									<TableCell className="text-muted-foreground">{server.senderCount}</TableCell>
									{canManage ? (
										<TableCell>
											<ServerActions server={server} />
										</TableCell>
									) : null}
								</TableRow>
							))}
						</TableBody>
					</Table>
				) : (
					<p className="text-sm text-muted-foreground">No SMTP servers yet.</p>
				)}
				{canManage ? <SmtpServerForm key={editing?.id ?? 'new'} server={editing} /> : null}
			</CardContent>
		</Card>
	)
}

function ServerActions({ server }: { server: SmtpServerRow }) {
	const isDeleting = useSendingSubmitting(SENDING_INTENTS.deleteServer, {
		name: 'serverId',
		value: server.id,
	})
	return (
		<div className="flex items-center justify-end gap-2">
			<Button asChild variant="outline" size="sm">
				<Link to={`?edit=${server.id}`} preventScrollReset aria-label={`Edit ${server.name}`}>
					Edit
				</Link>
			</Button>
			{server.isDefault ? null : (
				<Form method="post" preventScrollReset>
					<input type="hidden" name="intent" value={SENDING_INTENTS.setDefaultServer} />
					<input type="hidden" name="serverId" value={server.id} />
					<Button type="submit" variant="outline" size="sm" aria-label={`Make ${server.name} the default`}>
						Make default
					</Button>
				</Form>
			)}
			<ConfirmSubmitForm
				method="post"
				preventScrollReset
				confirm={{
					title: 'Delete SMTP server?',
					message: `"${server.name}" will be removed. Sender addresses on it send through the default server instead.`,
					cancelLabel: 'Cancel',
					confirmLabel: 'Delete',
				}}
			>
				<input type="hidden" name="intent" value={SENDING_INTENTS.deleteServer} />
				<input type="hidden" name="serverId" value={server.id} />
				<Button
					type="submit"
					variant="ghost"
					size="icon"
					disabled={isDeleting}
					aria-label={`Delete ${server.name}`}
				>
					<Trash2 aria-hidden="true" />
				</Button>
			</ConfirmSubmitForm>
		</div>
	)
}

function SmtpServerForm({ server }: { server: SmtpServerRow | null }) {
	const intent = server ? SENDING_INTENTS.updateServer : SENDING_INTENTS.addServer
	const lastResult = useSendingResult(intent, server?.id ?? null)
	const isSaving = useSendingSubmitting(intent)
	const [form, fields] = useForm({
		id: server ? `smtp-server-${server.id}` : 'smtp-server-new',
		lastResult,
		constraint: getZodConstraint(SmtpServerSchema),
		defaultValue: server
			? {
					name: server.name,
					host: server.host,
					port: String(server.port),
					secure: server.secure ? 'on' : undefined,
					username: server.username ?? '',
					isDefault: server.isDefault ? 'on' : undefined,
				}
			: { port: '587' },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SmtpServerSchema }),
	})
	return (
		<Form method="post" className="flex flex-col gap-4 rounded-md border p-4" {...getFormProps(form)}>
			<h3 className="text-sm font-semibold">{server ? `Edit ${server.name}` : 'Add an SMTP server'}</h3>
			<input type="hidden" name="intent" value={intent} />
			{server ? <input type="hidden" name="serverId" value={server.id} /> : null}
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="Name" field={fields.name} placeholder="Company mail" />
				<Field label="Host" field={fields.host} placeholder="smtp.example.com" />
				<Field label="Port" field={fields.port} type="number" />
				<div className="flex items-end gap-2 pb-2">
					<Checkbox {...getInputProps(fields.secure, { type: 'checkbox' })} />
					<Label htmlFor={fields.secure.id}>Use TLS from the start (port 465)</Label>
				</div>
				<Field label="User name" field={fields.username} autoComplete="off" />
				<Field
					label="Password"
					field={fields.password}
					type="password"
					autoComplete="new-password"
					placeholder={server?.hasPassword ? 'Unchanged' : ''}
				/>
			</div>
			<div className="flex items-center gap-2">
				<Checkbox {...getInputProps(fields.isDefault, { type: 'checkbox' })} />
				<Label htmlFor={fields.isDefault.id}>Default server of the organization</Label>
			</div>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex justify-end gap-2">
				{server ? (
					<Button asChild variant="outline">
						<Link to="." preventScrollReset>
							Cancel
						</Link>
					</Button>
				) : null}
				<Button type="submit" disabled={isSaving}>
					{isSaving ? 'Saving…' : server ? 'Save server' : 'Add server'}
				</Button>
			</div>
		</Form>
	)
}

type ConformField = Parameters<typeof getInputProps>[0]

function Field({
	label,
	field,
	type = 'text',
	...props
}: {
	label: string
	field: ConformField & { errors?: string[]; errorId: string; id: string }
	type?: 'text' | 'number' | 'password'
	placeholder?: string
	autoComplete?: string
}) {
	return (
		<div className="flex flex-col gap-2">
			<Label htmlFor={field.id}>{label}</Label>
			<Input {...getInputProps(field, { type })} {...props} />
			<ErrorList id={field.errorId} errors={field.errors} />
		</div>
	)
}
