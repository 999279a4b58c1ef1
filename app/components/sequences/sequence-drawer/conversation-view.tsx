import { Send } from 'lucide-react'
import { useId, useState } from 'react'
import { useGoogleScopeRetry } from '#app/components/mail/google-permissions-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { type DrawerMessage } from '#app/schemas/sequence-drawer.ts'
import { cn } from '#app/utils/misc.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import {
	DrawerForm,
	useDrawer,
	useDrawerFetcher,
	useDrawerSubmit,
	useFetcherResult,
} from './drawer-context.tsx'
import { AutomaticBadge } from './automatic-messages.tsx'
import { ReplyIntentNote } from './reply-intent-note.tsx'

// UTC, so the server render and the browser agree.
const dateFormat = new Intl.DateTimeFormat('en-US', {
	dateStyle: 'medium',
	timeStyle: 'short',
	timeZone: 'UTC',
})

/** Shown instead of the steps once the contact replied by email: the thread and a reply box. */
export function ConversationView({ messages }: { messages: DrawerMessage[] }) {
	const { readOnly } = useDrawer()
	return (
		<section aria-label="Conversation" className="grid gap-4">
			{messages.length === 0 ? (
				<p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
					No messages in this conversation yet.
				</p>
			) : (
				<ol className="grid gap-3">
					{messages.map((message) => (
						<li key={message.id} className={cn('flex', message.isFromUser ? 'justify-end' : 'justify-start')}>
							<MessageCard message={message} />
						</li>
					))}
				</ol>
			)}
			{readOnly ? null : <ReplyBox />}
		</section>
	)
}

function MessageCard({ message }: { message: DrawerMessage }) {
	const date = new Date(message.date)
	return (
		<article
			aria-label={`Message from ${message.from}`}
			data-from-user={message.isFromUser ? 'true' : 'false'}
			data-automatic={message.automatic ?? undefined}
			className={cn(
				'grid max-w-[85%] gap-1 rounded-lg border p-3 text-sm shadow-sm',
				message.isFromUser ? 'border-primary/20 bg-primary/5' : 'bg-muted/40',
			)}
		>
			<header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
				<span className="flex items-center gap-2">
					<span className="font-medium">{message.from}</span>
					{message.automatic ? <AutomaticBadge kind={message.automatic} /> : null}
				</span>
				<time dateTime={date.toISOString()} className="text-xs text-muted-foreground">
					{dateFormat.format(date)}
				</time>
			</header>
			<p className="whitespace-pre-line break-words">{message.body}</p>
			{message.intent ? <ReplyIntentNote messageId={message.id} intent={message.intent} /> : null}
		</article>
	)
}

/** Send is disabled while the text is empty or blank and while a reply is being sent. */
function ReplyBox() {
	const id = useId()
	const fetcher = useDrawerFetcher()
	const [body, setBody] = useState('')
	const sending = fetcher.state !== 'idle'
	// Without JavaScript the browser's `required` guards the form; the server refuses blank text.
	const hydrated = useHydrated()
	const submit = useDrawerSubmit(fetcher)
	const permissions = useGoogleScopeRetry()
	useFetcherResult(fetcher, (result) => {
		if (result.ok) setBody('')
		else if (result.error === 'GoogleScopeError') permissions.requestGrant(() => submit('reply', { body }))
	})
	return (
		<DrawerForm
			fetcher={fetcher}
			intent="reply"
			className="grid gap-2 border-t pt-4"
			onSubmit={(event) => {
				if (!body.trim() || sending) event.preventDefault()
			}}
		>
			<Label htmlFor={`${id}-reply`}>Reply</Label>
			<Textarea
				id={`${id}-reply`}
				name="body"
				value={body}
				rows={4}
				required
				placeholder="Write your reply…"
				disabled={sending}
				onChange={(event) => setBody(event.currentTarget.value)}
			/>
			{permissions.dialog}
			<div className="flex justify-end">
				<Button type="submit" disabled={hydrated && (!body.trim() || sending)}>
					<PendingIcon pending={sending} icon={Send} />
					Send
				</Button>
			</div>
		</DrawerForm>
	)
}
