import { type ActionFunctionArgs } from '@remix-run/node'
import { addEmailStep } from '#app/models/sequence/sequence-steps.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { AddEmailStepSchema } from '#app/schemas/sequence.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { withSequenceErrors } from './__sequence-api.server.ts'

// POST { daysAfter?, subject?, body? | proseMirrorJson? }: an email step at the end of a
// draft → 201 with the step; not a draft → 409.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const input = await parseJsonBody(request, AddEmailStepSchema)
	return withSequenceErrors(async () =>
		Response.json(await addEmailStep(actor.organizationId, params.id ?? '', input), { status: 201 }),
	)
}
