import { type Prisma } from '#app/generated/prisma/client.ts'
import { localTime, pickTimeZone, zonedTimeToUtc } from '#app/models/sequence/send-window.ts'
import {
	CALL_OUTCOME_LABELS,
	type CallHistoryEntry,
	type CallList,
	type CallOutcome,
	type CallScope,
	type DueCall,
} from '#app/schemas/phone-call.ts'
import { prisma } from '#app/utils/db.server.ts'
import { formatPhoneNumber, phoneCountry } from '#app/utils/phone-number.ts'
import { readWrongNumber } from './wrong-number.ts'

// The Calls page and GET /api/v1/calls (decision 030): the phone-call steps due for the user —
// SCHEDULED steps of ACTIVE sequences, the next call of each sequence only (a later call is
// planned again from the moment the earlier one is logged), grouped by the organization's day.

/** Upcoming: the calls of the next 7 days after today. */
export const UPCOMING_DAYS = 7
const DETAIL_MAX = 160

/** Local midnight `offset` days after the local day of `date`. */
function startOfLocalDay(date: Date, timeZone: string, offset = 0) {
	const local = localTime(date, timeZone)
	const day = new Date(Date.UTC(local.year, local.month - 1, local.day + offset))
	return zonedTimeToUtc(
		{ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), minutes: 0 },
		timeZone,
	)
}

const callSelect = {
	id: true,
	order: true,
	talkingPoints: true,
	scheduledFor: true,
	sequence: {
		select: {
			id: true,
			subject: true,
			creator: { select: { name: true } },
			contact: {
				select: {
					id: true,
					firstName: true,
					lastName: true,
					role: true,
					email: true,
					phone: true,
					metadata: true,
					company: { select: { name: true, headquarter: true } },
				},
			},
			_count: { select: { phoneCallSteps: true } },
		},
	},
} satisfies Prisma.PhoneCallStepSelect

type CallRow = Prisma.PhoneCallStepGetPayload<{ select: typeof callSelect }>

/** Who may see (and log) which calls: a member their own sequences', an owner or admin any. */
export function callVisibility({
	organizationId,
	userId,
	scope,
}: {
	organizationId: string
	userId: string
	scope: CallScope
}): Prisma.SequenceWhereInput {
	return scope === 'all' ? { organizationId } : { organizationId, creatorId: userId }
}

/**
 * The calls due for the user: overdue (before today), today, and upcoming (the next 7 days),
 * each oldest first. `scope: 'all'` (owners and admins; the caller checks the role) lists the
 * organization's. Every query is scoped to the organization.
 */
export async function listDueCalls({
	organizationId,
	userId,
	scope = 'mine',
	now = new Date(),
}: {
	organizationId: string
	userId: string
	scope?: CallScope
	now?: Date
}): Promise<CallList> {
	const organization = await prisma.organization.findUnique({
		where: { id: organizationId },
		select: { timeZone: true },
	})
	const timeZone = pickTimeZone(organization?.timeZone)
	const startOfToday = startOfLocalDay(now, timeZone)
	const startOfTomorrow = startOfLocalDay(now, timeZone, 1)
	const upcomingEnd = startOfLocalDay(now, timeZone, 1 + UPCOMING_DAYS)

	const rows = await prisma.phoneCallStep.findMany({
		where: {
			organizationId,
			status: 'SCHEDULED',
			scheduledFor: { lt: upcomingEnd },
			sequence: { status: 'ACTIVE', ...callVisibility({ organizationId, userId, scope }) },
		},
		select: callSelect,
		orderBy: [{ scheduledFor: 'asc' }, { order: 'asc' }],
		take: 500,
	})
	// One call per sequence: its earliest open one (its later calls wait for it to be logged).
	const firstOpen = await prisma.phoneCallStep.groupBy({
		by: ['sequenceId'],
		where: {
			organizationId,
			status: 'SCHEDULED',
			sequenceId: { in: [...new Set(rows.map((row) => row.sequence.id))] },
		},
		_min: { order: true },
	})
	const firstOrder = new Map(firstOpen.map((group) => [group.sequenceId, group._min.order]))
	const calls = rows.filter((row) => firstOrder.get(row.sequence.id) === row.order)
	const histories = await sequenceHistories(
		organizationId,
		calls.map((call) => call.sequence.id),
	)

	const list: CallList = { scope, timeZone, overdue: [], today: [], upcoming: [] }
	for (const row of calls) {
		const call = toDueCall(row, histories.get(row.sequence.id) ?? [])
		const at = row.scheduledFor!
		if (at < startOfToday) list.overdue.push(call)
		else if (at < startOfTomorrow) list.today.push(call)
		else list.upcoming.push(call)
	}
	return list
}

function toDueCall(row: CallRow, history: CallHistoryEntry[]): DueCall {
	const { contact } = row.sequence
	const raw = contact.phone?.trim() ?? ''
	const headquarter = contact.company?.headquarter as { country?: unknown } | null | undefined
	const phone = raw ? formatPhoneNumber(raw, phoneCountry(headquarter?.country)) : null
	const wrongNumber = readWrongNumber(contact.metadata)
	return {
		stepId: row.id,
		order: row.order,
		callCount: row.sequence._count.phoneCallSteps,
		talkingPoints: row.talkingPoints,
		scheduledFor: row.scheduledFor!.toISOString(),
		sequence: {
			id: row.sequence.id,
			subject: row.sequence.subject,
			creatorName: row.sequence.creator?.name ?? null,
		},
		contact: {
			id: contact.id,
			name: `${contact.firstName} ${contact.lastName}`.trim(),
			role: contact.role,
			company: contact.company?.name ?? null,
			email: contact.email,
			phone: phone
				? {
						raw,
						display: phone.display,
						href: phone.href,
						wrongNumberAt: wrongNumber && wrongNumber.number === raw ? wrongNumber.at : null,
					}
				: null,
		},
		history,
	}
}

function excerpt(text: string | null | undefined) {
	const flat = (text ?? '').replace(/\s+/g, ' ').trim()
	if (!flat) return null
	return flat.length > DETAIL_MAX ? `${flat.slice(0, DETAIL_MAX - 1)}…` : flat
}

/**
 * What happened in each sequence so far, across channels, oldest first: emails and LinkedIn
 * steps that went out, acceptances, the contact's replies (automatic ones left out) and the calls
 * already logged.
 */
export async function sequenceHistories(organizationId: string, sequenceIds: string[]) {
	const histories = new Map<string, CallHistoryEntry[]>()
	if (sequenceIds.length === 0) return histories
	const where = { organizationId, sequenceId: { in: sequenceIds } }
	const [emails, linkedIns, calls, replies] = await Promise.all([
		prisma.emailStep.findMany({
			where: { ...where, sentAt: { not: null } },
			select: { sequenceId: true, order: true, subject: true, sentAt: true },
		}),
		prisma.linkedInStep.findMany({
			where: { ...where, OR: [{ sentAt: { not: null } }, { acceptedAt: { not: null } }] },
			select: {
				sequenceId: true,
				order: true,
				sentAt: true,
				acceptedAt: true,
				repliedAt: true,
				repliedContent: true,
				message: true,
				requestNote: true,
			},
		}),
		prisma.phoneCallStep.findMany({
			where: { ...where, completedAt: { not: null } },
			select: { sequenceId: true, completedAt: true, outcome: true, notes: true },
		}),
		prisma.conversationMessage.findMany({
			where: { ...where, isFromUser: false, automatic: null },
			select: { sequenceId: true, type: true, date: true, bodyText: true, subject: true },
		}),
	])
	const add = (sequenceId: string, entry: CallHistoryEntry) => {
		histories.set(sequenceId, [...(histories.get(sequenceId) ?? []), entry])
	}
	for (const step of emails) {
		add(step.sequenceId, {
			at: step.sentAt!.toISOString(),
			channel: 'email',
			label: step.order === 1 ? 'Email sent' : 'Follow-up email sent',
			detail: excerpt(step.subject),
		})
	}
	const linkedInReplyThreads = new Set(
		replies.filter((reply) => reply.type === 'LINKEDIN').map((reply) => reply.sequenceId),
	)
	for (const step of linkedIns) {
		if (step.sentAt) {
			add(step.sequenceId, {
				at: step.sentAt.toISOString(),
				channel: 'linkedin',
				label: step.order === 1 ? 'LinkedIn connection request sent' : 'LinkedIn message sent',
				detail: excerpt(step.order === 1 ? step.requestNote : step.message),
			})
		}
		if (step.acceptedAt && step.order === 1) {
			add(step.sequenceId, {
				at: step.acceptedAt.toISOString(),
				channel: 'linkedin',
				label: 'LinkedIn connection accepted',
				detail: null,
			})
		}
		// A LinkedIn reply read into the conversation is listed from there, not twice.
		if (step.repliedAt && !linkedInReplyThreads.has(step.sequenceId)) {
			add(step.sequenceId, {
				at: step.repliedAt.toISOString(),
				channel: 'linkedin',
				label: 'Replied on LinkedIn',
				detail: excerpt(step.repliedContent),
			})
		}
	}
	for (const call of calls) {
		add(call.sequenceId, {
			at: call.completedAt!.toISOString(),
			channel: 'phone',
			label: `Call: ${call.outcome ? CALL_OUTCOME_LABELS[call.outcome as CallOutcome] : 'done'}`,
			detail: excerpt(call.notes),
		})
	}
	for (const reply of replies) {
		add(reply.sequenceId, {
			at: reply.date.toISOString(),
			channel: reply.type === 'LINKEDIN' ? 'linkedin' : 'email',
			label: reply.type === 'LINKEDIN' ? 'Replied on LinkedIn' : 'Replied by email',
			detail: excerpt(reply.bodyText || reply.subject),
		})
	}
	for (const entries of histories.values()) entries.sort((a, b) => a.at.localeCompare(b.at))
	return histories
}
