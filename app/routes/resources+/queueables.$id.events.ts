import { type LoaderFunctionArgs } from '@remix-run/node'
import { createQueueableEventStream } from '#app/models/queueable/queueable-stream.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError } from '#app/utils/api.server.ts'

// GET: Server-Sent Events of one job (`event: queueable`), fed by LISTEN/NOTIFY.
// EventSource resends Last-Event-ID on reconnect; the current state is always sent first.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const stream = await createQueueableEventStream({
		organizationId: actor.organizationId,
		id: params.id ?? '',
		signal: request.signal,
	})
	if (!stream) throw apiError(404, 'not_found', 'Queueable not found')
	return stream
}
