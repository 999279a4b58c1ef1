import { Bot } from 'lucide-react'
import { Badge } from '#app/components/ui/badge.tsx'
import { type DrawerMessage } from '#app/schemas/sequence-drawer.ts'
import { ReplyIntentNote } from './reply-intent-note.tsx'

// UTC, so the server render and the browser agree (as the conversation view).
const dateFormat = new Intl.DateTimeFormat('en-US', {
	dateStyle: 'medium',
	timeStyle: 'short',
	timeZone: 'UTC',
})

export const AUTOMATIC_LABELS = {
	AUTO_REPLY: 'Automatic reply',
	DELAY_NOTICE: 'Delivery delayed',
} as const

/** The label of a machine-written message, for its badge. */
export function AutomaticBadge({ kind }: { kind: keyof typeof AUTOMATIC_LABELS }) {
	return (
		<Badge variant={kind === 'DELAY_NOTICE' ? 'warning' : 'secondary'} className="gap-1 font-medium">
			<Bot className="h-3 w-3" aria-hidden="true" />
			{AUTOMATIC_LABELS[kind]}
		</Badge>
	)
}

/**
 * Under the steps of a sequence nobody has answered yet: the out-of-office replies and delay
 * notices that came back. They are shown so the user knows, and they do not stop the sequence.
 */
export function AutomaticMessages({ messages }: { messages: DrawerMessage[] }) {
	if (!messages.length) return null
	return (
		<section aria-label="Automatic replies" className="mt-4 grid gap-2 border-t pt-4">
			<div>
				<h3 className="text-sm font-semibold">Automatic replies</h3>
				<p className="text-xs text-muted-foreground">
					Out-of-office replies and delivery notices do not count as a reply: the sequence goes on — after the
					return day when an out-of-office gives one.
				</p>
			</div>
			<ol className="grid gap-2">
				{messages.map((message) => {
					const date = new Date(message.date)
					return (
						<li key={message.id}>
							<article
								aria-label={`${AUTOMATIC_LABELS[message.automatic ?? 'AUTO_REPLY']} from ${message.from}`}
								className="grid gap-1 rounded-lg border border-dashed bg-muted/30 p-3 text-sm"
							>
								<header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
									<span className="flex items-center gap-2">
										<AutomaticBadge kind={message.automatic ?? 'AUTO_REPLY'} />
										<span className="text-muted-foreground">{message.from}</span>
									</span>
									<time dateTime={date.toISOString()} className="text-xs text-muted-foreground">
										{dateFormat.format(date)}
									</time>
								</header>
								<p className="line-clamp-3 whitespace-pre-line break-words text-muted-foreground">
									{message.body}
								</p>
								{message.intent ? <ReplyIntentNote messageId={message.id} intent={message.intent} /> : null}
							</article>
						</li>
					)
				})}
			</ol>
		</section>
	)
}
