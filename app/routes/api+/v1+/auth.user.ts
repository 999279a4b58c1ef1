import { type LoaderFunctionArgs } from '@remix-run/node'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { getSessionUser } from '#app/models/user/session-user.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

// GET: the current session and its user (the client refetches it every 30 s and on focus).
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const session = await getSessionUser(actor.sessionId)
	if (!session) throw apiError(401, 'unauthorized', 'Authentication required')
	return Response.json(session)
}

export async function action() {
	return methodNotAllowed()
}
