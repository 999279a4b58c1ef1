import { type LoaderFunctionArgs } from '@remix-run/node'
import { listConversation } from '#app/models/conversation/conversation.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CONVERSATION_MESSAGES } from '#app/schemas/conversation.ts'
import { SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { apiError } from '#app/utils/api.server.ts'

// GET ?sequence={id}: the sequence's thread, oldest first — the emails sent and the replies —
// as [{ id, type, from, to, subject, date, body, html, isFromUser, automatic, emailStepId, metadata: { conversationId } }];
// `automatic` marks an out-of-office (AUTO_REPLY) or a delay notice (DELAY_NOTICE), null otherwise;
// `intent` is what a reply meant ({ intent, reason, date, referral, source }, reply intent), null for ours.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const sequenceId = new URL(request.url).searchParams.get('sequence')?.trim()
	if (!sequenceId) throw apiError(400, 'validation_error', CONVERSATION_MESSAGES.sequenceRequired)
	const messages = await listConversation(actor.organizationId, sequenceId)
	if (!messages) throw apiError(404, 'not_found', SEQUENCE_MESSAGES.sequenceNotFound)
	return Response.json(messages)
}
