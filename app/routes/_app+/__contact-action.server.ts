import { type SubmissionResult } from '@conform-to/react'
import { type ContactFailure } from '#app/models/contact/contact.server.ts'
import { type ContactActionData } from '#app/schemas/contact.ts'
import { actionFailure } from '#app/utils/intent-action.server.ts'

/**
 * The Add and Edit Contact actions' answer when the model refuses (a duplicate email, another
 * organization's company or tag): the message on its field, or on the form. No toast: the form
 * shows the message where it belongs, and a second, vaguer one ("An error occurred") beside it
 * only made the user wonder whether two things went wrong (decision 045).
 */
export function contactFailureResponse(
	submission: {
		reply: (options: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult
	},
	failure: ContactFailure,
) {
	return actionFailure<ContactActionData>(
		{
			result: submission.reply(
				failure.field
					? { fieldErrors: { [failure.field]: [failure.message] } }
					: { formErrors: [failure.message] },
			),
		},
		failure.status,
	)
}
