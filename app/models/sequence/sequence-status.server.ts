import { Prisma, type SequenceStatus } from '#app/generated/prisma/client.ts'
import { recordStoppedSteps, setStepNote } from '#app/models/step-ledger/step-note.server.ts'
import { GoogleScopeError } from '#app/integrations/mail/transport.server.ts'
import { enqueueEmailStepJobs } from '#app/jobs/send-email-step.ts'
import { prisma } from '#app/utils/db.server.ts'
import { mailDomain } from '#app/utils/env.server.ts'
import { newMessageId } from '#app/utils/message-id.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { cancelUnsentStepsWith } from './cancel-unsent-steps.server.ts'
import { assignReleaseSlots, type HeldRelease } from './release-slots.server.ts'
import { pickTimeZone } from './send-window.ts'
import { planStepSchedule, sendGapOf, sendWindowOf, type SchedulingSettings } from './step-plan.ts'

/** A sequence rule refused the change; `status` is the HTTP status the API answers with. */
export class SequenceRuleError extends Error {
	name = 'SequenceRuleError'
	constructor(
		message: string,
		public status: 400 | 404 | 409 | 422 = 422,
	) {
		super(message)
	}
}

export const TERMINAL_SEQUENCE_STATUSES: SequenceStatus[] = ['COMPLETED', 'CANCELLED', 'FAILED']
/** Email steps still to send. */
export const UNSENT_STEP_STATUSES = ['PENDING', 'DRAFT', 'SCHEDULED'] as const

type Tx = Prisma.TransactionClient

type LockedSequence = SchedulingSettings & {
	id: string
	status: SequenceStatus
	organizationId: string
	mailboxId: string | null
	shouldResetGmailScope: boolean | null
	/** The sequence's sender: the domain of its steps' Message-IDs. */
	mailboxAddress: string | null
	stepCount: number
	emptyEmailSteps: number
}

async function lockSequences(tx: Tx, organizationId: string, sequenceIds: string[]) {
	return tx.$queryRaw<LockedSequence[]>`
		SELECT s.id, s.status, s."organizationId", o."timeZone", c."timeZone" AS "contactTimeZone",
			o."sendWindowEnabled", o."sendWindowDays", o."sendWindowStart", o."sendWindowEnd",
			o."sendGapMinSeconds", o."sendGapMaxSeconds", s."mailboxId", u."shouldResetGmailScope", m.address AS "mailboxAddress",
			((SELECT count(*) FROM "EmailStep" e WHERE e."sequenceId" = s.id)
				+ (SELECT count(*) FROM "LinkedInStep" l WHERE l."sequenceId" = s.id)
				+ (SELECT count(*) FROM "PhoneCallStep" p WHERE p."sequenceId" = s.id))::int AS "stepCount",
			(SELECT count(*) FROM "EmailStep" e WHERE e."sequenceId" = s.id
				AND e.status IN ('PENDING', 'DRAFT', 'SCHEDULED') AND btrim(e."bodyText") = '')::int AS "emptyEmailSteps"
		FROM "Sequence" s
		JOIN "Organization" o ON o.id = s."organizationId"
		JOIN "Contact" c ON c.id = s."contactId"
		LEFT JOIN "Mailbox" m ON m.id = s."mailboxId"
		LEFT JOIN "User" u ON u.id = m."userId" AND m.kind = 'USER'
		WHERE s.id = ANY(${sequenceIds}::text[]) AND s."organizationId" = ${organizationId}
		ORDER BY s.id
		FOR UPDATE OF s`
}

/**
 * Plans the unsent email steps of locked sequences from `now` (their first after its
 * days-after, each later one after the previous), marks them SCHEDULED and adds the send
 * job of each sequence's first unsent step — spread behind the others of its mailbox when the
 * window holds it (decision 014). LinkedIn and phone-call steps get their planned times too;
 * the companion and the user carry those out.
 */
async function scheduleFrom(tx: Tx, sequences: LockedSequence[], now: Date) {
	if (sequences.length === 0) return
	const ids = sequences.map((sequence) => sequence.id)
	const steps = await tx.$queryRaw<
		Array<{
			id: string
			sequenceId: string
			daysAfter: number
			kind: string
			mailboxId: string | null
			stepSender: string | null
		}>
	>`
		SELECT e.id, e."sequenceId", e."daysAfter", 'email' AS kind, e."order", e."emailAddressId" AS "mailboxId",
			m.address AS "stepSender"
		FROM "EmailStep" e LEFT JOIN "Mailbox" m ON m.id = e."emailAddressId"
		WHERE e."sequenceId" = ANY(${ids}::text[]) AND e.status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		UNION ALL
		SELECT id, "sequenceId", "daysAfter", 'linkedin', "order", NULL, NULL FROM "LinkedInStep"
		WHERE "sequenceId" = ANY(${ids}::text[]) AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		UNION ALL
		SELECT id, "sequenceId", "daysAfter", 'phone', "order", NULL, NULL FROM "PhoneCallStep"
		WHERE "sequenceId" = ANY(${ids}::text[]) AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		ORDER BY 2, 4, 5`
	// Per sequence and kind, in step order (the query's order).
	const ordered = new Map<string, typeof steps>()
	for (const step of steps) {
		const key = `${step.sequenceId}|${step.kind}`
		ordered.set(key, [...(ordered.get(key) ?? []), step])
	}
	const bySequence = new Map(sequences.map((sequence) => [sequence.id, sequence]))
	const updates: Record<
		string,
		{ ids: string[]; times: string[]; due: string[]; holds: Array<string | null>; messageIds: string[] }
	> = {
		email: { ids: [], times: [], due: [], holds: [], messageIds: [] },
		linkedin: { ids: [], times: [], due: [], holds: [], messageIds: [] },
		phone: { ids: [], times: [], due: [], holds: [], messageIds: [] },
	}
	const jobs: Array<{ stepId: string; runAt: Date }> = []
	const held: HeldRelease[] = []
	for (const [key, group] of ordered) {
		const [sequenceId, kind] = key.split('|') as [string, string]
		const sequence = bySequence.get(sequenceId)!
		const timeZone = pickTimeZone(sequence.contactTimeZone, sequence.timeZone)
		const plan = planStepSchedule(group, now, sendWindowOf(sequence), timeZone)
		group.forEach((step, index) => {
			updates[kind]!.ids.push(step.id)
			updates[kind]!.times.push(plan[index]!.at.toISOString())
			updates[kind]!.due.push(plan[index]!.dueAt.toISOString())
			updates[kind]!.holds.push(plan[index]!.hold)
			if (kind === 'email')
				updates.email!.messageIds.push(newMessageId(step.stepSender ?? sequence.mailboxAddress, mailDomain()))
		})
		const first = group[0]
		const mailboxId = first?.mailboxId ?? sequence.mailboxId
		if (kind !== 'email' || !first) continue
		// Held for the window: it leaves in a spread with the others of its mailbox held until then.
		if (plan[0]!.hold && mailboxId)
			held.push({ stepId: first.id, mailboxId, opening: plan[0]!.at, addJob: true, gap: sendGapOf(sequence) })
		else jobs.push({ stepId: first.id, runAt: plan[0]!.at })
	}
	const tables = { email: 'EmailStep', linkedin: 'LinkedInStep', phone: 'PhoneCallStep' } as const
	for (const [kind, table] of Object.entries(tables)) {
		const { ids: stepIds, times, due, holds, messageIds } = updates[kind]!
		if (stepIds.length === 0) continue
		// Email steps get their Message-ID now (a random id on the sender's domain, decision 015), so
		// claiming them changes no indexed column; and when they are due and what holds them, for the
		// drawer and for planning them again (decision 014). Other kinds pass none: unnest pads with NULL.
		const emailColumns =
			kind === 'email'
				? Prisma.sql`, "messageId" = COALESCE(step."messageId", v.mid),
					"dueAt" = v.due, "holdReason" = v.hold::"SendHoldReason"`
				: Prisma.empty
		await tx.$executeRaw(Prisma.sql`
			UPDATE ${Prisma.raw(`"${table}"`)} AS step
			SET status = 'SCHEDULED', "scheduledFor" = v.at, "updatedAt" = now() ${emailColumns}
			FROM unnest(${stepIds}::text[], ${times}::timestamptz[], ${due}::timestamptz[], ${holds}::text[],
				${messageIds}::text[]) AS v(id, at, due, hold, mid)
			WHERE step.id = v.id`)
	}
	await enqueueEmailStepJobs(prismaRun(tx), jobs)
	await assignReleaseSlots(prismaRun(tx), held)
}

/**
 * Activates drafts (PENDING) in one transaction, however many: steps planned from now,
 * send jobs added. Sequences in another state, or of another organization, are left alone
 * and not counted. Returns the ids activated.
 */
export async function activateSequences(organizationId: string, sequenceIds: string[], now = new Date()) {
	return prisma.$transaction(
		async (tx) => {
			const locked = await lockSequences(tx, organizationId, sequenceIds)
			const drafts = locked.filter(
				(sequence) =>
					sequence.status === 'PENDING' && sequence.stepCount > 0 && sequence.emptyEmailSteps === 0,
			)
			await scheduleFrom(tx, drafts, now)
			const ids = drafts.map((sequence) => sequence.id)
			await tx.$executeRaw`
				UPDATE "Sequence" SET status = 'ACTIVE', "activatedAt" = ${now}, "updatedAt" = now()
				WHERE id = ANY(${ids}::text[])`
			return ids
		},
		{ timeout: 120_000, maxWait: 10_000 },
	)
}

function describe(status: SequenceStatus) {
	return status.toLowerCase()
}

/**
 * `PUT /sequences/:id { status }` and the drawer's buttons. PENDING → ACTIVE activates a
 * draft; ACTIVE → PAUSED stops sending; PAUSED → ACTIVE resumes with the unsent steps
 * planned from now; anything not terminal → CANCELLED. Terminal states stay terminal.
 */
export async function changeSequenceStatus({
	organizationId,
	sequenceId,
	status,
	now = new Date(),
}: {
	organizationId: string
	sequenceId: string
	status: 'ACTIVE' | 'PAUSED' | 'CANCELLED'
	now?: Date
}) {
	return prisma.$transaction(
		async (tx) => {
			const [sequence] = await lockSequences(tx, organizationId, [sequenceId])
			if (!sequence) throw new SequenceRuleError('Sequence not found', 404)
			if (sequence.status === status) return { id: sequence.id, status }
			if (TERMINAL_SEQUENCE_STATUSES.includes(sequence.status)) {
				throw new SequenceRuleError(`This sequence is ${describe(sequence.status)} and cannot change`, 409)
			}
			if (status === 'ACTIVE') {
				if (sequence.status === 'CREATING')
					throw new SequenceRuleError('The sequence is still being generated', 409)
				if (sequence.stepCount === 0)
					throw new SequenceRuleError('Add at least one step before activating the sequence', 422)
				if (sequence.emptyEmailSteps > 0)
					throw new SequenceRuleError('Every email step needs a body before the sequence starts', 422)
				if (sequence.shouldResetGmailScope)
					throw new GoogleScopeError('Gmail access is needed to send from this mailbox')
				// The ledger (decision 050) says a paused sequence's steps were planned again on resuming.
				if (sequence.status === 'PAUSED') await setStepNote(prismaRun(tx), { reason: 'RESUMED' })
				await scheduleFrom(tx, [sequence], now)
				await tx.$executeRaw`
					UPDATE "Sequence" SET status = 'ACTIVE', "failureReason" = NULL, "stoppedAt" = NULL,
						"resumeAt" = NULL, "resumeReason" = NULL,
						"activatedAt" = COALESCE("activatedAt", ${now}), "updatedAt" = now()
					WHERE id = ${sequence.id}`
			} else if (status === 'PAUSED') {
				if (sequence.status !== 'ACTIVE')
					throw new SequenceRuleError('Only an active sequence can be paused', 409)
				await tx.$executeRaw`
					UPDATE "Sequence" SET status = 'PAUSED', "stoppedAt" = ${now}, "updatedAt" = now()
					WHERE id = ${sequence.id}`
				// The unsent steps stay SCHEDULED and are never claimed while it is paused.
				await recordStoppedSteps(prismaRun(tx), [sequence.id], { reason: 'PAUSED' })
			} else {
				await setStepNote(prismaRun(tx), { reason: 'CANCELLED', decision: 'STOPPED' })
				await cancelUnsentSteps(tx, [sequence.id], 'The sequence was cancelled')
				await tx.$executeRaw`
					UPDATE "Sequence" SET status = 'CANCELLED', "stoppedAt" = ${now}, "resumeAt" = NULL,
						"resumeReason" = NULL, "updatedAt" = now()
					WHERE id = ${sequence.id}`
			}
			return { id: sequence.id, status }
		},
		{ timeout: 30_000 },
	)
}

/** Unsent steps of these sequences will never go: CANCELED, with the reason the drawer shows. */
export function cancelUnsentSteps(tx: Tx, sequenceIds: string[], reason: string) {
	return cancelUnsentStepsWith(prismaRun(tx), sequenceIds, reason)
}
