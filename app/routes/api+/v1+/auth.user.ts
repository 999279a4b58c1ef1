import { type LoaderFunctionArgs } from '@remix-run/node'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { getApiTokenUser, getSessionUser } from '#app/models/user/session-user.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

// GET: the current session and its user (the client refetches it every 30 s and on focus). With a
// personal access token, the token's id stands for the session's.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const session = actor.apiToken
		? await getApiTokenUser(actor.apiToken.id, actor.userId)
		: await getSessionUser(actor.sessionId ?? '')
	if (!session) throw apiError(401, 'unauthorized', 'Authentication required')
	return Response.json(session)
}

export async function action() {
	return methodNotAllowed()
}
