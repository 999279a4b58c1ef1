import { type ActionFunctionArgs } from '@remix-run/node'
import { deleteEmailStep, updateEmailStep } from '#app/models/sequence/sequence-steps.server.ts'
import { UpdateEmailStepSchema } from '#app/schemas/sequence.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { requireApiActor } from '#app/utils/auth.server.ts'
import { withSequenceErrors } from '#app/utils/sequence-api.server.ts'

// PUT /steps/:stepId (the step found by id alone): daysAfter (timing) or proseMirrorJson
// (content), also subject or body → the step.
// A timing change refused by the rules answers 422 with the reason. DELETE: the step; the
// last email step takes the sequence with it ({ sequenceDeleted: true }).
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireApiActor(request)
	const stepId = params.stepId ?? ''
	if (request.method === 'DELETE') {
		return withSequenceErrors(async () => {
			const result = await deleteEmailStep(actor.organizationId, null, stepId)
			return Response.json({
				message: result.sequenceDeleted ? 'Sequence deleted' : 'Step removed',
				...result,
			})
		})
	}
	if (request.method !== 'PUT') return methodNotAllowed()
	const patch = await parseJsonBody(request, UpdateEmailStepSchema)
	return withSequenceErrors(async () => {
		const { step } = await updateEmailStep(actor.organizationId, null, stepId, patch)
		return Response.json(step)
	})
}
