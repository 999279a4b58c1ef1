import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { googleAuthenticator, rememberRedirectTo } from '#app/models/user/google-auth.server.ts'
import { isGoogleSignInConfigured } from '#app/utils/env.server.ts'

// "Continue with Google" posts here (links may GET it): off to Google's consent screen.
export async function loader({ request }: LoaderFunctionArgs) {
	return startGoogleSignIn(request)
}

export async function action({ request }: ActionFunctionArgs) {
	return startGoogleSignIn(request)
}

async function startGoogleSignIn(request: Request) {
	if (!isGoogleSignInConfigured()) return redirect('/login?error=not_configured')
	const redirectTo = await readRedirectToParam(request)
	try {
		// Always throws: the redirect to Google, carrying the OAuth state cookie.
		await googleAuthenticator().authenticate('google', request)
	} catch (thrown) {
		if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
			thrown.headers.append('Set-Cookie', await rememberRedirectTo(redirectTo))
			return thrown
		}
		console.error('Starting Google sign-in failed', thrown)
		return redirect('/login?error=google')
	}
	return redirect('/login?error=google')
}

async function readRedirectToParam(request: Request) {
	const fromQuery = new URL(request.url).searchParams.get('redirectTo')
	if (request.method !== 'POST') return fromQuery
	const form = await request
		.clone()
		.formData()
		.catch(() => null)
	const fromForm = form?.get('redirectTo')
	return typeof fromForm === 'string' && fromForm ? fromForm : fromQuery
}
