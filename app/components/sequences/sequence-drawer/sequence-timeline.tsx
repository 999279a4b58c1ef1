import {
	ChevronRight,
	Inbox,
	Mail,
	MessageSquare,
	MessageSquareReply,
	Phone,
	UserCheck,
	UserPlus,
	type LucideIcon,
} from 'lucide-react'
import { type DrawerTimelineEvent } from '#app/schemas/sequence-drawer.ts'
import { cn } from '#app/utils/misc.ts'
import { NOTE_DROPPED_TEXT } from './linkedin-step-state.tsx'
import { formatStepTime } from './step-labels.ts'
import { useUserTimeZone } from './step-schedule.tsx'

// One view of the person across channels (decision 033): every email, LinkedIn request,
// acceptance, message and reply, and every call, in time order. A <details> section, so it opens
// without JavaScript; open from the start once the person has answered anywhere.

const KIND_TEXT: Record<DrawerTimelineEvent['kind'], { label: string; icon: LucideIcon }> = {
	EMAIL_SENT: { label: 'Email sent', icon: Mail },
	EMAIL_RECEIVED: { label: 'Email received', icon: Inbox },
	LINKEDIN_REQUEST_SENT: { label: 'LinkedIn connection request sent', icon: UserPlus },
	LINKEDIN_ACCEPTED: { label: 'LinkedIn connection accepted', icon: UserCheck },
	LINKEDIN_MESSAGE_SENT: { label: 'LinkedIn message sent', icon: MessageSquare },
	LINKEDIN_REPLY: { label: 'LinkedIn reply received', icon: MessageSquareReply },
	CALL_DONE: { label: 'Call', icon: Phone },
}

const OUTCOME_TEXT = {
	CONNECTED: 'Connected',
	NO_ANSWER: 'No answer',
	VOICEMAIL: 'Voicemail',
	WRONG_NUMBER: 'Wrong number',
} as const

const CHANNEL_STYLE = {
	EMAIL: 'bg-blue-50 text-blue-700 ring-blue-200',
	LINKEDIN: 'bg-sky-50 text-sky-700 ring-sky-200',
	PHONE: 'bg-violet-50 text-violet-700 ring-violet-200',
} as const

/** The person answered (an email or a LinkedIn message; not a machine's reply, not an acceptance). */
export function isReplyEvent(event: DrawerTimelineEvent) {
	return (event.kind === 'EMAIL_RECEIVED' && !event.automatic) || event.kind === 'LINKEDIN_REPLY'
}

/** The event's heading: its kind, with what makes this one different. */
export function timelineEventLabel(event: DrawerTimelineEvent) {
	if (event.kind === 'EMAIL_RECEIVED' && event.automatic) {
		return event.automatic === 'AUTO_REPLY' ? 'Automatic reply received' : 'Delivery notice received'
	}
	if (event.kind === 'LINKEDIN_REQUEST_SENT' && event.alreadyConnected) return 'Already a LinkedIn connection'
	if (event.kind === 'CALL_DONE') return `Call · ${event.outcome ? OUTCOME_TEXT[event.outcome] : 'done'}`
	return KIND_TEXT[event.kind].label
}

export function SequenceTimeline({
	events,
	timeZone,
	defaultOpen,
}: {
	events: DrawerTimelineEvent[]
	timeZone: string
	defaultOpen: boolean
}) {
	const zone = useUserTimeZone(timeZone)
	const replies = events.filter(isReplyEvent).length
	return (
		<details
			className="group mb-4 rounded-lg border bg-card"
			open={defaultOpen}
			data-testid="sequence-timeline"
		>
			<summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
				<ChevronRight
					className="h-4 w-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
					aria-hidden="true"
				/>
				<span className="font-semibold">Timeline</span>
				<span className="text-muted-foreground">
					{events.length} {events.length === 1 ? 'event' : 'events'}
					{replies ? ` · ${replies} ${replies === 1 ? 'reply' : 'replies'}` : ''} · email, LinkedIn and calls
				</span>
			</summary>
			{events.length === 0 ? (
				<p className="px-4 pb-4 text-sm text-muted-foreground">Nothing sent or received yet.</p>
			) : (
				<ol className="grid gap-0 px-4 pb-4" aria-label="Timeline">
					{events.map((event, index) => (
						<TimelineItem key={event.id} event={event} zone={zone} last={index === events.length - 1} />
					))}
				</ol>
			)}
		</details>
	)
}

function TimelineItem({ event, zone, last }: { event: DrawerTimelineEvent; zone: string; last: boolean }) {
	const Icon = KIND_TEXT[event.kind].icon
	const incoming = event.direction === 'IN'
	return (
		<li
			className="relative grid grid-cols-[2rem_1fr] gap-3"
			data-testid="timeline-event"
			data-kind={event.kind}
		>
			{last ? null : <span className="absolute bottom-0 left-4 top-8 w-px bg-border" aria-hidden="true" />}
			<span
				className={cn(
					'relative z-10 mt-1 flex h-7 w-7 items-center justify-center rounded-full ring-1',
					CHANNEL_STYLE[event.channel],
				)}
				aria-hidden="true"
			>
				<Icon className="h-3.5 w-3.5" />
			</span>
			<div className="grid min-w-0 gap-0.5 pb-4">
				<div className="flex flex-wrap items-baseline justify-between gap-x-3">
					<p className={cn('text-sm', incoming && !event.automatic ? 'font-semibold' : 'font-medium')}>
						{timelineEventLabel(event)}
						{event.automatic ? (
							<span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">
								Automatic
							</span>
						) : null}
					</p>
					<time dateTime={event.at} className="shrink-0 text-xs tabular-nums text-muted-foreground">
						{formatStepTime(new Date(event.at), zone)}
					</time>
				</div>
				{event.subject ? <p className="truncate text-sm text-foreground/80">{event.subject}</p> : null}
				{event.noteDropped ? <p className="text-xs text-amber-700">{NOTE_DROPPED_TEXT}</p> : null}
				{event.text ? (
					<p
						className={cn(
							'line-clamp-3 whitespace-pre-line break-words text-sm',
							incoming ? 'text-foreground' : 'text-muted-foreground',
						)}
					>
						{event.text}
					</p>
				) : null}
			</div>
		</li>
	)
}
