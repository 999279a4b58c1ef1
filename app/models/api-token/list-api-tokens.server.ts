import { prisma } from '#app/utils/db.server.ts'

/** Newest first; revoked tokens stay listed (marked) so their last use can still be read. */
const LISTED_MAX = 100

/** The user's own tokens in their organization (never the hash). */
export async function listApiTokens({ organizationId, userId }: { organizationId: string; userId: string }) {
	return prisma.apiToken.findMany({
		where: { organizationId, userId },
		select: {
			id: true,
			name: true,
			scope: true,
			displayPrefix: true,
			lastUsedAt: true,
			revokedAt: true,
			createdAt: true,
		},
		orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }],
		take: LISTED_MAX,
	})
}
