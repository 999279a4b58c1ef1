import { z } from 'zod'

// Sign-in: the development form, the popup's Google code, and the messages /login shows.

const INVALID_EMAIL = 'Please enter a valid email address'

export const DevSignInSchema = z.object({
	email: z.string({ error: INVALID_EMAIL }).trim().pipe(z.email(INVALID_EMAIL)),
	redirectTo: z.string().optional(),
})

export const GoogleCodeSchema = z.object({
	code: z.string({ error: 'code is required' }).trim().min(1, 'code is required'),
})

/**
 * /login shows a message for a code in `?error=`, never free text from the URL,
 * so a crafted link cannot put words of its own on our sign-in page.
 */
export const signInErrorMessages = {
	access_denied: 'You closed the popup before completing the sign in process',
	google: 'An unknown error occurred, please try again',
	exchange: 'An error occurred, please try again',
	not_configured: 'Google sign-in is not configured on this server',
	invalid_email: INVALID_EMAIL,
	rate_limited: 'Too many sign-in attempts for this email. Please try again in a few minutes.',
} as const

export type SignInErrorCode = keyof typeof signInErrorMessages

export function signInErrorMessage(code: string | null | undefined) {
	if (!code) return null
	return Object.hasOwn(signInErrorMessages, code) ? signInErrorMessages[code as SignInErrorCode] : null
}

export const SIGN_IN_SUCCESS_MESSAGE = 'You have successfully signed in with Google'
