import { enqueueEmailStepJobs } from '#app/jobs/send-email-step.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { assignReleaseSlots, type HeldRelease } from './release-slots.server.ts'
import { pickTimeZone } from './send-window.ts'
import {
	planStepSchedule,
	releaseAt,
	sendGapOf,
	sendWindowOf,
	type HoldReason,
	type PlannedSend,
	type SchedulingSettings,
} from './step-plan.ts'

/**
 * Plans the unsent email steps of active sequences again after a setting that holds them changed
 * (decision 014), at once rather than when their old time comes:
 * - `window`: the organization's send window (or time zone, or gaps) — every active sequence of
 *   the organization, from each next step's due time;
 * - `cap`: a mailbox's daily limits — the sequences whose next step that mailbox's cap held, from
 *   now (a raised cap releases them; a cap still reached holds them again when they are claimed).
 * Steps released together leave in a spread; each next step's job is added at its new time (a job
 * left at the old time finds the step not due and does nothing).
 */
export type ReplanScope = { kind: 'window' } | { kind: 'cap'; mailboxId: string }

type SequenceRow = SchedulingSettings & { id: string }

type StepRow = {
	id: string
	sequenceId: string
	daysAfter: number
	status: string
	scheduledFor: Date | null
	dueAt: Date | null
	holdReason: HoldReason | null
	mailboxId: string | null
}

export async function replanHeldSteps(organizationId: string, scope: ReplanScope, now = new Date()) {
	return prisma.$transaction(
		async (tx) => {
			const capMailbox = scope.kind === 'cap' ? scope.mailboxId : null
			// The lock activation and the dispatcher take, so a claim and a re-plan never interleave.
			const sequences = await tx.$queryRaw<SequenceRow[]>`
				SELECT s.id, o."timeZone", c."timeZone" AS "contactTimeZone", o."sendWindowEnabled",
					o."sendWindowDays", o."sendWindowStart", o."sendWindowEnd", o."sendGapMinSeconds", o."sendGapMaxSeconds"
				FROM "Sequence" s
				JOIN "Organization" o ON o.id = s."organizationId"
				JOIN "Contact" c ON c.id = s."contactId"
				WHERE s."organizationId" = ${organizationId} AND s.status = 'ACTIVE'
					AND (${capMailbox}::text IS NULL OR EXISTS (
						SELECT 1 FROM "EmailStep" e WHERE e."sequenceId" = s.id AND e.status = 'SCHEDULED'
							AND e."holdReason" = 'DAILY_CAP' AND COALESCE(e."emailAddressId", s."mailboxId") = ${capMailbox}))
				ORDER BY s.id
				FOR UPDATE OF s`
			if (sequences.length === 0) return 0
			const ids = sequences.map((sequence) => sequence.id)
			const steps = await tx.$queryRaw<StepRow[]>`
				SELECT e.id, e."sequenceId", e."daysAfter", e.status::text AS status, e."scheduledFor", e."dueAt",
					e."holdReason"::text AS "holdReason", COALESCE(e."emailAddressId", s."mailboxId") AS "mailboxId"
				FROM "EmailStep" e JOIN "Sequence" s ON s.id = e."sequenceId"
				WHERE e."sequenceId" = ANY(${ids}::text[]) AND e.status IN ('SCHEDULED', 'SENDING')
				ORDER BY e."sequenceId", e."order"`
			const bySequence = new Map<string, StepRow[]>()
			for (const step of steps)
				bySequence.set(step.sequenceId, [...(bySequence.get(step.sequenceId) ?? []), step])
			const planned: Array<{ id: string } & PlannedSend> = []
			const jobs: Array<{ stepId: string; runAt: Date }> = []
			const held: HeldRelease[] = []
			for (const sequence of sequences) {
				const [next, ...later] = bySequence.get(sequence.id) ?? []
				// A step being sent is the dispatcher's; its record plans the rest.
				if (!next || next.status !== 'SCHEDULED') continue
				const window = sendWindowOf(sequence)
				const timeZone = pickTimeZone(sequence.contactTimeZone, sequence.timeZone)
				const first = planNext(next, scope, window, timeZone, now)
				if (!first) continue
				const rest = planStepSchedule(later, first.at, window, timeZone)
				planned.push(
					{ id: next.id, ...first },
					...later.map((step, index) => ({ id: step.id, ...rest[index]! })),
				)
				// Released together with others (a raised cap), or held for an opening: spread.
				if (next.mailboxId && (first.hold === 'WINDOW' || scope.kind === 'cap'))
					held.push({
						stepId: next.id,
						mailboxId: next.mailboxId,
						opening: first.at,
						addJob: true,
						gap: sendGapOf(sequence),
					})
				else if (next.scheduledFor?.getTime() !== first.at.getTime())
					jobs.push({ stepId: next.id, runAt: first.at })
			}
			if (planned.length === 0) return 0
			await tx.$executeRaw`
				UPDATE "EmailStep" AS e SET "scheduledFor" = v.at, "dueAt" = v.due,
					"holdReason" = v.hold::"SendHoldReason", "updatedAt" = now()
				FROM unnest(${planned.map((step) => step.id)}::text[], ${planned.map((step) => step.at.toISOString())}::timestamptz[],
					${planned.map((step) => step.dueAt.toISOString())}::timestamptz[], ${planned.map((step) => step.hold)}::text[])
					AS v(id, at, due, hold)
				WHERE e.id = v.id AND e.status = 'SCHEDULED'`
			await enqueueEmailStepJobs(prismaRun(tx), jobs)
			await assignReleaseSlots(prismaRun(tx), held)
			return planned.length
		},
		{ timeout: 120_000, maxWait: 10_000 },
	)
}

/** The next step's new time: from its due time with the new window, or from now when a cap held it. */
function planNext(
	step: StepRow,
	scope: ReplanScope,
	window: ReturnType<typeof sendWindowOf>,
	timeZone: string,
	now: Date,
): PlannedSend | null {
	if (scope.kind === 'cap') {
		if (step.holdReason !== 'DAILY_CAP') return null
		return releaseAt(now, window, timeZone)
	}
	const due = step.dueAt ?? step.scheduledFor ?? now
	const send = releaseAt(new Date(Math.max(due.getTime(), now.getTime())), window, timeZone)
	// A step the cap moved to the next day stays held by the cap until that day starts.
	if (!send.hold && step.holdReason === 'DAILY_CAP' && due.getTime() > now.getTime())
		return { ...send, hold: 'DAILY_CAP' }
	return send
}
