import { deleteEmailStep, updateEmailStep } from '#app/models/sequence/sequence-steps.server.ts'
import { UpdateEmailStepSchema } from '#app/schemas/sequence.ts'
import { stepRouteAction } from './__sequence-api.server.ts'

// PUT /steps/:stepId (the step found by id alone): daysAfter (timing) or proseMirrorJson
// (content), also subject or body → the step.
// A timing change refused by the rules answers 422 with the reason. DELETE: the step; the
// last email step takes the sequence with it ({ sequenceDeleted: true }).
export const action = stepRouteAction({
	schema: UpdateEmailStepSchema,
	update: updateEmailStep,
	remove: deleteEmailStep,
	sequenceId: () => null,
})
