import { safeRedirectTo } from '#app/utils/redirect.ts'
import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { createSession, revokeSession } from '#app/models/session/session.server.ts'
import { signInIdentity } from '#app/models/user/sign-in.server.ts'
import { DevSignInSchema, type SignInErrorCode } from '#app/schemas/auth.ts'
import { apiError } from '#app/utils/api.server.ts'
import { isDevLoginEnabled, isProduction } from '#app/utils/env.server.ts'
import { rateLimitRefusalOf } from '#app/utils/rate-limit.server.ts'
import { readSessionId, redirectWithSession } from '#app/utils/session.server.ts'

// Development sign-in: one POST with `email` signs a browser or a script in.
export async function action({ request }: ActionFunctionArgs) {
	if (!isDevLoginEnabled()) {
		return apiError(403, 'forbidden', 'Development sign-in is disabled')
	}
	const form = await request.formData()
	const parsed = DevSignInSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) {
		return backToForm('invalid_email', form.get('redirectTo'))
	}
	// Production dev sign-ins are unverified (so never administrators) unless the e2e server
	// sets DEV_LOGIN_VERIFIED=true to sign administrators in.
	const emailVerified = !isProduction() || process.env.DEV_LOGIN_VERIFIED === 'true'
	let signedIn
	try {
		signedIn = await signInIdentity({ email: parsed.data.email, emailVerified })
	} catch (error) {
		const refusal = rateLimitRefusalOf(error)
		if (!refusal) throw error
		return backToForm('rate_limited', parsed.data.redirectTo ?? null, refusal.retryAfterSeconds)
	}
	// A fresh session id on every sign-in; the one this browser had before ends here.
	const previous = await readSessionId(request)
	if (previous) await revokeSession(previous)
	const session = await createSession({
		userId: signedIn.userId,
		userAgent: request.headers.get('user-agent'),
	})
	return redirectWithSession(session.token, safeRedirectTo(parsed.data.redirectTo))
}

/** Back to the form (this also serves browsers without JavaScript), which shows the message. */
function backToForm(
	error: SignInErrorCode,
	redirectTo: FormDataEntryValue | null,
	retryAfterSeconds?: number,
) {
	const back = new URLSearchParams({ error })
	if (typeof redirectTo === 'string' && redirectTo) back.set('redirectTo', safeRedirectTo(redirectTo))
	const headers = retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined
	return redirect(`/login?${back}`, { status: 303, headers })
}

export async function loader() {
	return redirect('/login', 303)
}
