import { type ApiTokenScopeName, API_TOKENS_PER_USER_MAX } from '#app/schemas/api-token.ts'
import { prisma } from '#app/utils/db.server.ts'
import { newApiTokenSecret } from './api-token-secret.server.ts'

export class ApiTokenLimitError extends Error {}

/**
 * A new personal access token for the user in their organization. The returned `token` is the
 * only copy: the row keeps its hash, so the caller shows it once and forgets it.
 */
export async function createApiToken({
	organizationId,
	userId,
	name,
	scope,
}: {
	organizationId: string
	userId: string
	name: string
	scope: ApiTokenScopeName
}) {
	const active = await prisma.apiToken.count({ where: { organizationId, userId, revokedAt: null } })
	if (active >= API_TOKENS_PER_USER_MAX) throw new ApiTokenLimitError()
	const { token, tokenHash, displayPrefix } = newApiTokenSecret()
	const row = await prisma.apiToken.create({
		data: { organizationId, userId, name, scope, tokenHash, displayPrefix },
		select: { id: true, name: true, scope: true, displayPrefix: true, createdAt: true },
	})
	return { ...row, token }
}
