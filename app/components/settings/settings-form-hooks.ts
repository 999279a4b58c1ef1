import { useActionData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { type Intent, type SettingsActionData } from '#app/schemas/settings-intents.ts'

/** The action's reply for this form, if the last submission was this form's. */
export function useLastResult(intent: Intent) {
	const actionData = useActionData() as SettingsActionData | undefined
	return actionData?.intent === intent ? actionData.result : undefined
}

export function useIsSubmitting(intent: Intent, match?: { name: string; value: string }) {
	const navigation = useNavigation()
	if (navigation.state === 'idle' || navigation.formData?.get('intent') !== intent) return false
	return match ? navigation.formData.get(match.name) === match.value : true
}

/**
 * Clears a form after its submission ended in a redirect (success): the action
 * then leaves no data, whereas a failure returns the errors to show.
 */
export function useResetAfterSuccess(formRef: React.RefObject<HTMLFormElement | null>, intent: Intent) {
	const navigation = useNavigation()
	const actionData = useActionData()
	const submitted = useRef(false)
	useEffect(() => {
		if (navigation.state === 'submitting' && navigation.formData?.get('intent') === intent) {
			submitted.current = true
		} else if (navigation.state === 'idle' && submitted.current) {
			submitted.current = false
			if (!actionData) formRef.current?.reset()
		}
	}, [navigation.state, navigation.formData, intent, actionData, formRef])
}
