import { type ActionFunctionArgs } from '@remix-run/node'
import { saveLinkedInProfile } from '#app/models/linkedin/linkedin-connection.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { LinkedInProfileBodySchema } from '#app/schemas/linkedin.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export async function loader() {
	return methodNotAllowed()
}

// POST: the LinkedIn profile the companion reports (GET_LINKEDIN_USER_PROFILE), for a user who is
// connected but has no LinkedIn username yet. Only the acting user's own profile; the session
// (cookie, csrf token) is not touched — that is POST /api/v1/linkedin/auth-status.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, LinkedInProfileBodySchema)
	const connection = await saveLinkedInProfile(actor.userId, body.userDetails)
	if (!connection)
		return apiError(409, 'not_connected', 'Please connect your LinkedIn account to use this feature')
	return Response.json({
		isAuthenticated: connection.connected,
		userDetails: connection.profile,
		linkedinUsername: connection.username,
	})
}
