import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
	cancelQueueable,
	finalizeQueueable,
	getQueueable,
	QueueableConflictError,
	toQueueableJson,
} from '#app/models/queueable/queueable.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { QueueableActionSchema } from '#app/schemas/queueable.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

function notFound() {
	return apiError(404, 'not_found', 'Queueable not found')
}

// GET: the job's state as the spec's `data.data`; `?exclude=payload` leaves out the payload.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const exclude = new URL(request.url).searchParams.getAll('exclude').flatMap((value) => value.split(','))
	const queueable = await getQueueable(actor.organizationId, params.id ?? '', {
		excludePayload: exclude.includes('payload'),
	})
	if (!queueable) throw notFound()
	return Response.json({ data: { data: toQueueableJson(queueable) } })
}

// PUT: `{ action: 'finalize' | 'cancel' }` (or `{ finalize: true }` / `{ cancel: true }`).
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'PUT') throw methodNotAllowed()
	const actor = await requireApiActor(request)
	const action = await parseJsonBody(request, QueueableActionSchema)
	try {
		const run = action === 'cancel' ? cancelQueueable : finalizeQueueable
		const queueable = await run(actor.organizationId, params.id ?? '')
		if (!queueable) throw notFound()
		return Response.json({ data: { data: toQueueableJson(queueable) } })
	} catch (error) {
		if (error instanceof QueueableConflictError) throw apiError(409, 'conflict', error.message)
		throw error
	}
}
