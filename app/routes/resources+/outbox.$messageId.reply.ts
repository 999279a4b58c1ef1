import { type ActionFunctionArgs } from '@remix-run/node'
import { recordOutboxReply } from '#app/models/conversation/conversation.server.ts'
import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// POST (form or JSON) { body }: the contact "answers" this outbox email — the local outbox has no
// inbox, so this is how a reply reaches an offline sequence (developers, tests, demos). It goes
// through reply detection like a real reply: the step REPLIED, the sequence PAUSED.
// A form post comes back to the outbox with a toast; `Accept: application/json` gets JSON.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireActor(request)
	const messageId = params.messageId ?? ''
	const wantsJson = (request.headers.get('Accept') ?? '').includes('application/json')
	const isJson = (request.headers.get('Content-Type') ?? '').includes('application/json')
	const body = isJson ? await readJsonBody(request) : await readFormBody(request)
	const back = `/outbox?message=${encodeURIComponent(messageId)}`
	try {
		const result = await recordOutboxReply({
			organizationId: actor.organizationId,
			outboxMessageId: messageId,
			body,
		})
		if (!result)
			return wantsJson
				? apiError(404, 'not_found', 'Message not found')
				: new Response('Message not found', { status: 404 })
		if (wantsJson) return Response.json(result)
		return redirectWithToast(back, {
			type: 'success',
			title: 'Reply recorded',
			description: result.outcome === 'REPLY' ? 'The sequence stopped: the contact replied.' : undefined,
		})
	} catch (error) {
		if (!(error instanceof SequenceRuleError)) throw error
		if (wantsJson)
			return apiError(
				error.status,
				error.status === 400 ? 'validation_error' : 'unprocessable',
				error.message,
			)
		return redirectWithToast(back, { type: 'error', title: error.message })
	}
}

async function readJsonBody(request: Request) {
	try {
		const parsed = (await request.json()) as { body?: unknown }
		return typeof parsed.body === 'string' ? parsed.body : ''
	} catch {
		return ''
	}
}

/** A body that is not a form (or JSON) reads as empty: the reply is then refused as empty, a 400. */
async function readFormBody(request: Request) {
	try {
		return String((await request.formData()).get('body') ?? '')
	} catch {
		return ''
	}
}
