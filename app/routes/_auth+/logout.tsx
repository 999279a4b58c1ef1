import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { revokeSession } from '#app/models/session/session.server.ts'
import { clearSessionCookie, readSessionId } from '#app/utils/session.server.ts'

export async function action({ request }: ActionFunctionArgs) {
	const sessionId = await readSessionId(request)
	if (sessionId) await revokeSession(sessionId)
	return redirect('/login', { headers: { 'Set-Cookie': await clearSessionCookie() } })
}

export async function loader() {
	return redirect('/')
}
