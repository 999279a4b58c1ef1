import { type SubmissionResult } from '@conform-to/react'

/** Every form on the settings page posts to its action with one of these `intent` values. */
export const INTENTS = {
	updateSettings: 'update-settings',
	addDocument: 'add-document',
	deleteDocument: 'delete-document',
	changeRole: 'change-role',
	removeUser: 'remove-user',
	invite: 'invite',
	cancelInvite: 'cancel-invite',
	resendInvite: 'resend-invite',
} as const

export type Intent = (typeof INTENTS)[keyof typeof INTENTS]

/** What the action returns when it does not redirect: the failed form's intent and Conform's reply. */
export type SettingsActionData = { intent: Intent | null; result: SubmissionResult<string[]> | null }

export function parseIntent(value: FormDataEntryValue | null): Intent | null {
	return Object.values(INTENTS).find((intent) => intent === value) ?? null
}
