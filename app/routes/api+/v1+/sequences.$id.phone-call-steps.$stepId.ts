import { type ActionFunctionArgs } from '@remix-run/node'
import { deletePhoneCallStep, updatePhoneCallStep } from '#app/models/sequence/sequence-steps.server.ts'
import { UpdatePhoneCallStepSchema } from '#app/schemas/sequence.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { requireApiActor } from '#app/utils/auth.server.ts'
import { withSequenceErrors } from '#app/utils/sequence-api.server.ts'

// PUT: daysAfter (timing rules) or talkingPoints → the step.
// DELETE: the step; a sequence left without steps is deleted ({ sequenceDeleted: true }).
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireApiActor(request)
	const sequenceId = params.id ?? ''
	const stepId = params.stepId ?? ''
	if (request.method === 'DELETE') {
		return withSequenceErrors(async () => {
			const result = await deletePhoneCallStep(actor.organizationId, sequenceId, stepId)
			return Response.json({
				message: result.sequenceDeleted ? 'Sequence deleted' : 'Step removed',
				...result,
			})
		})
	}
	if (request.method !== 'PUT') return methodNotAllowed()
	const patch = await parseJsonBody(request, UpdatePhoneCallStepSchema)
	return withSequenceErrors(async () => {
		const { step } = await updatePhoneCallStep(actor.organizationId, sequenceId, stepId, patch)
		return Response.json(step)
	})
}
