import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { createSession, revokeSession } from '#app/models/session/session.server.ts'
import {
	clearOAuthCookies,
	googleAuthenticator,
	readRedirectTo,
} from '#app/models/user/google-auth.server.ts'
import { SIGN_IN_SUCCESS_MESSAGE, type SignInErrorCode } from '#app/schemas/auth.ts'
import { isGoogleSignInConfigured } from '#app/utils/env.server.ts'
import { getErrorMessage } from '#app/utils/misc.ts'
import { rateLimitRefusalOf } from '#app/utils/rate-limit.server.ts'
import { commitSessionToken, readSessionId } from '#app/utils/session.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// Google sends the user back here with `code` and `state` (or `error`).
export async function loader({ request }: LoaderFunctionArgs) {
	const cleared = await clearOAuthCookies(request)
	const providerError = new URL(request.url).searchParams.get('error')
	if (providerError)
		return backToLogin(providerError === 'access_denied' ? 'access_denied' : 'google', cleared)
	if (!isGoogleSignInConfigured()) return backToLogin('not_configured', cleared)

	let signedIn
	try {
		// Checks the state, trades the code for tokens, reads the profile and signs the user in.
		signedIn = await googleAuthenticator().authenticate('google', request)
	} catch (error) {
		if (rateLimitRefusalOf(error)) return backToLogin('rate_limited', cleared)
		// Expected failures (stale state, refused code): one line, no stack.
		console.warn(`Google sign-in failed: ${getErrorMessage(error)}`)
		return backToLogin('exchange', cleared)
	}
	// A fresh session id on every sign-in; the one this browser had before ends here.
	const previous = await readSessionId(request)
	if (previous) await revokeSession(previous)
	const session = await createSession({
		userId: signedIn.userId,
		userAgent: request.headers.get('user-agent'),
	})
	const headers = new Headers()
	for (const cookie of cleared) headers.append('Set-Cookie', cookie)
	headers.append('Set-Cookie', await commitSessionToken(session.token))
	return redirectWithToast(
		await readRedirectTo(request),
		{ type: 'success', title: SIGN_IN_SUCCESS_MESSAGE },
		{ headers },
	)
}

function backToLogin(error: SignInErrorCode, cookies: string[]) {
	const headers = new Headers()
	for (const cookie of cookies) headers.append('Set-Cookie', cookie)
	return redirect(`/login?error=${error}`, { headers })
}
