import { getFormProps, getSelectProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { DeleteRowForm } from '#app/components/settings/delete-row-form.tsx'
import { SettingsTable } from '#app/components/settings/settings-table.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { CheckboxField, FormActions, FormField, InputField } from '#app/components/ui/form-field.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { TableCell, TableRow, TruncatedCell } from '#app/components/ui/table.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import {
	SMTP_SECURITY,
	SMTP_SECURITY_LABELS,
	SmtpServerSchema,
	type SmtpSecurity,
} from '#app/schemas/sending.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'
import { SENDING_INTENTS } from '#app/schemas/sending-intents.ts'
import { useSendingResult, useSendingSubmitting } from './sending-intents.ts'

export type SmtpServerRow = {
	id: string
	name: string
	host: string
	port: number
	security: SmtpSecurity
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
		<SectionCard
			title="SMTP servers"
			description={
				<>
					Sender addresses send through these servers, and so does everyone whose Gmail is not connected when
					a server is the default. Without a default server, email goes to {fallback}.
				</>
			}
			contentClassName="flex flex-col gap-6"
		>
			<SettingsTable
				label="SMTP servers"
				columns={['Name', 'Server', 'User name', 'Senders']}
				rows={servers}
				withActions={canManage}
				empty="No SMTP servers yet."
				renderRow={(server) => (
					<TableRow key={server.id}>
						<TableCell className="min-w-[9rem] max-w-0 font-medium">
							<span className="flex items-center gap-2">
								<span className="truncate" title={server.name}>
									{server.name}
								</span>
								{server.isDefault ? <Badge variant="secondary">Default</Badge> : null}
							</span>
						</TableCell>
						<TruncatedCell
							text={`${server.host}:${server.port} · ${SECURITY_SHORT[server.security]}`}
							className="text-muted-foreground"
						/>
						<TruncatedCell text={server.username ?? '—'} className="text-muted-foreground" />
						<TableCell className="text-muted-foreground">{server.senderCount}</TableCell>
						{canManage ? (
							<TableCell>
								<ServerActions server={server} />
							</TableCell>
						) : null}
					</TableRow>
				)}
			/>
			{canManage ? <SmtpServerForm key={editing?.id ?? 'new'} server={editing} /> : null}
		</SectionCard>
	)
}

const SECURITY_SHORT: Record<SmtpSecurity, string> = {
	STARTTLS: 'STARTTLS',
	TLS: 'TLS',
	NONE: 'no TLS (local)',
}

function ServerActions({ server }: { server: SmtpServerRow }) {
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
			<DeleteRowForm
				intent={SENDING_INTENTS.deleteServer}
				target={{ name: 'serverId', value: server.id }}
				preventScrollReset
				label={`Delete ${server.name}`}
				confirm={{
					title: 'Delete SMTP server?',
					message: `"${server.name}" will be removed. Sender addresses on it send through the default server instead.`,
					confirmLabel: 'Delete',
				}}
			/>
		</div>
	)
}

function SmtpServerForm({ server }: { server: SmtpServerRow | null }) {
	const intent = server ? SENDING_INTENTS.updateServer : SENDING_INTENTS.addServer
	const lastResult = useSendingResult(intent, server?.id ?? null)
	const isSaving = useSendingSubmitting(intent)
	const [form, fields] = useZodForm(SmtpServerSchema, {
		id: server ? `smtp-server-${server.id}` : 'smtp-server-new',
		lastResult,
		defaultValue: server
			? {
					name: server.name,
					host: server.host,
					port: String(server.port),
					security: server.security,
					username: server.username ?? '',
					isDefault: server.isDefault ? 'on' : undefined,
				}
			: { port: '587', security: 'STARTTLS' },
	})
	return (
		<Form method="post" className="flex flex-col gap-4 rounded-md border p-4" {...getFormProps(form)}>
			<h3 className="text-sm font-semibold">{server ? `Edit ${server.name}` : 'Add an SMTP server'}</h3>
			<input type="hidden" name="intent" value={intent} />
			{server ? <input type="hidden" name="serverId" value={server.id} /> : null}
			<div className="grid gap-4 sm:grid-cols-2">
				<InputField label="Name" field={fields.name} placeholder="Company mail" />
				<InputField label="Host" field={fields.host} placeholder="smtp.example.com" />
				<InputField label="Port" field={fields.port} type="number" />
				<FormField label="Connection security" field={fields.security}>
					<NativeSelect {...getSelectProps(fields.security)}>
						{SMTP_SECURITY.map((security) => (
							<option key={security} value={security}>
								{SMTP_SECURITY_LABELS[security]}
							</option>
						))}
					</NativeSelect>
				</FormField>
				<InputField label="User name" field={fields.username} autoComplete="off" />
				<InputField
					label="Password"
					field={fields.password}
					type="password"
					autoComplete="new-password"
					placeholder={server?.hasPassword ? 'Unchanged' : ''}
				/>
			</div>
			<p className="text-xs text-muted-foreground">
				The password and the emails only travel encrypted: with STARTTLS the server must offer it before
				anything is sent. None is for a development server on this machine (localhost, 127.0.0.1 or ::1).
			</p>
			<CheckboxField label="Default server of the organization" field={fields.isDefault} />
			<FormActions
				form={form}
				pending={isSaving}
				label={server ? 'Save server' : 'Add server'}
				secondary={
					server ? (
						<Button asChild variant="outline">
							<Link to="." preventScrollReset>
								Cancel
							</Link>
						</Button>
					) : null
				}
			/>
		</Form>
	)
}
