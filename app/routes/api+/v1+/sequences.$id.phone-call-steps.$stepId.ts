import { deletePhoneCallStep, updatePhoneCallStep } from '#app/models/sequence/sequence-steps.server.ts'
import { UpdatePhoneCallStepSchema } from '#app/schemas/sequence.ts'
import { stepRouteAction } from './__sequence-api.server.ts'

// PUT: daysAfter (timing rules) or talkingPoints → the step.
// DELETE: the step; a sequence left without steps is deleted ({ sequenceDeleted: true }).
export const action = stepRouteAction({
	schema: UpdatePhoneCallStepSchema,
	update: updatePhoneCallStep,
	remove: deletePhoneCallStep,
})
