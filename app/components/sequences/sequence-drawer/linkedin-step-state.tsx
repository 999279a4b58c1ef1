import { AlertTriangle, Clock, Hourglass, MessageSquareReply, Send, UserCheck } from 'lucide-react'
import type * as React from 'react'
import { type DrawerLinkedInStep } from '#app/schemas/sequence-drawer.ts'
import { cn } from '#app/utils/misc.ts'
import { formatStepTime } from './step-labels.ts'
import { useUserTimeZone } from './step-schedule.tsx'

// A LinkedIn step's live state on its card: scheduled for, sent, awaiting acceptance, accepted,
// replied, failed — each with its time in the user's zone — and what became of the note.

export const NOTE_DROPPED_TEXT = 'Sent without its note (monthly note limit reached)'
export const ALREADY_CONNECTED_TEXT = 'Already a connection: no request was needed'

type Line = { icon: typeof Clock; text: string; tone?: 'muted' | 'good' | 'warn' | 'bad'; testId: string }

/** What the card says, most telling first. Pure, so it reads the same before and after hydration. */
export function linkedInStepStateLines(step: DrawerLinkedInStep, format: (iso: string) => string): Line[] {
	const lines: Line[] = []
	const isRequest = step.order === 1
	if (step.status === 'FAILED') {
		lines.push({
			icon: AlertTriangle,
			text: `Failed${step.failureReason ? `: ${step.failureReason}` : ''}`,
			tone: 'bad',
			testId: 'linkedin-failed',
		})
		if (step.lastError && step.lastError !== step.failureReason) {
			lines.push({
				icon: AlertTriangle,
				text: `LinkedIn said: ${step.lastError}`,
				tone: 'bad',
				testId: 'linkedin-error',
			})
		}
		return lines
	}
	if (step.repliedAt) {
		lines.push({
			icon: MessageSquareReply,
			text: `Replied ${format(step.repliedAt)}`,
			tone: 'good',
			testId: 'linkedin-replied',
		})
	}
	if (isRequest && step.alreadyConnected) {
		lines.push({
			icon: UserCheck,
			text: ALREADY_CONNECTED_TEXT,
			tone: 'good',
			testId: 'linkedin-already-connected',
		})
	} else if (isRequest && step.acceptedAt) {
		lines.push({
			icon: UserCheck,
			text: `Accepted ${format(step.acceptedAt)}`,
			tone: 'good',
			testId: 'linkedin-accepted',
		})
	}
	if (step.sentAt && !(isRequest && step.alreadyConnected)) {
		lines.push({ icon: Send, text: `Sent ${format(step.sentAt)}`, testId: 'linkedin-sent' })
		if (isRequest && !step.acceptedAt && step.status === 'SENT') {
			lines.push({
				icon: Hourglass,
				text: `Awaiting acceptance${step.nextCheckAt ? ` · next check ${format(step.nextCheckAt)}` : ''}`,
				tone: 'warn',
				testId: 'linkedin-awaiting',
			})
		}
	} else if (!step.sentAt && step.scheduledFor && ['SCHEDULED', 'SENDING', 'PENDING'].includes(step.status)) {
		lines.push({
			icon: Clock,
			text: `Scheduled for ${format(step.scheduledFor)}`,
			testId: 'linkedin-scheduled',
		})
	}
	if (isRequest && step.noteDropped) {
		lines.push({
			icon: AlertTriangle,
			text: NOTE_DROPPED_TEXT,
			tone: 'warn',
			testId: 'linkedin-note-dropped',
		})
	}
	if (step.lastError && !step.sentAt) {
		lines.push({
			icon: AlertTriangle,
			text: `Last attempt failed: ${step.lastError} (it is tried again)`,
			tone: 'warn',
			testId: 'linkedin-last-error',
		})
	}
	return lines
}

const TONES = {
	muted: 'text-muted-foreground',
	good: 'text-green-700',
	warn: 'text-amber-700',
	bad: 'text-destructive',
} as const

export function LinkedInStepState({
	step,
	timeZones,
}: {
	step: DrawerLinkedInStep
	timeZones: { organization: string }
}) {
	const zone = useUserTimeZone(timeZones.organization)
	const lines = linkedInStepStateLines(step, (iso) => formatStepTime(new Date(iso), zone))
	if (lines.length === 0) return null
	return (
		<ul className="grid gap-0.5 text-xs" aria-label="LinkedIn step state" data-testid="linkedin-step-state">
			{lines.map((line) => (
				<StateLine key={line.testId} line={line} />
			))}
		</ul>
	)
}

function StateLine({ line }: { line: Line }): React.ReactElement {
	const Icon = line.icon
	return (
		<li className={cn('flex items-start gap-1.5', TONES[line.tone ?? 'muted'])} data-testid={line.testId}>
			<Icon className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
			<span>{line.text}</span>
		</li>
	)
}
