import { type ActionFunctionArgs } from '@remix-run/node'
import { deleteLinkedInStep, updateLinkedInStep } from '#app/models/sequence/sequence-steps.server.ts'
import { UpdateLinkedInStepSchema } from '#app/schemas/sequence.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { requireApiActor } from '#app/utils/auth.server.ts'
import { withSequenceErrors } from '#app/utils/sequence-api.server.ts'

// PUT: daysAfter, or requestNote (at most 200 characters) with message, or message → the step.
// DELETE: the step; a sequence left without steps is deleted ({ sequenceDeleted: true }).
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireApiActor(request)
	const sequenceId = params.id ?? ''
	const stepId = params.stepId ?? ''
	if (request.method === 'DELETE') {
		return withSequenceErrors(async () => {
			const result = await deleteLinkedInStep(actor.organizationId, sequenceId, stepId)
			return Response.json({
				message: result.sequenceDeleted ? 'Sequence deleted' : 'Step removed',
				...result,
			})
		})
	}
	if (request.method !== 'PUT') return methodNotAllowed()
	const patch = await parseJsonBody(request, UpdateLinkedInStepSchema)
	return withSequenceErrors(async () => {
		const { step } = await updateLinkedInStep(actor.organizationId, sequenceId, stepId, patch)
		return Response.json(step)
	})
}
