import { type Prisma } from '#app/generated/prisma/client.ts'
import { cancelPendingCalls } from '#app/models/phone-call/cancel-pending-calls.server.ts'
import { cancelUnsentStepsWith } from '#app/models/sequence/cancel-unsent-steps.server.ts'
import { recordStoppedSteps, setStepNote } from '#app/models/step-ledger/step-note.server.ts'
import { enqueueWebhookEvent } from '#app/models/webhook/webhook-events.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import {
	classifyReplyIntent,
	type ClassifiedReply,
	type ReplyIntentInput,
} from '#app/models/reply-intent/classify-reply-intent.ts'
import { readReplyIntentWithModel } from '#app/models/reply-intent/read-reply-intent-with-model.server.ts'
import {
	actOnOutOfOffice,
	actOnReplyIntent,
	carryOutFollowUp,
	replyIntentActionsFor,
	replyIntentColumns,
	type IntentOutcome,
} from '#app/models/reply-intent/reply-intent-actions.server.ts'
import { classifyInbound, type BounceClass, type InboundClassification } from './inbound-classification.ts'

/** A message found in a sequence's thread (Gmail sync, the outbox's simulated reply). */
export type InboundMessage = {
	organizationId: string
	sequenceId: string
	/** The step the caller believes it answers; In-Reply-To / References win over it. */
	emailStepId?: string | null
	/** The provider's id (Gmail message id…): one record per provider message. */
	providerMessageId: string
	from: string
	to?: string | null
	date: Date
	subject?: string | null
	html?: string | null
	text?: string | null
	messageIdHeader?: string | null
	inReplyTo?: string | null
	references?: string[]
	/** Header values by lower-case name (bounce detection reads Auto-Submitted, X-Failed-Recipients…). */
	headers?: Record<string, string>
	contentType?: string | null
	/** Text of a report's delivery-status and returned-headers parts. */
	reportText?: string | null
	/** The provider says the mailbox's owner sent it (Gmail's SENT label). */
	sentByMailboxOwner?: boolean
	/** The provider's thread (Gmail threadId), kept as metadata.conversationId. */
	conversationId?: string | null
}

/**
 * REPLY: the contact answered (step REPLIED, sequence PAUSED, its pending calls CANCELED).
 * AUTO_REPLY, DELAY_NOTICE: a machine wrote it (kept in the conversation, marked automatic; stops nothing). BOUNCE: delivery failed
 * (step FAILED, sequence FAILED; the contact is flagged only when the address does not exist).
 * OWN: the mailbox's owner wrote it (kept in the thread, stops nothing). SENT_STEP: one of our own
 * sent steps seen again. DUPLICATE: already recorded.
 */
export type InboundOutcome =
	'REPLY' | 'AUTO_REPLY' | 'DELAY_NOTICE' | 'BOUNCE' | 'OWN' | 'SENT_STEP' | 'DUPLICATE' | 'NOT_FOUND'

export const BOUNCE_REASON = "The contact's address bounced"

type Tx = Prisma.TransactionClient

type LockedSequence = {
	id: string
	status: string
	contactId: string
	mailboxAddress: string | null
	googleEmail: string | null
}

type StepRow = {
	id: string
	order: number
	status: string
	messageId: string | null
	providerMessageId: string | null
	sentAt: Date | null
}

/**
 * Decides what a message in a sequence's thread is and records it, in one transaction that
 * first locks the Sequence row: the dispatcher claims a step only while the sequence is ACTIVE
 * under the same lock, so a reply and a follow-up's claim serialize and a reply recorded first
 * means the follow-up is never claimed. Idempotent per (sequence, provider message).
 */
export async function recordInboundMessage(message: InboundMessage): Promise<{ outcome: InboundOutcome }> {
	// The model (when configured) reads a person's reply before the lock is taken, within its budget.
	const modelIntent = await modelReadingOf(message)
	return prisma.$transaction(
		async (tx) => {
			const [sequence] = await tx.$queryRaw<LockedSequence[]>`
				SELECT s.id, s.status::text AS status, s."contactId", m.address AS "mailboxAddress",
					g.email AS "googleEmail"
				FROM "Sequence" s
				LEFT JOIN "Mailbox" m ON m.id = s."mailboxId"
				LEFT JOIN "GoogleAccount" g ON g."userId" = m."userId" AND m.kind = 'USER'
				WHERE s.id = ${message.sequenceId} AND s."organizationId" = ${message.organizationId}
				FOR UPDATE OF s`
			if (!sequence) return { outcome: 'NOT_FOUND' as const }

			const steps = await tx.$queryRaw<StepRow[]>`
				SELECT id, "order", status::text AS status, "messageId", "providerMessageId", "sentAt"
				FROM "EmailStep" WHERE "sequenceId" = ${sequence.id} ORDER BY "order"`
			const isOurStep = steps.some(
				(step) =>
					step.providerMessageId === message.providerMessageId ||
					(message.messageIdHeader && step.messageId === message.messageIdHeader),
			)
			if (isOurStep) return { outcome: 'SENT_STEP' as const }
			if (await alreadyRecorded(tx, message)) return { outcome: 'DUPLICATE' as const }

			if (isFromMailboxOwner(message, sequence)) {
				await insertMessage(tx, message, { isFromUser: true, emailStepId: null })
				return { outcome: 'OWN' as const }
			}
			const classification = classifyInboundMessage(message)
			switch (classification.kind) {
				case 'BOUNCE':
					await recordBounce(tx, message, sequence, bouncedStep(message, steps), classification)
					return { outcome: 'BOUNCE' as const }
				case 'DELAY_NOTICE':
					await recordAutomatic(tx, message, sequence, bouncedStep(message, steps), classification, null)
					return { outcome: classification.kind }
				case 'AUTO_REPLY':
				case 'REPLY': {
					const step = answeredStep(message, steps)
					const intent = modelIntent ?? replyIntentOf(message)
					// Out of office — by its headers, or typed by a person with no sign of interest — is the
					// machine's kind of answer: kept, and the sequence waits for the return day.
					if (classification.kind === 'AUTO_REPLY' || intent.intent === 'OUT_OF_OFFICE') {
						const automatic =
							classification.kind === 'AUTO_REPLY'
								? classification
								: ({ kind: 'AUTO_REPLY', signal: 'out-of-office text' } as const)
						const outcome =
							intent.intent === 'OUT_OF_OFFICE'
								? await actOnOutOfOffice(
										tx,
										sequence.id,
										intent,
										(await replyIntentActionsFor(tx, message.organizationId)).OUT_OF_OFFICE,
									)
								: null
						await recordAutomatic(tx, message, sequence, step, automatic, { intent, outcome })
						return { outcome: 'AUTO_REPLY' as const }
					}
					await recordReply(tx, message, sequence, step, intent)
					return { outcome: 'REPLY' as const }
				}
			}
		},
		{ timeout: 15_000 },
	)
}

async function alreadyRecorded(db: Tx | typeof prisma, message: InboundMessage) {
	const [found] = await db.$queryRaw<Array<{ found: number }>>`
		SELECT 1 AS found FROM "ConversationMessage"
		WHERE "sequenceId" = ${message.sequenceId} AND "providerMessageId" = ${message.providerMessageId}
		UNION ALL
		SELECT 1 FROM "SequenceEvent"
		WHERE "sequenceId" = ${message.sequenceId} AND type = 'BOUNCE'
			AND metadata->>'providerMessageId' = ${message.providerMessageId}
		LIMIT 1`
	return Boolean(found)
}

function isFromMailboxOwner(message: InboundMessage, sequence: LockedSequence) {
	if (message.sentByMailboxOwner) return true
	const from = message.from.trim().toLowerCase()
	return [sequence.mailboxAddress, sequence.googleEmail].some((own) => own && own.toLowerCase() === from)
}

/** What the message is (inbound-classification.ts): the contact's reply, a machine's, or a report. */
export function classifyInboundMessage(
	message: Pick<
		InboundMessage,
		'from' | 'subject' | 'headers' | 'contentType' | 'text' | 'html' | 'reportText'
	>,
): InboundClassification {
	return classifyInbound({
		headers: message.headers ?? {},
		from: message.from,
		subject: message.subject ?? null,
		contentType: message.contentType ?? null,
		text: plainTextOf(message),
		reportText: message.reportText ?? null,
	})
}

/** The message's words: its text part, else its HTML without the tags. */
function plainTextOf(message: Pick<InboundMessage, 'text' | 'html'>) {
	return message.text || (message.html ?? '').replace(/<[^>]+>/g, ' ')
}

/** What the reply-intent readers (the rules, the model) are given of a message. */
function replyIntentInput(message: InboundMessage): ReplyIntentInput {
	return {
		headers: message.headers ?? {},
		from: message.from,
		subject: message.subject ?? null,
		contentType: message.contentType ?? null,
		reportText: message.reportText ?? null,
		text: plainTextOf(message),
		receivedAt: message.date,
	}
}

/** What the contact (or their mail server) meant (app/models/reply-intent). */
function replyIntentOf(message: InboundMessage): ClassifiedReply {
	return classifyReplyIntent(replyIntentInput(message))
}

/** The model's reading of a person's words; null when there is nothing for it to read or no model. */
async function modelReadingOf(message: InboundMessage): Promise<ClassifiedReply | null> {
	if (!isModelConfigured() || message.sentByMailboxOwner) return null
	if (classifyInboundMessage(message).kind !== 'REPLY') return null
	// A sync that sees a reply again must not ask the model again (the transaction still decides).
	if (await alreadyRecorded(prisma, message)) return null
	const input = replyIntentInput(message)
	return readReplyIntentWithModel(
		{ ...input, organizationId: message.organizationId },
		classifyReplyIntent(input),
	)
}

/** A delivery failure report (a delay notice is not one). */
export function isBounce(
	message: Pick<
		InboundMessage,
		'from' | 'subject' | 'headers' | 'contentType' | 'text' | 'html' | 'reportText'
	>,
) {
	return classifyInboundMessage(message).kind === 'BOUNCE'
}

/** The step a reply answers: by In-Reply-To, then the latest step in References, else the caller's or the latest sent. */
function answeredStep(message: InboundMessage, steps: StepRow[]) {
	// Steps get their Message-ID when scheduled; only one that went out can be answered.
	const byHeader = (id: string | null | undefined) =>
		id ? steps.find((step) => step.sentAt && step.messageId === id) : undefined
	const references = [...(message.references ?? [])].reverse()
	return (
		byHeader(message.inReplyTo) ??
		references.map(byHeader).find(Boolean) ??
		steps.find((step) => step.id === message.emailStepId) ??
		latestSent(steps)
	)
}

/** The step a bounce reports: its Message-ID is referenced or quoted in the report. */
function bouncedStep(message: InboundMessage, steps: StepRow[]) {
	const haystack = [message.reportText, message.text, message.html].filter(Boolean).join('\n')
	const quoted = steps
		.filter((step) => step.sentAt && step.messageId && haystack.includes(step.messageId))
		.at(-1)
	return quoted ?? answeredStep(message, steps)
}

function latestSent(steps: StepRow[]) {
	return steps.filter((step) => step.sentAt).at(-1)
}

async function insertMessage(
	tx: Tx,
	message: InboundMessage,
	{
		isFromUser,
		emailStepId,
		automatic = null,
		intent = null,
	}: {
		isFromUser: boolean
		emailStepId: string | null
		automatic?: 'AUTO_REPLY' | 'DELAY_NOTICE' | null
		intent?: { intent: ClassifiedReply; outcome: IntentOutcome | null } | null
	},
) {
	const { id } = await tx.conversationMessage.create({
		select: { id: true },
		data: {
			type: 'EMAIL',
			fromAddress: message.from.trim().toLowerCase(),
			toAddress: message.to ?? null,
			subject: message.subject ?? null,
			bodyHtml: message.html ?? '',
			bodyText: message.text ?? '',
			isFromUser,
			date: message.date,
			providerMessageId: message.providerMessageId,
			messageIdHeader: message.messageIdHeader ?? null,
			automatic,
			...(intent && replyIntentColumns(intent.intent, intent.outcome?.summary ?? intent.intent.reason)),
			metadata: message.conversationId ? { conversationId: message.conversationId } : {},
			organizationId: message.organizationId,
			sequenceId: message.sequenceId,
			emailStepId,
		},
	})
	return id
}

async function recordReply(
	tx: Tx,
	message: InboundMessage,
	sequence: LockedSequence,
	step: StepRow | undefined,
	intent: ClassifiedReply,
) {
	// The ledger (decision 050): the replied step, and every step the reply stops, with its intent.
	const stopped = { reason: 'REPLY', decision: 'STOPPED', detail: { intent: intent.intent } } as const
	await setStepNote(prismaRun(tx), stopped)
	if (step) {
		await tx.$executeRaw`
			UPDATE "EmailStep" SET status = 'REPLIED', "repliedAt" = COALESCE("repliedAt", ${message.date}),
				"updatedAt" = now()
			WHERE id = ${step.id} AND status IN ('SENT', 'SENDING', 'REPLIED')`
	}
	await tx.sequenceEvent.create({
		data: {
			type: 'REPLY',
			organizationId: message.organizationId,
			sequenceId: sequence.id,
			emailStepId: step?.id ?? null,
			metadata: { providerMessageId: message.providerMessageId, from: message.from, intent: intent.intent },
		},
	})
	// The contact answered: stop sending ("Sequence Replies"). A finished sequence keeps its status;
	// one waiting for an out-of-office's return now waits for nobody.
	const paused = await tx.$executeRaw`
		UPDATE "Sequence" SET status = 'PAUSED', "stoppedAt" = COALESCE("stoppedAt", now()), "resumeAt" = NULL,
			"resumeReason" = NULL, "updatedAt" = now()
		WHERE id = ${sequence.id} AND (status = 'ACTIVE' OR (status = 'PAUSED' AND "resumeAt" IS NOT NULL))`
	if (paused) await recordStoppedSteps(prismaRun(tx), [sequence.id], stopped)
	// Nobody calls a person who just answered: the calls still to make leave the call list.
	await cancelPendingCalls(prismaRun(tx), [sequence.id])
	const outcome = await actOnReplyIntent(tx, {
		organizationId: message.organizationId,
		sequenceId: sequence.id,
		contactId: sequence.contactId,
		emailStepId: step?.id ?? null,
		intent,
		actions: await replyIntentActionsFor(tx, message.organizationId),
		now: new Date(),
	})
	const messageId = await insertMessage(tx, message, {
		isFromUser: false,
		emailStepId: step?.id ?? null,
		intent: { intent, outcome },
	})
	await carryOutFollowUp(tx, {
		organizationId: message.organizationId,
		sequenceId: sequence.id,
		contactId: sequence.contactId,
		messageId,
		followUp: outcome.followUp,
	})
	await enqueueWebhookEvent(prismaRun(tx), message.organizationId, 'contact.replied', {
		contactId: sequence.contactId,
		sequenceId: sequence.id,
		stepId: step?.id ?? null,
		from: message.from,
		subject: message.subject ?? null,
		receivedAt: message.date.toISOString(),
		intent: intent.intent,
	})
}

/**
 * An out-of-office, an autoresponder or a delay notice: kept in the conversation marked as
 * automatic, with its event, and nothing else — the step stays SENT and the sequence goes on.
 */
async function recordAutomatic(
	tx: Tx,
	message: InboundMessage,
	sequence: LockedSequence,
	step: StepRow | undefined,
	classification: Extract<InboundClassification, { kind: 'AUTO_REPLY' | 'DELAY_NOTICE' }>,
	intent: { intent: ClassifiedReply; outcome: IntentOutcome | null } | null,
) {
	await insertMessage(tx, message, {
		isFromUser: false,
		emailStepId: step?.id ?? null,
		automatic: classification.kind,
		intent,
	})
	await tx.sequenceEvent.create({
		data: {
			type: classification.kind === 'AUTO_REPLY' ? 'AUTO_REPLY' : 'DELIVERY_DELAY',
			organizationId: message.organizationId,
			sequenceId: sequence.id,
			emailStepId: step?.id ?? null,
			metadata: {
				providerMessageId: message.providerMessageId,
				from: message.from,
				...(classification.kind === 'AUTO_REPLY'
					? { signal: classification.signal }
					: { status: classification.status }),
			},
		},
	})
}

/** What the step and the sequence say after a bounce of this class. */
export function bounceReason({
	bounceClass,
	status,
	diagnostic,
}: {
	bounceClass: BounceClass
	status: string | null
	diagnostic: string | null
}) {
	if (bounceClass === 'PERMANENT_RECIPIENT') return BOUNCE_REASON
	const code = status ? ` (${status})` : ''
	const detail = diagnostic ? `: ${diagnostic.replace(/\s+/g, ' ').trim().slice(0, 240)}` : ''
	return bounceClass === 'POLICY_BLOCK'
		? `The recipient's server refused the message by policy${code}${detail}`
		: `The message could not be delivered${code}${detail}`
}

/**
 * The step FAILED, the rest CANCELED and the sequence FAILED with the reason. Only an address
 * that does not exist (PERMANENT_RECIPIENT) flags the contact, who is then never emailed again:
 * a policy block or a full mailbox says nothing about the address (decision 016). Terminal
 * sequences stay as they are.
 */
async function recordBounce(
	tx: Tx,
	message: InboundMessage,
	sequence: LockedSequence,
	step: StepRow | undefined,
	classification: Extract<InboundClassification, { kind: 'BOUNCE' }>,
) {
	const reason = bounceReason(classification)
	await setStepNote(prismaRun(tx), { reason: 'BOUNCED', decision: 'STOPPED' })
	if (step) {
		await tx.$executeRaw`
			UPDATE "EmailStep" SET status = 'FAILED', "failureReason" = ${reason}, "updatedAt" = now()
			WHERE id = ${step.id} AND status IN ('SENT', 'SENDING')`
	}
	if (classification.bounceClass === 'PERMANENT_RECIPIENT') {
		await tx.$executeRaw`
			UPDATE "Contact" SET "emailBouncedAt" = COALESCE("emailBouncedAt", ${message.date}), "updatedAt" = now()
			WHERE id = ${sequence.contactId}`
	}
	await tx.sequenceEvent.create({
		data: {
			type: 'BOUNCE',
			organizationId: message.organizationId,
			sequenceId: sequence.id,
			emailStepId: step?.id ?? null,
			metadata: {
				providerMessageId: message.providerMessageId,
				from: message.from,
				reason,
				bounceClass: classification.bounceClass,
				status: classification.status,
			},
		},
	})
	await enqueueWebhookEvent(prismaRun(tx), message.organizationId, 'step.bounced', {
		contactId: sequence.contactId,
		sequenceId: sequence.id,
		stepId: step?.id ?? null,
		reason,
		bounceClass: classification.bounceClass,
	})
	if (['ACTIVE', 'PAUSED', 'PENDING'].includes(sequence.status)) {
		await cancelUnsentStepsWith(prismaRun(tx), [sequence.id], reason)
		await tx.$executeRaw`
			UPDATE "Sequence" SET status = 'FAILED', "failureReason" = ${reason}, "stoppedAt" = now(),
				"updatedAt" = now()
			WHERE id = ${sequence.id}`
	}
}

export type ManualReplyResult = 'marked' | 'not_found' | 'not_running' | 'nothing_sent'

/**
 * "Mark as replied" (a mailbox nobody reads): the user says the contact answered. Recorded as a
 * reply is — the latest sent step REPLIED, a REPLY event (manual, by whom), the sequence PAUSED, its
 * pending calls CANCELED —
 * under the same lock the dispatcher claims under, so no follow-up goes out after it.
 */
export async function markRepliedByHand({
	organizationId,
	sequenceId,
	userId,
}: {
	organizationId: string
	sequenceId: string
	userId: string
}): Promise<ManualReplyResult> {
	return prisma.$transaction(async (tx) => {
		const [sequence] = await tx.$queryRaw<Array<{ id: string; status: string; contactId: string }>>`
			SELECT id, status::text AS status, "contactId" FROM "Sequence"
			WHERE id = ${sequenceId} AND "organizationId" = ${organizationId}
			FOR UPDATE`
		if (!sequence) return 'not_found'
		if (!['ACTIVE', 'PAUSED'].includes(sequence.status)) return 'not_running'
		const steps = await tx.$queryRaw<StepRow[]>`
			SELECT id, "order", status::text AS status, "messageId", "providerMessageId", "sentAt"
			FROM "EmailStep" WHERE "sequenceId" = ${sequence.id} ORDER BY "order"`
		const step = latestSent(steps)
		if (!step) return 'nothing_sent'
		const stopped = {
			reason: 'REPLY',
			decision: 'STOPPED',
			detail: { message: 'Marked as replied by hand' },
		} as const
		await setStepNote(prismaRun(tx), stopped)
		await tx.$executeRaw`
			UPDATE "EmailStep" SET status = 'REPLIED', "repliedAt" = COALESCE("repliedAt", now()), "updatedAt" = now()
			WHERE id = ${step.id} AND status IN ('SENT', 'REPLIED')`
		await tx.sequenceEvent.create({
			data: {
				type: 'REPLY',
				organizationId,
				sequenceId: sequence.id,
				emailStepId: step.id,
				metadata: { manual: true, markedByUserId: userId },
			},
		})
		await enqueueWebhookEvent(prismaRun(tx), organizationId, 'contact.replied', {
			contactId: sequence.contactId,
			sequenceId: sequence.id,
			stepId: step.id,
			from: null,
			subject: null,
			receivedAt: new Date().toISOString(),
			markedByHand: true,
		})
		const paused = await tx.$executeRaw`
			UPDATE "Sequence" SET status = 'PAUSED', "stoppedAt" = now(), "updatedAt" = now()
			WHERE id = ${sequence.id} AND status = 'ACTIVE'`
		if (paused) await recordStoppedSteps(prismaRun(tx), [sequence.id], stopped)
		await cancelPendingCalls(prismaRun(tx), [sequence.id])
		return 'marked'
	})
}
