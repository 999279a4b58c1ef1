import { type SubmissionResult } from '@conform-to/react'
import { type MemberChangeFailure } from '#app/models/organization/members.server.ts'

// Shared by the settings pages' actions (settings.tsx, settings_.sending.tsx).

export const FORBIDDEN_MESSAGE = 'Only owners and admins can change organization settings'

/** The first of Conform's errors, for a toast when the form does not show it. */
export function firstError(result: SubmissionResult<string[]>) {
	return Object.values(result.error ?? {}).flatMap((errors) => errors ?? [])[0]
}

export function memberFailureStatus(reason: MemberChangeFailure) {
	if (reason === 'not_found') return 404
	if (reason === 'forbidden' || reason === 'owner_only') return 403
	return 400
}
