import { randomUUID } from 'node:crypto'
import { encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { FULL_GMAIL_SCOPE, startFakeGmail, type FakeGmail } from './gmail-server.ts'

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

/**
 * A fake Gmail for the calling test file: started before all its tests with googleapis pointed at
 * it, emptied before each test (unless `resetEachTest` is false), closed after all. The returned
 * object stands for the started fake.
 */
export function setupFakeGmail({ resetEachTest = true } = {}): FakeGmail {
	let started: FakeGmail | undefined
	beforeAll(async () => {
		started = await startFakeGmail()
		useFakeGmailEnv(started.env)
	})
	afterAll(async () => {
		await started?.close()
	})
	if (resetEachTest) beforeEach(() => started?.reset())
	return new Proxy({} as FakeGmail, {
		get(_, key) {
			if (!started) throw new Error('The fake Gmail starts in beforeAll')
			const value: unknown = Reflect.get(started, key)
			return typeof value === 'function' ? value.bind(started) : value
		},
	})
}
