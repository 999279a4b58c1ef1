import { type ActionFunctionArgs } from '@remix-run/node'
import { issueCompanionToken } from '#app/models/linkedin/linkedin-account.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { methodNotAllowed } from '#app/utils/api.server.ts'

// POST: a new bearer token for the signed-in user's Chrome companion (the page hands it to the
// extension with SET_ROGER_COMPANION_TOKEN); any earlier token stops working.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	return Response.json({ token: await issueCompanionToken(actor.userId) })
}
