import { prisma } from '#app/utils/db.server.ts'

/**
 * Revokes one of the user's own tokens in their organization; false when there is no such active
 * token (another user's or organization's id changes nothing). Takes effect on the next request.
 */
export async function revokeApiToken({
	organizationId,
	userId,
	tokenId,
}: {
	organizationId: string
	userId: string
	tokenId: string
}) {
	const { count } = await prisma.apiToken.updateMany({
		where: { id: tokenId, organizationId, userId, revokedAt: null },
		data: { revokedAt: new Date() },
	})
	return count === 1
}
