import { safeRedirectTo } from '#app/utils/redirect.ts'
import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { createSession, revokeSession } from '#app/models/session/session.server.ts'
import { signInIdentity } from '#app/models/user/sign-in.server.ts'
import { DevSignInSchema } from '#app/schemas/auth.ts'
import { apiError } from '#app/utils/api.server.ts'
import { isDevLoginEnabled, isProduction } from '#app/utils/env.server.ts'
import { readSessionId, redirectWithSession } from '#app/utils/session.server.ts'

// Development sign-in: one POST with `email` signs a browser or a script in.
export async function action({ request }: ActionFunctionArgs) {
	if (!isDevLoginEnabled()) {
		return apiError(403, 'forbidden', 'Development sign-in is disabled')
	}
	const form = await request.formData()
	const parsed = DevSignInSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) {
		// Back to the form (this also serves browsers without JavaScript), which shows the message.
		const back = new URLSearchParams({ error: 'invalid_email' })
		const redirectTo = form.get('redirectTo')
		if (typeof redirectTo === 'string' && redirectTo) back.set('redirectTo', safeRedirectTo(redirectTo))
		return redirect(`/login?${back}`, 303)
	}
	// Production dev sign-ins are unverified (so never administrators) unless the e2e server
	// sets DEV_LOGIN_VERIFIED=true to sign administrators in.
	const emailVerified = !isProduction() || process.env.DEV_LOGIN_VERIFIED === 'true'
	const { userId } = await signInIdentity({ email: parsed.data.email, emailVerified })
	// A fresh session id on every sign-in; the one this browser had before ends here.
	const previous = await readSessionId(request)
	if (previous) await revokeSession(previous)
	const session = await createSession({ userId, userAgent: request.headers.get('user-agent') })
	return redirectWithSession(session.token, safeRedirectTo(parsed.data.redirectTo))
}

export async function loader() {
	return redirect('/login', 303)
}
