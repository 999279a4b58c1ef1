import { type Prisma } from '#app/generated/prisma/client.ts'
import { enqueueReplyOwnerNotification } from '#app/jobs/notify-reply-owner.ts'
import { recordStoppedSteps } from '#app/models/step-ledger/step-note.server.ts'
import { suppressContact } from '#app/models/unsubscribe/unsubscribe.server.ts'
import { REPLY_INTENT_LABELS } from '#app/schemas/reply-intent.ts'
import { replyIntentActionsOf, type ReplyIntentActions } from '#app/schemas/reply-intent-settings.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { type ClassifiedReply } from './classify-reply-intent.ts'

// What the product does with a reply once it knows what the reply means (issue 17, decisions 048
// and 052), as the organization chose (the defaults: out of office → paused until the day after
// the return, then on by itself; not now → stopped, on by itself at the day given; unsubscribe →
// suppressed everywhere; referral → stopped with a task to contact the person named; interested,
// negative → stopped and the sequence's owner emailed). The message keeps the intent, why, and
// what was done.

type Tx = Prisma.TransactionClient

export const ASKED_TO_STOP_REASON = 'The contact asked to stop in a reply'

const DAY_MS = 24 * 60 * 60 * 1000

/** The moment a paused sequence goes on: the start (UTC) of the given day; the send window does the rest. */
function startOfDay(day: string, plusDays = 0) {
	return new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS)
}

export type IntentOutcome = {
	/** The reason and what was done, as the drawer shows it. */
	summary: string
	resumeAt: Date | null
	/** Done once the message is recorded (it links to it): a task for a referral, the owner's email. */
	followUp: { task: { personName: string | null; personEmail: string | null } | null; notifyOwner: boolean }
}

const NO_FOLLOW_UP: IntentOutcome['followUp'] = { task: null, notifyOwner: false }

/** A reply message's intent columns: what it meant, `summary` (why, and what was done), who read it. */
export function replyIntentColumns(intent: ClassifiedReply, summary: string) {
	return {
		intent: intent.intent,
		intentReason: summary,
		intentDate: intent.date ? startOfDay(intent.date) : null,
		intentReferral: intent.referral ?? undefined,
		intentSource: intent.source,
	}
}

/** The organization's choices, read in the reply's transaction. */
export async function replyIntentActionsFor(tx: Tx, organizationId: string): Promise<ReplyIntentActions> {
	const [row] = await tx.$queryRaw<Array<{ actions: unknown }>>`
		SELECT "replyIntentActions" AS actions FROM "Organization" WHERE id = ${organizationId}`
	return replyIntentActionsOf(row?.actions)
}

/**
 * Out of office: by default paused (if running) until the day after the return; without a return
 * day nothing changes. The organization may keep sending instead, or stop.
 */
export async function actOnOutOfOffice(
	tx: Tx,
	sequenceId: string,
	intent: ClassifiedReply,
	action: ReplyIntentActions['OUT_OF_OFFICE'],
): Promise<IntentOutcome> {
	if (action === 'CONTINUE')
		return {
			summary: `${intent.reason}. The sequence goes on as planned.`,
			resumeAt: null,
			followUp: NO_FOLLOW_UP,
		}
	if (action === 'STOP') {
		const stopped = await tx.$executeRaw`
			UPDATE "Sequence" SET status = 'PAUSED', "stoppedAt" = now(), "resumeAt" = NULL, "resumeReason" = NULL,
				"updatedAt" = now()
			WHERE id = ${sequenceId} AND (status = 'ACTIVE' OR (status = 'PAUSED' AND "resumeAt" IS NOT NULL))`
		// The ledger (decision 050): the unsent steps stop, with the reply's intent.
		if (stopped)
			await recordStoppedSteps(prismaRun(tx), [sequenceId], {
				reason: 'REPLY',
				detail: { intent: intent.intent },
			})
		return {
			summary: `${intent.reason}. ${stopped ? 'The sequence stopped' : 'The sequence was not running'}.`,
			resumeAt: null,
			followUp: NO_FOLLOW_UP,
		}
	}
	if (!intent.date)
		return {
			summary: `${intent.reason}. The sequence goes on as planned.`,
			resumeAt: null,
			followUp: NO_FOLLOW_UP,
		}
	const resumeAt = startOfDay(intent.date, 1)
	const resumeReason = `Out of office until ${intent.date}`
	const paused = await tx.$executeRaw`
		UPDATE "Sequence" SET status = 'PAUSED', "stoppedAt" = now(), "resumeAt" = ${resumeAt},
			"resumeReason" = ${resumeReason}, "updatedAt" = now()
		WHERE id = ${sequenceId} AND (status = 'ACTIVE' OR (status = 'PAUSED' AND "resumeAt" IS NOT NULL))`
	// The ledger (decision 050): the unsent steps wait, unchanged, for the return.
	if (paused)
		await recordStoppedSteps(prismaRun(tx), [sequenceId], {
			reason: 'REPLY',
			detail: { intent: intent.intent, until: resumeAt.toISOString() },
		})
	return paused
		? {
				summary: `${intent.reason}. Paused until ${resumeAt.toISOString().slice(0, 10)}, then it goes on.`,
				resumeAt,
				followUp: NO_FOLLOW_UP,
			}
		: { summary: `${intent.reason}. The sequence was not running.`, resumeAt: null, followUp: NO_FOLLOW_UP }
}

/**
 * After a person's reply stopped the sequence (PAUSED by recordReply), as the organization chose:
 * a "not now" with a day resumes it then, an unsubscribe request suppresses the contact, a
 * referral asks for a task, interested and negative ask for the owner's email.
 */
export async function actOnReplyIntent(
	tx: Tx,
	{
		organizationId,
		sequenceId,
		contactId,
		emailStepId,
		intent,
		actions,
		now,
	}: {
		organizationId: string
		sequenceId: string
		contactId: string
		emailStepId: string | null
		intent: ClassifiedReply
		actions: ReplyIntentActions
		now: Date
	},
): Promise<IntentOutcome> {
	const stopped = (detail = '') => ({
		summary: `${intent.reason}. The sequence stopped${detail}.`,
		resumeAt: null,
		followUp: NO_FOLLOW_UP,
	})
	switch (intent.intent) {
		case 'UNSUBSCRIBE': {
			if (actions.UNSUBSCRIBE === 'STOP')
				return stopped('; the contact stays subscribed, as the organization chose')
			await suppressContact(tx, {
				organizationId,
				contactId,
				sequenceId,
				emailStepId,
				now,
				reason: ASKED_TO_STOP_REASON,
			})
			return {
				summary: `${intent.reason}. Unsubscribed: never emailed again, every sequence stopped.`,
				resumeAt: null,
				followUp: NO_FOLLOW_UP,
			}
		}
		case 'NOT_NOW': {
			if (!intent.date || actions.NOT_NOW === 'STOP') return stopped()
			const resumeAt = startOfDay(intent.date)
			await tx.$executeRaw`
				UPDATE "Sequence" SET "resumeAt" = ${resumeAt}, "resumeReason" = ${`Asked to wait until ${intent.date}`},
					"updatedAt" = now()
				WHERE id = ${sequenceId} AND status = 'PAUSED'`
			return {
				summary: `${intent.reason}. Stopped; it goes on by itself on ${intent.date}.`,
				resumeAt,
				followUp: NO_FOLLOW_UP,
			}
		}
		case 'REFERRAL': {
			const person = intent.referral
			if (actions.REFERRAL !== 'STOP_AND_TASK' || !(person?.name || person?.email))
				return stopped(' (referral)')
			return {
				summary: `${intent.reason}. The sequence stopped; a task to contact ${person.name ?? person.email} was added.`,
				resumeAt: null,
				followUp: { task: { personName: person.name, personEmail: person.email }, notifyOwner: false },
			}
		}
		case 'INTERESTED':
		case 'NEGATIVE': {
			const label = REPLY_INTENT_LABELS[intent.intent].toLowerCase()
			if (actions[intent.intent] !== 'STOP_AND_NOTIFY') return stopped(` (${label})`)
			return {
				summary: `${intent.reason}. The sequence stopped (${label}); its owner is told by email.`,
				resumeAt: null,
				followUp: { task: null, notifyOwner: true },
			}
		}
		default:
			return stopped(` (${REPLY_INTENT_LABELS[intent.intent].toLowerCase()})`)
	}
}

/** The follow-ups an outcome asked for, once the reply's message is recorded (same transaction). */
export async function carryOutFollowUp(
	tx: Tx,
	{
		organizationId,
		sequenceId,
		contactId,
		messageId,
		followUp,
	}: {
		organizationId: string
		sequenceId: string
		contactId: string
		messageId: string
		followUp: IntentOutcome['followUp']
	},
) {
	if (followUp.task) {
		const [owner] = await tx.$queryRaw<Array<{ creatorId: string | null; name: string }>>`
			SELECT s."creatorId", trim(concat_ws(' ', c."firstName", c."lastName")) AS name
			FROM "Sequence" s JOIN "Contact" c ON c.id = s."contactId" WHERE s.id = ${sequenceId}`
		const person = followUp.task.personName ?? followUp.task.personEmail
		await tx.followUpTask.create({
			data: {
				kind: 'CONTACT_REFERRED_PERSON',
				title: `Contact ${person}${owner?.name ? `, referred by ${owner.name}` : ''}`,
				personName: followUp.task.personName,
				personEmail: followUp.task.personEmail,
				organizationId,
				assigneeId: owner?.creatorId ?? null,
				contactId,
				sequenceId,
				messageId,
			},
		})
	}
	if (followUp.notifyOwner) await enqueueReplyOwnerNotification(prismaRun(tx), { messageId })
}
