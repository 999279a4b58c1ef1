import { prisma } from '#app/utils/db.server.ts'

/** The spec's session: its id and the signed-in user (GET /api/v1/auth/user, POST /api/v1/auth/login). */
export type SessionUser = {
	id: string
	user: {
		id: string
		name: string
		email: string
		featureFlags: Array<{ key: string; value: string }>
		shouldResetGmailScope: boolean
		linkedinUsername: string | null
		linkedinOrgConsent: boolean
		/** The Chrome companion has handed over a LinkedIn session (its secrets stay on the server). */
		linkedinConnected: boolean
	}
}

const USER_SELECT = {
	id: true,
	name: true,
	email: true,
	shouldResetGmailScope: true,
	linkedinUsername: true,
	linkedinOrgConsent: true,
	linkedinConnectedAt: true,
	linkedinAuthEncrypted: true,
	featureFlags: { select: { key: true, value: true }, orderBy: { key: 'asc' } },
} as const

/** The session in the spec's shape; null when it is missing, revoked or expired. */
export async function getSessionUser(sessionId: string): Promise<SessionUser | null> {
	const session = await prisma.session.findFirst({
		where: { id: sessionId, revokedAt: null, expiresAt: { gt: new Date() } },
		select: { id: true, user: { select: USER_SELECT } },
	})
	return session ? sessionUserOf(session.id, session.user) : null
}

/**
 * The same shape for a personal access token (decision 041): `id` is the token's id, since a
 * token has no session. The caller has authenticated the token.
 */
export async function getApiTokenUser(tokenId: string, userId: string): Promise<SessionUser | null> {
	const user = await prisma.user.findUnique({ where: { id: userId }, select: USER_SELECT })
	return user ? sessionUserOf(tokenId, user) : null
}

function sessionUserOf(
	id: string,
	{
		linkedinConnectedAt,
		linkedinAuthEncrypted,
		...user
	}: Omit<SessionUser['user'], 'linkedinConnected'> & {
		linkedinConnectedAt: Date | null
		linkedinAuthEncrypted: string | null
	},
): SessionUser {
	return { id, user: { ...user, linkedinConnected: Boolean(linkedinConnectedAt && linkedinAuthEncrypted) } }
}
