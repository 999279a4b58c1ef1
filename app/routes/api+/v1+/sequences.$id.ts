import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { cancelSequenceGenerations } from '#app/models/assistant/cancel-generation.server.ts'
import { launchSequence } from '#app/models/preflight/launch.server.ts'
import { changeSequenceStatus } from '#app/models/sequence/sequence-status.server.ts'
import { deleteSequence, getSequence } from '#app/models/sequence/sequence.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { SEQUENCE_MESSAGES, UpdateSequenceStatusSchema } from '#app/schemas/sequence.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { withSequenceErrors } from './__sequence-api.server.ts'

function notFound() {
	return apiError(404, 'not_found', SEQUENCE_MESSAGES.sequenceNotFound)
}

// GET: the sequence as the drawer shows it (contact, fromEmail, steps, clicked steps).
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const sequence = await getSequence(actor.organizationId, params.id ?? '')
	if (!sequence) throw notFound()
	return Response.json(sequence)
}

// PUT { status, acknowledgeProblems? }: ACTIVE activates a draft (or resumes), PAUSED, CANCELLED;
// refused changes answer 409/422 with the reason, a missing Gmail grant 403 GoogleScopeError. A
// draft's activation runs the pre-flight check first: its problems answer 409 preflight_problems
// unless acknowledgeProblems is true (decision 051). DELETE removes it
// (one still being generated is cancelled: its pending job goes too).
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireApiActor(request)
	const id = params.id ?? ''
	if (request.method === 'DELETE') {
		const cancelled = await cancelSequenceGenerations(actor.organizationId, [id])
		if (!cancelled && !(await deleteSequence(actor.organizationId, id))) return notFound()
		return Response.json({ message: 'Sequence deleted' })
	}
	if (request.method !== 'PUT') return methodNotAllowed()
	const { status, acknowledgeProblems } = await parseJsonBody(request, UpdateSequenceStatusSchema)
	return withSequenceErrors(async () => {
		if (status === 'ACTIVE') await launchSequence({ actor, sequenceId: id, acknowledgeProblems })
		else await changeSequenceStatus({ organizationId: actor.organizationId, sequenceId: id, status })
		return Response.json(await getSequence(actor.organizationId, id))
	})
}
