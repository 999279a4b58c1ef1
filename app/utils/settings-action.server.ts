import { type SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { type Intent, type SettingsActionData } from '#app/components/settings/settings-intents.ts'
import { type MemberChangeFailure } from '#app/models/organization/members.server.ts'
import { dataWithToast } from '#app/utils/toast.server.ts'

export const FORBIDDEN_MESSAGE = 'Only owners and admins can change organization settings'

/** A failed settings action: the form's errors for Conform, and a toast when the form cannot show them. */
export function settingsReply(
	intent: Intent | null,
	result: SubmissionResult<string[]> | null,
	status: number,
	toast?: string,
) {
	const body: SettingsActionData = { intent, result }
	if (toast) return dataWithToast(body, { type: 'error', title: toast }, { status })
	return data(body, { status })
}

export function firstError(result: SubmissionResult<string[]>) {
	return Object.values(result.error ?? {}).flatMap((errors) => errors ?? [])[0]
}

export function memberFailureStatus(reason: MemberChangeFailure) {
	if (reason === 'not_found') return 404
	if (reason === 'forbidden' || reason === 'owner_only') return 403
	return 400
}
