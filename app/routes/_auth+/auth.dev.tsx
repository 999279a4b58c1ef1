import { type ActionFunctionArgs, data } from '@remix-run/node'
import { z } from 'zod'
import { createSession } from '#app/models/session/session.server.ts'
import { signInIdentity } from '#app/models/user/sign-in.server.ts'
import { isDevLoginEnabled, isProduction } from '#app/utils/env.server.ts'
import { redirectWithSession, safeRedirectTo } from '#app/utils/session.server.ts'

const DevSignInSchema = z.object({
	email: z.string().trim().email('Please enter a valid email address'),
	redirectTo: z.string().optional(),
})

// Development sign-in: one POST with `email` signs a browser or a script in.
export async function action({ request }: ActionFunctionArgs) {
	if (!isDevLoginEnabled()) {
		return data({ error: 'forbidden', message: 'Development sign-in is disabled' }, { status: 403 })
	}
	const form = await request.formData()
	const parsed = DevSignInSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) {
		const message = parsed.error.issues[0]?.message ?? 'Please enter a valid email address'
		const back = new URLSearchParams({ error: message })
		return new Response(null, { status: 303, headers: { Location: `/login?${back}` } })
	}
	const { userId } = await signInIdentity({ email: parsed.data.email, emailVerified: !isProduction() })
	const session = await createSession({ userId, userAgent: request.headers.get('user-agent') })
	return redirectWithSession(session.id, safeRedirectTo(parsed.data.redirectTo))
}

export async function loader() {
	return new Response(null, { status: 303, headers: { Location: '/login' } })
}
