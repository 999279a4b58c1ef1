import { type Actor } from '#app/models/session/auth.server.ts'
import { LIST_ADD_FORBIDDEN, LIST_CREATE_FORBIDDEN } from '#app/schemas/list.ts'

// The spec: creating lists and adding contacts to lists is for administrators only
// (a verified email on one of the administrators' domains: actor.isPlatformAdmin).

export function canManageLists(actor: Pick<Actor, 'isPlatformAdmin'>) {
	return actor.isPlatformAdmin
}

/** The message for a non-administrator attempting the action, or null when allowed. */
export function listPermissionError(actor: Pick<Actor, 'isPlatformAdmin'>, action: 'create' | 'add') {
	if (canManageLists(actor)) return null
	return action === 'create' ? LIST_CREATE_FORBIDDEN : LIST_ADD_FORBIDDEN
}
