import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { Inbox } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Label } from '#app/components/ui/label.tsx'
import {
	Table,
	TableBody,
	TableCell,
	TableHead,
	TableHeader,
	TableRow,
	TruncatedCell,
} from '#app/components/ui/table.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { transportKindForMailbox } from '#app/models/mailbox/mail-transport.server.ts'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { findOutboxMessage, listOutboxMessages } from '#app/models/mailbox/outbox.server.ts'
import { smtpServerNameForMailbox } from '#app/models/mailbox/smtp-senders.server.ts'
import { getSendWindow } from '#app/models/organization/send-window.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { cn } from '#app/utils/misc.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const organizationId = actor.organizationId
	const url = new URL(request.url)
	const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
	const selectedId = url.searchParams.get('message')

	const mailbox = await ensureUserMailbox({
		organizationId,
		userId: actor.userId,
		email: actor.email,
		name: actor.name,
	})
	const [list, selected, organization, transportKind] = await Promise.all([
		listOutboxMessages(organizationId, page),
		selectedId ? findOutboxMessage(organizationId, selectedId) : null,
		getSendWindow(organizationId),
		transportKindForMailbox(mailbox.id),
	])
	if (selectedId && !selected) throw new Response('Message not found', { status: 404 })
	const serverName =
		transportKind === 'SMTP'
			? await smtpServerNameForMailbox({ organizationId, smtpTransportId: null })
			: null
	// Dates in the organization's time zone, formatted here so server and browser print the same.
	const timeZone = organization?.timeZone ?? 'UTC'
	const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone })
	return {
		page,
		pageCount: list.pageCount,
		total: list.total,
		timeZone,
		mailbox: { address: mailbox.address, transportKind, serverName },
		messages: list.messages.map((message) => ({
			id: message.id,
			from: message.fromAddress,
			to: message.toAddress,
			subject: message.subject,
			date: format.format(message.createdAt),
		})),
		selected: selected
			? {
					id: selected.id,
					messageId: selected.messageId,
					inReplyTo: selected.inReplyTo,
					from: selected.fromAddress,
					to: selected.toAddress,
					subject: selected.subject,
					html: selected.html,
					text: selected.text,
					headers: Object.entries((selected.headers ?? {}) as Record<string, unknown>).map(
						([name, value]) => [name, String(value)] as const,
					),
					date: format.format(selected.createdAt),
				}
			: null,
	}
}

export default function OutboxRoute() {
	const { page, pageCount, total, timeZone, mailbox, messages, selected } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	const linkTo = (params: { page?: number; message?: string | null }) => {
		const next = new URLSearchParams(searchParams)
		if (params.page !== undefined) next.set('page', String(params.page))
		if (params.message === null) next.delete('message')
		else if (params.message) next.set('message', params.message)
		// An opened message scrolls into view: below 1280 px the reader sits under the list.
		return `?${next.toString()}${params.message ? `#${MESSAGE_ANCHOR}` : ''}`
	}
	// With a message open, from 1280 px the list keeps a readable minimum beside the reader and
	// shows only Subject and To (the reader has the rest); below, the two stack at full width.
	const besideReader = selected ? 'xl:hidden' : undefined
	return (
		<div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Outbox"
				description={<TransportDescription {...mailbox} />}
				actions={
					<Button asChild variant="outline">
						<Link to="/settings/sending">Sending settings</Link>
					</Button>
				}
			/>
			<div className={cn('grid gap-6', selected && 'xl:grid-cols-[minmax(30rem,2fr)_minmax(0,3fr)]')}>
				<Card>
					<CardHeader>
						<CardTitle>
							{total} {total === 1 ? 'message' : 'messages'}
						</CardTitle>
					</CardHeader>
					<CardContent className="flex flex-col gap-4">
						{messages.length ? (
							<Table aria-label="Outbox messages">
								<TableHeader>
									<TableRow>
										<TableHead>Subject</TableHead>
										<TableHead className={besideReader}>From</TableHead>
										<TableHead>To</TableHead>
										<TableHead className={cn('w-px', besideReader)}>Date ({timeZone})</TableHead>
									</TableRow>
								</TableHeader>
								<TableBody>
									{messages.map((message) => (
										<TableRow
											key={message.id}
											data-state={message.id === selected?.id ? 'selected' : undefined}
										>
											<TruncatedCell
												text={message.subject || '(no subject)'}
												className="min-w-[10rem] font-medium"
											>
												<Link
													to={linkTo({ message: message.id })}
													preventScrollReset
													className="hover:underline"
													aria-current={message.id === selected?.id ? 'true' : undefined}
												>
													{message.subject || '(no subject)'}
												</Link>
											</TruncatedCell>
											<TruncatedCell
												text={message.from}
												className={cn('text-muted-foreground', besideReader)}
											/>
											<TruncatedCell text={message.to} className="min-w-[8rem] text-muted-foreground" />
											<TableCell className={cn('whitespace-nowrap text-muted-foreground', besideReader)}>
												{message.date}
											</TableCell>
										</TableRow>
									))}
								</TableBody>
							</Table>
						) : (
							<div className="flex flex-col items-center gap-2 py-12 text-center text-sm text-muted-foreground">
								<Inbox aria-hidden="true" className="size-8" />
								<p>No emails in the outbox yet.</p>
							</div>
						)}
						{pageCount > 1 ? (
							<nav aria-label="Pagination" className="flex items-center justify-between gap-2 text-sm">
								<Button asChild={page > 1} variant="outline" size="sm" disabled={page <= 1}>
									{page > 1 ? (
										<Link to={linkTo({ page: page - 1, message: null })}>Newer</Link>
									) : (
										<span>Newer</span>
									)}
								</Button>
								<span className="text-muted-foreground">
									Page {page} of {pageCount}
								</span>
								<Button asChild={page < pageCount} variant="outline" size="sm" disabled={page >= pageCount}>
									{page < pageCount ? (
										<Link to={linkTo({ page: page + 1, message: null })}>Older</Link>
									) : (
										<span>Older</span>
									)}
								</Button>
							</nav>
						) : null}
					</CardContent>
				</Card>
				{selected ? <MessageView message={selected} closeTo={linkTo({ message: null })} /> : null}
			</div>
		</div>
	)
}

function TransportDescription({
	address,
	transportKind,
	serverName,
}: {
	address: string
	transportKind: 'GMAIL' | 'SMTP' | 'OUTBOX'
	serverName: string | null
}) {
	if (transportKind === 'GMAIL')
		return <>Your mailbox {address} sends through Gmail, so its emails are not kept here.</>
	if (transportKind === 'SMTP') {
		return (
			<>
				Your mailbox {address} sends through the SMTP server {serverName ?? ''}; emails kept here came from
				other mailboxes.
			</>
		)
	}
	return (
		<>
			Your mailbox {address} sends to this local outbox: emails are kept here and nothing leaves this machine.
		</>
	)
}

const MESSAGE_ANCHOR = 'message'

type SelectedMessage = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['selected']>

function MessageView({ message, closeTo }: { message: SelectedMessage; closeTo: string }) {
	return (
		<Card role="region" aria-label="Message" id={MESSAGE_ANCHOR} className="min-w-0 scroll-mt-4">
			<CardHeader className="flex flex-row items-start justify-between gap-4 space-y-0">
				<div className="flex min-w-0 flex-col gap-1">
					<h2 className="break-words text-lg font-semibold">{message.subject || '(no subject)'}</h2>
					<dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-muted-foreground">
						<dt>From</dt>
						<dd className="break-all">{message.from}</dd>
						<dt>To</dt>
						<dd className="break-all">{message.to}</dd>
						<dt>Date</dt>
						<dd>{message.date}</dd>
					</dl>
				</div>
				<Button asChild variant="ghost" size="sm">
					<Link to={closeTo} preventScrollReset>
						Close
					</Link>
				</Button>
			</CardHeader>
			<CardContent className="flex flex-col gap-4">
				{/* The email's HTML is untrusted: an empty sandbox runs no script and reaches nothing of ours. */}
				<iframe
					title="Email body"
					sandbox=""
					srcDoc={message.html}
					referrerPolicy="no-referrer"
					className="h-[28rem] w-full rounded-md border bg-white"
				/>
				<details className="text-sm">
					<summary className="cursor-pointer font-medium">Plain text</summary>
					<pre className="mt-2 whitespace-pre-wrap break-words rounded-md bg-muted p-3">{message.text}</pre>
				</details>
				<details className="text-sm">
					<summary className="cursor-pointer font-medium">Headers</summary>
					<dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-md bg-muted p-3 font-mono text-xs">
						<dt>Message-ID</dt>
						<dd className="break-all">{message.messageId}</dd>
						{message.inReplyTo ? (
							<>
								<dt>In-Reply-To</dt>
								<dd className="break-all">{message.inReplyTo}</dd>
							</>
						) : null}
						{message.headers.map(([name, value]) => (
							<div key={name} className="contents">
								<dt>{name}</dt>
								<dd className="break-all">{value}</dd>
							</div>
						))}
					</dl>
				</details>
				{/* The outbox has no inbox: this is how a contact's reply reaches an offline sequence. */}
				<Form
					method="post"
					action={`/resources/outbox/${message.id}/reply`}
					className="space-y-2 border-t pt-4"
				>
					<Label htmlFor="outbox-reply-body">Reply as the contact</Label>
					<Textarea
						id="outbox-reply-body"
						name="body"
						required
						rows={3}
						placeholder="Thanks, let's talk on Tuesday."
					/>
					<Button type="submit" variant="outline" size="sm">
						Record reply
					</Button>
				</Form>
			</CardContent>
		</Card>
	)
}

export const meta: MetaFunction = () => [{ title: 'Outbox · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
