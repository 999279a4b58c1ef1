import { useActionData, useNavigation } from '@remix-run/react'
import { type SendingActionData, type SendingIntent } from '#app/schemas/sending-intents.ts'

/** The action's reply for this form (and row), if the last submission was it. */
export function useSendingResult(intent: SendingIntent, targetId: string | null = null) {
	const actionData = useActionData() as SendingActionData | undefined
	return actionData?.intent === intent && actionData.targetId === targetId ? actionData.result : undefined
}

export function useSendingSubmitting(intent: SendingIntent, field?: { name: string; value: string }) {
	const navigation = useNavigation()
	if (navigation.state === 'idle' || navigation.formData?.get('intent') !== intent) return false
	return field ? navigation.formData.get(field.name) === field.value : true
}
