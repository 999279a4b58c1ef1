import { type ActionFunctionArgs } from '@remix-run/node'
import { addLinkedInStep } from '#app/models/sequence/sequence-steps.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { AddLinkedInStepSchema } from '#app/schemas/sequence.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { withSequenceErrors } from './__sequence-api.server.ts'

// POST { username?, linkedinUrl?, daysAfter?, requestNote?, message? }: a LinkedIn step at the
// end of a draft (the profile defaults to the contact's) → 201 with the step.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const input = await parseJsonBody(request, AddLinkedInStepSchema)
	return withSequenceErrors(async () =>
		Response.json(await addLinkedInStep(actor.organizationId, params.id ?? '', input), { status: 201 }),
	)
}
