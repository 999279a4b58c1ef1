import { apiError } from '#app/utils/api.server.ts'
import { userIdForCompanionToken } from './linkedin-account.server.ts'

/**
 * The user whose Chrome companion calls: `Authorization: Bearer <token>` (issued by
 * POST /api/v1/linkedin/companion-token to the signed-in page, which hands it to the extension).
 * The companion's routes take no session cookie, so no other site can make a browser call them.
 */
export async function requireCompanionUser(request: Request) {
	const header = request.headers.get('authorization') ?? ''
	const match = /^Bearer\s+(\S+)$/i.exec(header)
	const userId = match ? await userIdForCompanionToken(match[1]!) : null
	if (!userId) throw apiError(401, 'unauthorized', 'The companion token is missing or no longer valid')
	return userId
}
