import { htmlToText, withoutQuotedText } from '#app/models/conversation/conversation.server.ts'
import { prisma } from '#app/utils/db.server.ts'

// One view of a person across channels (decision 033): what the sequence sent and received by
// email, on LinkedIn and by phone, in time order. Read from the rows each channel already keeps
// (steps' sent, accepted and replied times; the conversation's messages; calls done), so no
// channel records anything twice.

export type TimelineEventKind =
	| 'EMAIL_SENT'
	| 'EMAIL_RECEIVED'
	| 'LINKEDIN_REQUEST_SENT'
	| 'LINKEDIN_ACCEPTED'
	| 'LINKEDIN_MESSAGE_SENT'
	| 'LINKEDIN_REPLY'
	| 'CALL_DONE'

export type TimelineEvent = {
	/** Unique within the timeline (the row's id with the event's kind). */
	id: string
	kind: TimelineEventKind
	channel: 'EMAIL' | 'LINKEDIN' | 'PHONE'
	at: Date
	/** Ours (sent, called) or theirs (a reply, an acceptance). */
	direction: 'OUT' | 'IN'
	/** An email's subject. */
	subject: string | null
	/** A short excerpt of what was said: the note, the message, the reply, the call's notes. */
	text: string | null
	/** Email received: written by a machine (out of office, delay notice), not the person's reply. */
	automatic: 'AUTO_REPLY' | 'DELAY_NOTICE' | null
	/** A connection request that went without its note (over the monthly note limit). */
	noteDropped: boolean
	/** A connection request skipped because the person was already a connection. */
	alreadyConnected: boolean
	/** A call's outcome. */
	outcome: 'CONNECTED' | 'NO_ANSWER' | 'VOICEMAIL' | 'WRONG_NUMBER' | null
}

const EXCERPT_MAX = 280

/** Within the same instant: what we did before what they answered. */
const KIND_RANK: Record<TimelineEventKind, number> = {
	EMAIL_SENT: 0,
	LINKEDIN_REQUEST_SENT: 0,
	LINKEDIN_MESSAGE_SENT: 0,
	CALL_DONE: 0,
	LINKEDIN_ACCEPTED: 1,
	EMAIL_RECEIVED: 2,
	LINKEDIN_REPLY: 2,
}

/** The sequence's timeline, oldest first; null when the organization has no such sequence. */
export async function getSequenceTimeline(
	organizationId: string,
	sequenceId: string,
): Promise<TimelineEvent[] | null> {
	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: {
			emailSteps: {
				where: { sentAt: { not: null } },
				select: { id: true, subject: true, sentAt: true },
			},
			linkedInSteps: {
				select: {
					id: true,
					order: true,
					requestNote: true,
					message: true,
					status: true,
					sentAt: true,
					acceptedAt: true,
					repliedAt: true,
					repliedContent: true,
					metadata: true,
				},
			},
			phoneCallSteps: {
				where: { completedAt: { not: null } },
				select: { id: true, completedAt: true, outcome: true, notes: true, talkingPoints: true },
			},
			messages: {
				select: {
					id: true,
					type: true,
					subject: true,
					bodyText: true,
					bodyHtml: true,
					isFromUser: true,
					automatic: true,
					date: true,
				},
			},
		},
	})
	if (!sequence) return null
	const events: TimelineEvent[] = []
	const base = {
		subject: null,
		text: null,
		automatic: null,
		noteDropped: false,
		alreadyConnected: false,
		outcome: null,
	}

	for (const step of sequence.emailSteps) {
		events.push({
			...base,
			id: `${step.id}:sent`,
			kind: 'EMAIL_SENT',
			channel: 'EMAIL',
			direction: 'OUT',
			at: step.sentAt!,
			subject: step.subject,
		})
	}

	const linkedInMessages = sequence.messages.filter((message) => message.type === 'LINKEDIN')
	const inboundLinkedIn = linkedInMessages.filter((message) => !message.isFromUser)
	const stepTexts = new Set(
		sequence.linkedInSteps.flatMap((step) =>
			[step.message, step.requestNote].map(normalized).filter(Boolean),
		),
	)
	for (const step of sequence.linkedInSteps) {
		const metadata = (step.metadata ?? {}) as { noteDropped?: unknown; alreadyConnected?: unknown }
		const isRequest = step.order === 1
		const alreadyConnected = metadata.alreadyConnected === true
		if (step.sentAt) {
			events.push({
				...base,
				id: `${step.id}:sent`,
				kind: isRequest ? 'LINKEDIN_REQUEST_SENT' : 'LINKEDIN_MESSAGE_SENT',
				channel: 'LINKEDIN',
				direction: 'OUT',
				at: step.sentAt,
				text: excerpt(isRequest ? (metadata.noteDropped === true ? null : step.requestNote) : step.message),
				noteDropped: isRequest && metadata.noteDropped === true,
				alreadyConnected: isRequest && alreadyConnected,
			})
		}
		// Already a connection: nothing was accepted, the request was skipped.
		if (isRequest && step.acceptedAt && !alreadyConnected) {
			events.push({
				...base,
				id: `${step.id}:accepted`,
				kind: 'LINKEDIN_ACCEPTED',
				channel: 'LINKEDIN',
				direction: 'IN',
				at: step.acceptedAt,
			})
		}
		// The step's reply, unless the conversation holds the same message (read by the sync).
		if (step.repliedAt && !sameMessageKept(step.repliedAt, step.repliedContent, inboundLinkedIn)) {
			events.push({
				...base,
				id: `${step.id}:replied`,
				kind: 'LINKEDIN_REPLY',
				channel: 'LINKEDIN',
				direction: 'IN',
				at: step.repliedAt,
				text: excerpt(step.repliedContent),
			})
		}
	}

	for (const message of sequence.messages) {
		const body = messageText(message)
		if (message.type === 'LINKEDIN') {
			// Our own LinkedIn messages are the steps above; one written on LinkedIn by hand shows too.
			if (message.isFromUser && stepTexts.has(normalized(body))) continue
			events.push({
				...base,
				id: `${message.id}:message`,
				kind: message.isFromUser ? 'LINKEDIN_MESSAGE_SENT' : 'LINKEDIN_REPLY',
				channel: 'LINKEDIN',
				direction: message.isFromUser ? 'OUT' : 'IN',
				at: message.date,
				text: excerpt(body),
			})
			continue
		}
		events.push({
			...base,
			id: `${message.id}:message`,
			kind: message.isFromUser ? 'EMAIL_SENT' : 'EMAIL_RECEIVED',
			channel: 'EMAIL',
			direction: message.isFromUser ? 'OUT' : 'IN',
			at: message.date,
			subject: message.subject,
			text: excerpt(body),
			automatic: message.automatic,
		})
	}

	for (const call of sequence.phoneCallSteps) {
		events.push({
			...base,
			id: `${call.id}:call`,
			kind: 'CALL_DONE',
			channel: 'PHONE',
			direction: 'OUT',
			at: call.completedAt!,
			text: excerpt(call.notes),
			outcome: call.outcome,
		})
	}

	return events.sort(
		(a, b) =>
			a.at.getTime() - b.at.getTime() || KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.id.localeCompare(b.id),
	)
}

function messageText(message: { bodyText: string; bodyHtml: string }) {
	return withoutQuotedText(message.bodyText || htmlToText(message.bodyHtml))
}

function normalized(text: string | null | undefined) {
	return (text ?? '').replace(/\s+/g, ' ').trim()
}

function excerpt(text: string | null | undefined) {
	const value = normalized(text)
	if (!value) return null
	return value.length > EXCERPT_MAX ? `${value.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : value
}

const SAME_MESSAGE_WINDOW_MS = 60_000

/** The conversation already has this reply: the same text, or a message from them at about that time. */
function sameMessageKept(
	repliedAt: Date,
	content: string | null,
	inbound: ReadonlyArray<{ bodyText: string; bodyHtml: string; date: Date }>,
) {
	const text = normalized(content)
	return inbound.some(
		(message) =>
			(text && normalized(messageText(message)) === text) ||
			Math.abs(message.date.getTime() - repliedAt.getTime()) <= SAME_MESSAGE_WINDOW_MS,
	)
}
