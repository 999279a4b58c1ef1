import { type Actor, requireActor, requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError } from '#app/utils/api.server.ts'

export const ADMIN_ONLY_MESSAGE = 'Only platform administrators can open the admin area'

/** For the admin pages: sign in first, then 403 for anyone who is not a platform administrator. */
export async function requirePlatformAdmin(request: Request): Promise<Actor> {
	const actor = await requireActor(request)
	if (!actor.isPlatformAdmin) throw new Response(ADMIN_ONLY_MESSAGE, { status: 403 })
	return actor
}

/** For the admin API: 401 without a session, `403 { error, message }` for everyone but administrators. */
export async function requireApiPlatformAdmin(request: Request): Promise<Actor> {
	const actor = await requireApiActor(request)
	if (!actor.isPlatformAdmin) throw apiError(403, 'forbidden', ADMIN_ONLY_MESSAGE)
	return actor
}
