import { type ActionFunctionArgs } from '@remix-run/node'
import { exchangePopupCode, GoogleCodeRejectedError } from '#app/integrations/google/oauth.server.ts'
import { createSession, revokeSession } from '#app/models/session/session.server.ts'
import { GoogleSignInError, signInWithGoogle } from '#app/models/user/google-account.server.ts'
import { getSessionUser } from '#app/models/user/session-user.server.ts'
import { GoogleCodeSchema } from '#app/schemas/auth.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { isGoogleSignInConfigured } from '#app/utils/env.server.ts'
import { getErrorMessage } from '#app/utils/misc.ts'
import { rateLimitRefusalOf } from '#app/utils/rate-limit.server.ts'
import { commitSessionToken, readSessionId } from '#app/utils/session.server.ts'

// POST { code }: a Google authorization code from the sign-in popup. Signs in and sets the session cookie.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const { code } = await parseJsonBody(request, GoogleCodeSchema)
	if (!isGoogleSignInConfigured())
		return apiError(503, 'google_not_configured', 'Google sign-in is not configured on this server')

	let signedIn
	try {
		signedIn = await signInWithGoogle(await exchangePopupCode(code))
	} catch (error) {
		const refusal = rateLimitRefusalOf(error)
		if (refusal) {
			return Response.json(
				{ error: 'rate_limited', message: refusal.message },
				{ status: 429, headers: { 'Retry-After': String(refusal.retryAfterSeconds) } },
			)
		}
		if (error instanceof GoogleCodeRejectedError || error instanceof GoogleSignInError) {
			return apiError(401, 'google_auth_failed', 'An error occurred, please try again')
		}
		console.error(`Google sign-in (popup) failed: ${getErrorMessage(error)}`)
		return apiError(502, 'google_unavailable', 'An unknown error occurred, please try again')
	}
	// A fresh session id on every sign-in; the one this browser had before ends here.
	const previous = await readSessionId(request)
	if (previous) await revokeSession(previous)
	const session = await createSession({
		userId: signedIn.userId,
		userAgent: request.headers.get('user-agent'),
	})
	const body = await getSessionUser(session.id)
	// A real Response: resource routes drop data()'s status and headers.
	return Response.json(body, { headers: { 'Set-Cookie': await commitSessionToken(session.token) } })
}

export async function loader() {
	return methodNotAllowed()
}
