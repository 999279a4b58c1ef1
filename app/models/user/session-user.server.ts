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

/** The session in the spec's shape; null when it is missing, revoked or expired. */
export async function getSessionUser(sessionId: string): Promise<SessionUser | null> {
	const session = await prisma.session.findFirst({
		where: { id: sessionId, revokedAt: null, expiresAt: { gt: new Date() } },
		select: {
			id: true,
			user: {
				select: {
					id: true,
					name: true,
					email: true,
					shouldResetGmailScope: true,
					linkedinUsername: true,
					linkedinOrgConsent: true,
					linkedinConnectedAt: true,
					linkedinAuthEncrypted: true,
					featureFlags: { select: { key: true, value: true }, orderBy: { key: 'asc' } },
				},
			},
		},
	})
	if (!session) return null
	const { linkedinConnectedAt, linkedinAuthEncrypted, ...user } = session.user
	return {
		id: session.id,
		user: { ...user, linkedinConnected: Boolean(linkedinConnectedAt && linkedinAuthEncrypted) },
	}
}
