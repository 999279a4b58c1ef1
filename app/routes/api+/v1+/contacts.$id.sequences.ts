import { type LoaderFunctionArgs } from '@remix-run/node'
import { listContactSequences } from '#app/models/sequence/sequence.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CONTACT_MESSAGES } from '#app/schemas/contact.ts'
import { apiError } from '#app/utils/api.server.ts'

// GET: the contact's sequences, newest first; `steps=true` adds emailSteps, linkedInSteps and
// phoneCallSteps, `contact=true` the contact. Another organization's contact → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const query = new URL(request.url).searchParams
	const sequences = await listContactSequences(actor.organizationId, params.id ?? '', {
		steps: query.get('steps') === 'true',
		contact: query.get('contact') === 'true',
	})
	if (!sequences) throw apiError(404, 'not_found', CONTACT_MESSAGES.contactNotFound)
	return Response.json(sequences)
}
