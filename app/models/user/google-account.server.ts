import {
	hasGmailScopes,
	type GoogleProfile,
	type GoogleTokens,
} from '#app/integrations/google/google-grant.ts'
import { decrypt, encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { signInIdentity } from './sign-in.server.ts'

export class GoogleSignInError extends Error {
	name = 'GoogleSignInError'
}

/**
 * Signs a Google identity in: the user already linked to this Google account, or
 * the user with that email (created on the first sign-in, with their own
 * organization or the inviting one). Stores the tokens encrypted and flags the
 * user when Gmail access is missing, so the app asks for it again.
 */
export async function signInWithGoogle({
	profile,
	tokens,
}: {
	profile: GoogleProfile
	tokens: GoogleTokens
}) {
	if (!profile.googleId || !profile.email)
		throw new GoogleSignInError('Google did not return an account id and email')
	// An unverified address proves nothing about who owns it.
	if (!profile.emailVerified) throw new GoogleSignInError('The Google account email is not verified')

	// Google's id is stable when the address changes; the user it is linked to wins.
	const linked = await prisma.googleAccount.findUnique({
		where: { googleId: profile.googleId },
		select: { user: { select: { email: true } } },
	})
	const { userId, joined, created } = await signInIdentity({
		email: linked?.user.email ?? profile.email,
		name: profile.name,
		emailVerified: true,
		avatarUrl: profile.avatarUrl,
	})
	await saveGoogleAccount({ userId, profile, tokens })
	return { userId, joined, created, hasGmailAccess: hasGmailScopes(tokens.scope) }
}

async function saveGoogleAccount({
	userId,
	profile,
	tokens,
}: {
	userId: string
	profile: GoogleProfile
	tokens: GoogleTokens
}) {
	const accessTokenEncrypted = encrypt(tokens.accessToken)
	const refreshTokenEncrypted = tokens.refreshToken ? encrypt(tokens.refreshToken) : null
	const fields = {
		googleId: profile.googleId,
		email: profile.email.trim().toLowerCase(),
		scope: tokens.scope,
		accessTokenEncrypted,
		accessTokenExpiresAt: tokens.expiresAt ?? null,
	}
	await prisma.$transaction(async (tx) => {
		const current = await tx.googleAccount.findUnique({ where: { userId }, select: { googleId: true } })
		// A Google account belongs to one user: unlink it from anyone else first.
		await tx.googleAccount.deleteMany({ where: { googleId: profile.googleId, userId: { not: userId } } })
		const sameAccount = current?.googleId === profile.googleId
		await tx.googleAccount.upsert({
			where: { userId },
			create: { userId, ...fields, refreshTokenEncrypted },
			// Another Google account's refresh token must not survive a switch of accounts.
			update: { ...fields, ...(refreshTokenEncrypted || !sameAccount ? { refreshTokenEncrypted } : {}) },
		})
		await tx.user.update({
			where: { id: userId },
			data: { shouldResetGmailScope: !hasGmailScopes(tokens.scope) },
		})
	})
}

/** The user's Google tokens in clear, for the Gmail client; null when no Google account is linked. */
export async function getGoogleTokens(userId: string) {
	const account = await prisma.googleAccount.findUnique({
		where: { userId },
		select: {
			googleId: true,
			email: true,
			scope: true,
			accessTokenEncrypted: true,
			refreshTokenEncrypted: true,
			accessTokenExpiresAt: true,
		},
	})
	if (!account) return null
	return {
		googleId: account.googleId,
		email: account.email,
		scope: account.scope,
		accessToken: decrypt(account.accessTokenEncrypted),
		refreshToken: account.refreshTokenEncrypted ? decrypt(account.refreshTokenEncrypted) : null,
		expiresAt: account.accessTokenExpiresAt,
	}
}

/** After the Gmail client refreshed the access token (and maybe received a new refresh token). */
export async function updateGoogleTokens(
	userId: string,
	tokens: {
		accessToken: string
		refreshToken?: string | null
		expiresAt?: Date | null
		scope?: string | null
	},
) {
	await prisma.googleAccount.updateMany({
		where: { userId },
		data: {
			accessTokenEncrypted: encrypt(tokens.accessToken),
			...(tokens.refreshToken ? { refreshTokenEncrypted: encrypt(tokens.refreshToken) } : {}),
			...(tokens.expiresAt !== undefined ? { accessTokenExpiresAt: tokens.expiresAt } : {}),
			...(tokens.scope ? { scope: tokens.scope } : {}),
		},
	})
}

/** Google refused our refresh token or the scopes are gone: ask the user to grant Gmail access again. */
export async function flagGmailScopeReset(userId: string) {
	await prisma.user.update({ where: { id: userId }, data: { shouldResetGmailScope: true } })
}

/**
 * Whether the user granted Gmail (both scopes) and whether that grant is known to be broken
 * (revoked or refused since: the user must sign in again before Gmail works).
 */
export async function getGmailGrantState(userId: string) {
	const account = await prisma.googleAccount.findUnique({
		where: { userId },
		select: { scope: true, refreshTokenEncrypted: true, user: { select: { shouldResetGmailScope: true } } },
	})
	return {
		granted: Boolean(account && hasGmailScopes(account.scope)),
		hasRefreshToken: Boolean(account?.refreshTokenEncrypted),
		needsReset: account?.user.shouldResetGmailScope ?? false,
	}
}
