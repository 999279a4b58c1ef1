import { deleteLinkedInStep, updateLinkedInStep } from '#app/models/sequence/sequence-steps.server.ts'
import { UpdateLinkedInStepSchema } from '#app/schemas/sequence.ts'
import { stepRouteAction } from './__sequence-api.server.ts'

// PUT: daysAfter, or requestNote (at most 200 characters) with message, or message → the step.
// DELETE: the step; a sequence left without steps is deleted ({ sequenceDeleted: true }).
export const action = stepRouteAction({
	schema: UpdateLinkedInStepSchema,
	update: updateLinkedInStep,
	remove: deleteLinkedInStep,
})
