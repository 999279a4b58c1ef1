import { prisma } from '#app/utils/db.server.ts'
import { hashApiToken, looksLikeApiToken } from './api-token-secret.server.ts'

/** `lastUsedAt` is written at most this often per token, so a busy script does not write per request. */
const LAST_USED_RESOLUTION_MS = 60_000

/**
 * The user, organization and role a bearer token acts as; null when the token is malformed,
 * unknown, revoked, or its user is no longer a member of the token's organization (a user who
 * moved to another organization leaves their tokens behind, unusable).
 */
export async function authenticateApiToken(token: string) {
	if (!looksLikeApiToken(token)) return null
	const row = await prisma.apiToken.findUnique({
		where: { tokenHash: hashApiToken(token) },
		select: {
			id: true,
			scope: true,
			organizationId: true,
			revokedAt: true,
			lastUsedAt: true,
			user: {
				select: { id: true, email: true, name: true, emailVerified: true, memberships: { select: { organizationId: true, role: true } } },
			},
		},
	})
	if (!row || row.revokedAt) return null
	const membership = row.user.memberships.find((m) => m.organizationId === row.organizationId)
	if (!membership) return null
	await noteUse(row.id, row.lastUsedAt)
	return {
		tokenId: row.id,
		scope: row.scope,
		organizationId: row.organizationId,
		role: membership.role,
		user: { id: row.user.id, email: row.user.email, name: row.user.name, emailVerified: row.user.emailVerified },
	}
}

async function noteUse(tokenId: string, lastUsedAt: Date | null) {
	const now = Date.now()
	if (lastUsedAt && now - lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return
	await prisma.apiToken.updateMany({
		where: {
			id: tokenId,
			OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - LAST_USED_RESOLUTION_MS) } }],
		},
		data: { lastUsedAt: new Date(now) },
	})
}

/**
 * For the rate limits (server/guards/rate-limits.ts), before the route runs: the token's hash and
 * organization when it is active, so a token spends its own and its organization's budgets as a
 * session does. Null for anything else (the route will answer 401). Records no use.
 */
export async function apiTokenSigner(token: string) {
	if (!looksLikeApiToken(token)) return null
	const tokenHash = hashApiToken(token)
	const row = await prisma.apiToken.findUnique({
		where: { tokenHash },
		select: { organizationId: true, revokedAt: true },
	})
	if (!row || row.revokedAt) return null
	return { tokenHash, organizationId: row.organizationId }
}
