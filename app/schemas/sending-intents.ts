import { type SubmissionResult } from '@conform-to/react'

/** Every form on /settings/sending posts to its action with one of these `intent` values. */
export const SENDING_INTENTS = {
	updateSendWindow: 'update-send-window',
	addServer: 'add-smtp-server',
	updateServer: 'update-smtp-server',
	setDefaultServer: 'set-default-smtp-server',
	deleteServer: 'delete-smtp-server',
	addSender: 'add-sender',
	resendVerification: 'resend-verification',
	deleteSender: 'delete-sender',
	saveImap: 'save-imap',
	removeImap: 'remove-imap',
	updateLimits: 'update-mailbox-limits',
	updateTrackingDomain: 'update-tracking-domain',
} as const

export type SendingIntent = (typeof SENDING_INTENTS)[keyof typeof SENDING_INTENTS]

/** What the action returns when it does not redirect: which form failed (and which row) and Conform's reply. */
export type SendingActionData = {
	intent: SendingIntent | null
	targetId: string | null
	result: SubmissionResult<string[]> | null
}

export function parseSendingIntent(value: FormDataEntryValue | null): SendingIntent | null {
	return Object.values(SENDING_INTENTS).find((intent) => intent === value) ?? null
}
