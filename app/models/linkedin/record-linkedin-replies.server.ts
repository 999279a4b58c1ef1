import type pg from 'pg'
import { enqueueLinkedInReplyIntent } from '#app/jobs/read-linkedin-reply-intent.ts'
import { cancelPendingCalls } from '#app/models/phone-call/cancel-pending-calls.server.ts'
import { type LinkedInReply } from '#app/schemas/linkedin-action.ts'
import { queryPrepared } from '#app/utils/db.server.ts'
import { pgRun } from '#app/utils/sql-run.server.ts'

/**
 * The person answered on LinkedIn: their messages join the sequence's conversation (type LINKEDIN),
 * the step is REPLIED with the reply's text, and the whole sequence stops exactly as on an email
 * reply — PAUSED, so no email, LinkedIn message or call goes after it; pending calls are cancelled.
 * The caller holds the Sequence row's lock (the email dispatcher claims under the same lock).
 * Idempotent per LinkedIn message id: a reply read twice is recorded once.
 */
export async function recordLinkedInReplies(
	client: pg.ClientBase,
	{
		organizationId,
		sequenceId,
		stepId,
		conversationId,
		replies,
	}: {
		organizationId: string
		sequenceId: string
		stepId: string
		conversationId: string | null
		replies: LinkedInReply[]
	},
) {
	const metadata = JSON.stringify(conversationId ? { conversationId } : {})
	const { rows: inserted } = await queryPrepared<{ id: string; date: Date }>(
		client,
		`INSERT INTO "ConversationMessage" (id, type, "fromAddress", "bodyText", "isFromUser", date,
			"providerMessageId", metadata, "organizationId", "sequenceId")
		SELECT gen_random_uuid()::text, 'LINKEDIN',
			COALESCE(NULLIF(c.linkedin, ''), btrim(c."firstName" || ' ' || c."lastName")), r.text, false,
			r.date::timestamptz AT TIME ZONE 'UTC', 'linkedin:' || r.id, $4::jsonb, $1, $2
		FROM unnest($3::text[], $5::text[], $6::text[]) AS r(id, text, date)
		JOIN "Sequence" s ON s.id = $2 JOIN "Contact" c ON c.id = s."contactId"
		ON CONFLICT ("sequenceId", "providerMessageId") DO NOTHING
		RETURNING id, date`,
		[
			organizationId,
			sequenceId,
			replies.map((reply) => reply.id),
			metadata,
			replies.map((reply) => reply.text),
			replies.map((reply) => reply.date),
		],
	)
	const first = replies[0]!
	await queryPrepared(
		client,
		`UPDATE "LinkedInStep" SET status = 'REPLIED', "repliedAt" = COALESCE("repliedAt", $2::timestamptz AT TIME ZONE 'UTC'),
			"repliedContent" = COALESCE("repliedContent", $3), "nextCheckAt" = NULL,
			metadata = metadata || $4::jsonb, "updatedAt" = now()
		WHERE id = $1`,
		[stepId, first.date, first.text, metadata],
	)
	const recorded = inserted.length
	if (!recorded) return { recorded: 0 }
	// What the latest of them means, read after this transaction (no lock held while a model answers).
	const latest = inserted.reduce((a, b) => (b.date > a.date ? b : a))
	await enqueueLinkedInReplyIntent(pgRun(client), { messageId: latest.id })
	await queryPrepared(
		client,
		`WITH event AS (
			INSERT INTO "SequenceEvent" (id, type, metadata, "organizationId", "sequenceId")
			VALUES (gen_random_uuid()::text, 'REPLY', $3::jsonb, $1, $2)
		)
		UPDATE "Sequence" SET status = 'PAUSED', "stoppedAt" = now(), "updatedAt" = now()
		WHERE id = $2 AND status = 'ACTIVE'`,
		[
			organizationId,
			sequenceId,
			JSON.stringify({
				channel: 'LINKEDIN',
				linkedInStepId: stepId,
				providerMessageId: `linkedin:${first.id}`,
			}),
		],
	)
	// A reply on any channel: the calls still planned are not made (as on an email reply).
	await cancelPendingCalls(pgRun(client), [sequenceId])
	return { recorded }
}
