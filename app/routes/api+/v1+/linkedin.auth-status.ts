import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
	getLinkedInConnection,
	saveLinkedInAuthStatus,
	type LinkedInConnection,
} from '#app/models/linkedin/linkedin-connection.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { LinkedInAuthStatusBodySchema } from '#app/schemas/linkedin.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// The signed-in user's LinkedIn connection (the Chrome companion's session). Only ever the
// acting user's own; the cookie and csrf token never leave the server.

function authStatus(connection: LinkedInConnection) {
	return {
		isAuthenticated: connection.connected,
		userDetails: connection.profile,
		linkedinOrgConsent: connection.orgConsent,
	}
}

// GET: whether the user's LinkedIn is connected, its profile and the organization-level consent.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	return Response.json(authStatus(await getLinkedInConnection(actor.userId)))
}

// POST: the companion's session (isAuthenticated true) or a disconnect (false).
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, LinkedInAuthStatusBodySchema)
	return Response.json(authStatus(await saveLinkedInAuthStatus(actor.userId, body)))
}
