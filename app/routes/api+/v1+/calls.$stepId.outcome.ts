import { type ActionFunctionArgs } from '@remix-run/node'
import { recordCallOutcome } from '#app/models/phone-call/record-call-outcome.server.ts'
import { canManageOrganization, requireApiActor } from '#app/models/session/auth.server.ts'
import { hasPhoneCalls } from '#app/models/user/feature-flags.server.ts'
import { CALL_MESSAGES, CallOutcomeSchema } from '#app/schemas/phone-call.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { withSequenceErrors } from './__sequence-api.server.ts'

// POST /api/v1/calls/:stepId/outcome { outcome, notes } → 200 { message, result, step, sequenceId,
// sequenceCompleted, nextCallAt }. result is "already_recorded" when the call was logged before (a
// repeated submit changes nothing). 404 for a call the user may not see (another organization's,
// or a teammate's for a member), 409 when the sequence is not ACTIVE or the call not SCHEDULED.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	if (!(await hasPhoneCalls(actor.userId))) return apiError(404, 'not_found', 'Not found')
	const input = await parseJsonBody(request, CallOutcomeSchema)
	return withSequenceErrors(async () => {
		const recorded = await recordCallOutcome({
			organizationId: actor.organizationId,
			userId: actor.userId,
			canLogAll: canManageOrganization(actor),
			stepId: params.stepId ?? '',
			input,
		})
		const message = recorded.result === 'recorded' ? CALL_MESSAGES.recorded : CALL_MESSAGES.alreadyRecorded
		return Response.json({ message, ...recorded })
	})
}
