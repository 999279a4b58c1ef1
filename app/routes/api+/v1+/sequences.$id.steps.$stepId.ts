import { deleteEmailStep, updateEmailStep } from '#app/models/sequence/sequence-steps.server.ts'
import { UpdateEmailStepSchema } from '#app/schemas/sequence.ts'
import { stepRouteAction } from './__sequence-api.server.ts'

// PUT: one field (subject with updateAllSteps, body, proseMirrorJson or daysAfter) → the step.
// A timing change refused by the rules answers 422 with the reason. DELETE: the step; the
// last email step takes the sequence with it ({ sequenceDeleted: true }).
export const action = stepRouteAction({
	schema: UpdateEmailStepSchema,
	update: updateEmailStep,
	remove: deleteEmailStep,
})
