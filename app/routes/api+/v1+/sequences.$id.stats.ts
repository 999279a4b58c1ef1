import { type LoaderFunctionArgs } from '@remix-run/node'
import { getSequenceStats } from '#app/models/sequence/sequence-stats.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { apiError } from '#app/utils/api.server.ts'

// GET: { data: { steps, sent, replied, clicked, clicks, bounced, unsubscribed, perStep } }.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const stats = await getSequenceStats(actor.organizationId, params.id ?? '')
	if (!stats) throw apiError(404, 'not_found', SEQUENCE_MESSAGES.sequenceNotFound)
	return Response.json({ data: stats })
}
