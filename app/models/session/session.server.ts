import { prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { newSessionToken, sessionIdOf } from '#app/utils/session-token.server.ts'

/** A new session; its `token` goes in the cookie and nowhere else (the row keeps its hash as id). */
export async function createSession({ userId, userAgent }: { userId: string; userAgent?: string | null }) {
	const maxAgeMs = getEnv().SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000
	const token = newSessionToken()
	const session = await prisma.session.create({
		data: {
			id: sessionIdOf(token),
			userId,
			userAgent: userAgent?.slice(0, 500) ?? null,
			expiresAt: new Date(Date.now() + maxAgeMs),
		},
		select: { id: true, expiresAt: true },
	})
	return { ...session, token }
}

/** A session that exists, is not revoked and has not expired, with its user and organization. */
export async function findActiveSession(sessionId: string) {
	const session = await prisma.session.findUnique({
		where: { id: sessionId },
		select: {
			id: true,
			expiresAt: true,
			revokedAt: true,
			user: {
				select: {
					id: true,
					email: true,
					name: true,
					emailVerified: true,
					memberships: {
						select: { role: true, organizationId: true },
						orderBy: { createdAt: 'asc' },
						take: 1,
					},
				},
			},
		},
	})
	if (!session || session.revokedAt || session.expiresAt <= new Date()) return null
	return session
}

export async function revokeSession(sessionId: string) {
	await prisma.session.updateMany({
		where: { id: sessionId, revokedAt: null },
		data: { revokedAt: new Date() },
	})
}

export async function revokeAllSessionsOfUser(userId: string) {
	await prisma.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } })
}

/** Nightly cleanup (jobs/tasks/auth/cleanup-expired-sessions.ts). */
export async function deleteExpiredSessions(now = new Date()) {
	const { count } = await prisma.session.deleteMany({
		where: { OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: new Date(now.getTime() - 7 * 864e5) } }] },
	})
	return count
}
