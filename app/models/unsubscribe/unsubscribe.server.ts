import { type Prisma } from '#app/generated/prisma/client.ts'
import { enqueueWebhookEvent } from '#app/models/webhook/webhook-events.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { appUrl } from '#app/utils/env.server.ts'
import { openToken, sealToken } from '#app/models/tracking/signed-token.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { setStepNote } from '#app/models/step-ledger/step-note.server.ts'

/**
 * Unsubscribing (RFC 8058). Every email carries a link to `/unsubscribe/<token>` in its body and
 * its List-Unsubscribe header, on the organization's tracking domain when it has one; the sealed
 * token names the email step (unreadably, decision 015), the step names the contact. Unsubscribing flags the contact (never emailed again) and stops their sequences.
 */

export const UNSUBSCRIBED_REASON = 'The contact unsubscribed'

/** Sequences that could still send; unsubscribing cancels them. */
const RUNNING_STATUSES = ['ACTIVE', 'PAUSED', 'PENDING'] as const
/** Email steps not handed to a transport yet. A SENDING step is already on its way. */
const UNSENT_STEP_STATUSES = ['PENDING', 'DRAFT', 'SCHEDULED'] as const

export function unsubscribeUrl(emailStepId: string, baseUrl = appUrl()) {
	return `${baseUrl}/unsubscribe/${sealToken('unsubscribe', emailStepId)}`
}

/** The headers that let mail clients offer a one-click "Unsubscribe" (POST to the same URL). */
export function listUnsubscribeHeaders(url: string) {
	return {
		'List-Unsubscribe': `<${url}>`,
		'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
	}
}

/** Appends a small "Unsubscribe" line to both bodies (inside `</body>` when the HTML has one). */
export function addUnsubscribeFooter(body: { html: string; text: string }, url: string) {
	const footer = `<p style="margin-top:24px;font-size:12px;color:#6b7280">Don't want these emails? <a href="${escapeAttribute(url)}" style="color:#6b7280">Unsubscribe</a></p>`
	const closingBody = body.html.search(/<\/body\s*>/i)
	const html =
		closingBody === -1
			? `${body.html}${footer}`
			: `${body.html.slice(0, closingBody)}${footer}${body.html.slice(closingBody)}`
	const text = `${body.text.replace(/\s+$/, '')}\n\n--\nUnsubscribe: ${url}\n`
	return { html, text }
}

export function readUnsubscribeToken(token: string) {
	const emailStepId = openToken('unsubscribe', token)
	return typeof emailStepId === 'string' ? { emailStepId } : null
}

/** What the confirmation page shows, or null for a token we did not issue (or a deleted step). */
export async function findUnsubscribeTarget(token: string) {
	const read = readUnsubscribeToken(token)
	if (!read) return null
	const step = await prisma.emailStep.findUnique({
		where: { id: read.emailStepId },
		select: {
			organization: { select: { name: true } },
			sequence: { select: { contact: { select: { unsubscribedAt: true } } } },
		},
	})
	if (!step) return null
	return {
		organizationName: step.organization.name,
		unsubscribed: Boolean(step.sequence.contact.unsubscribedAt),
	}
}

/**
 * Unsubscribes the contact the token's email went to: sets `unsubscribedAt` (once), records
 * UNSUBSCRIBE, and cancels that contact's running sequences with their unsent email steps.
 * Each sequence row is locked first, as the dispatcher locks it to claim a step, so a step is
 * either claimed before (and sent) or canceled — never both. Idempotent; null for a bad token.
 */
export async function unsubscribeByToken(token: string, now = new Date()) {
	const read = readUnsubscribeToken(token)
	if (!read) return null
	const step = await prisma.emailStep.findUnique({
		where: { id: read.emailStepId },
		select: {
			id: true,
			organizationId: true,
			sequenceId: true,
			organization: { select: { name: true } },
			sequence: { select: { contactId: true } },
		},
	})
	if (!step) return null
	const { organizationId } = step
	const contactId = step.sequence.contactId

	const newlyUnsubscribed = await prisma.$transaction((tx) =>
		suppressContact(tx, {
			organizationId,
			contactId,
			sequenceId: step.sequenceId,
			emailStepId: step.id,
			now,
		}),
	)
	return { organizationName: step.organization.name, newlyUnsubscribed }
}

/**
 * The contact is never emailed again: `unsubscribedAt` set (once), an UNSUBSCRIBE event on the
 * sequence that learned it, and every running sequence of theirs CANCELLED with its unsent email
 * steps. Each sequence row is locked first, as the dispatcher locks it to claim a step, so a step is
 * either claimed before (and sent) or canceled — never both. Used by the unsubscribe link and by a
 * reply that asks to stop (reply intent). True when the contact was not unsubscribed before.
 */
export async function suppressContact(
	tx: Prisma.TransactionClient,
	{
		organizationId,
		contactId,
		sequenceId,
		emailStepId,
		now,
		reason = UNSUBSCRIBED_REASON,
	}: {
		organizationId: string
		contactId: string
		sequenceId: string
		emailStepId: string | null
		now: Date
		reason?: string
	},
) {
	const locked = await tx.$queryRaw<Array<{ id: string }>>`
		SELECT id FROM "Sequence"
		WHERE "organizationId" = ${organizationId} AND "contactId" = ${contactId}
			AND status::text IN ('ACTIVE', 'PAUSED', 'PENDING')
		ORDER BY id
		FOR UPDATE`
	const sequenceIds = locked.map((row) => row.id)
	if (sequenceIds.length) {
		await setStepNote(prismaRun(tx), { reason: 'UNSUBSCRIBED', decision: 'SKIPPED' })
		await tx.emailStep.updateMany({
			where: { organizationId, sequenceId: { in: sequenceIds }, status: { in: [...UNSENT_STEP_STATUSES] } },
			data: { status: 'CANCELED', failureReason: reason, scheduledFor: null },
		})
		await tx.sequence.updateMany({
			where: { organizationId, id: { in: sequenceIds }, status: { in: [...RUNNING_STATUSES] } },
			data: {
				status: 'CANCELLED',
				stoppedAt: now,
				failureReason: reason,
				resumeAt: null,
				resumeReason: null,
			},
		})
	}
	const flagged = await tx.contact.updateMany({
		where: { id: contactId, organizationId, unsubscribedAt: null },
		data: { unsubscribedAt: now },
	})
	if (flagged.count === 0) return false
	await tx.sequenceEvent.create({ data: { type: 'UNSUBSCRIBE', organizationId, sequenceId, emailStepId } })
	await enqueueWebhookEvent(prismaRun(tx), organizationId, 'contact.unsubscribed', {
		contactId,
		sequenceId,
		stepId: emailStepId,
		unsubscribedAt: now.toISOString(),
	})
	return true
}

function escapeAttribute(value: string) {
	return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
