import { type ActionFunctionArgs } from '@remix-run/node'
import {
	PermanentDeliveryError,
	SendRefusedError,
	ServerUnreachableError,
} from '#app/integrations/mail/transport.server.ts'
import { sendReply } from '#app/models/conversation/conversation.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { ReplySchema } from '#app/schemas/conversation.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { sequenceErrorResponse } from './__sequence-api.server.ts'

// POST { body, sequenceId }: sends the reply in the sequence's thread from its mailbox and
// answers the stored message (201). Empty body 400, another organization's sequence 404, a
// contact that cannot be emailed 422, a missing Gmail grant 403 GoogleScopeError, a provider
// that refused or failed 422 / 502 with its message.
export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireApiActor(request)
	if (request.method !== 'POST') return methodNotAllowed()
	const { body, sequenceId } = await parseJsonBody(request, ReplySchema)
	try {
		const message = await sendReply({
			organizationId: actor.organizationId,
			userId: actor.userId,
			sequenceId,
			body,
		})
		return Response.json(message, { status: 201 })
	} catch (error) {
		if (error instanceof PermanentDeliveryError) return apiError(422, 'unprocessable', error.message)
		try {
			return sequenceErrorResponse(error)
		} catch {
			console.error('Sending a reply failed', error)
			// Only the mail server's own words reach the user; anything else (a database error, a bug)
			// stays in the log.
			const fromServer = error instanceof SendRefusedError || error instanceof ServerUnreachableError
			const detail = fromServer && error.message ? `: ${error.message}` : ''
			return apiError(502, 'send_failed', `The reply could not be sent${detail}`)
		}
	}
}
