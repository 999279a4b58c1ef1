import { type ActionFunctionArgs } from '@remix-run/node'
import {
	GenerationRequestError,
	startSequenceGeneration,
} from '#app/models/assistant/generate-sequence.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { GenerateSequenceBodySchema } from '#app/schemas/assistant.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// POST /api/sequences/background (unversioned, as the spec's client calls it): the sequence is
// created in CREATING and returned at once (202); a worker job writes it.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { contactId, emailAddressId, ...options } = await parseJsonBody(request, GenerateSequenceBodySchema)
	try {
		const sequence = await startSequenceGeneration({ actor, contactId, emailAddressId, options })
		return Response.json(
			{
				sequenceId: sequence.id,
				...sequence,
				message: 'Your sequence is being generated. Give it a moment.',
			},
			{ status: 202 },
		)
	} catch (error) {
		if (error instanceof GenerationRequestError)
			return apiError(error.status, error.status === 404 ? 'not_found' : 'validation_error', error.message)
		throw error
	}
}
