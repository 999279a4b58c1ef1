import { randomUUID } from 'node:crypto'
import { encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { FULL_GMAIL_SCOPE } from './gmail-server.ts'

/** Points googleapis at a fake Gmail (this process's env) with a test OAuth client. */
export function useFakeGmailEnv(env: { GMAIL_API_URL: string; GOOGLE_TOKEN_URL: string }) {
	process.env.GMAIL_API_URL = env.GMAIL_API_URL
	process.env.GOOGLE_TOKEN_URL = env.GOOGLE_TOKEN_URL
	process.env.GOOGLE_CLIENT_ID ??= 'test-client-id.apps.googleusercontent.com'
	process.env.GOOGLE_CLIENT_SECRET ??= 'test-client-secret'
	resetEnvCache()
}

/**
 * Connects the user's Gmail: an account in the fake (in process or over its control API) and
 * the GoogleAccount row holding its tokens, encrypted, as sign-in would leave them.
 */
export async function connectFakeGmailAccount(
	fake: {
		addAccount(input: {
			email: string
			scope?: string
		}): { accessToken: string; refreshToken: string } | Promise<{ accessToken: string; refreshToken: string }>
	},
	user: { id: string; email: string },
	{ scope = FULL_GMAIL_SCOPE, accessTokenExpiresAt = new Date(Date.now() + 3_600_000) } = {},
) {
	const tokens = await fake.addAccount({ email: user.email, scope })
	await prisma.googleAccount.create({
		data: {
			userId: user.id,
			googleId: `g-${randomUUID()}`,
			email: user.email.toLowerCase(),
			scope,
			accessTokenEncrypted: encrypt(tokens.accessToken),
			refreshTokenEncrypted: encrypt(tokens.refreshToken),
			accessTokenExpiresAt,
		},
	})
	return tokens
}
