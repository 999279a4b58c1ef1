import { type GoogleScopeError } from '#app/integrations/mail/transport.server.ts'
import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { type Intent } from '#app/schemas/sequence-drawer.ts'
import { SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { type ToastInput } from '#app/utils/toast.server.ts'

// What every handler of the sequence drawer's action gets and gives back (the dispatcher,
// __sequence-drawer.server.ts, turns an outcome into the answer a fetcher or a plain form expects).

export type DrawerContext = {
	organizationId: string
	userId: string
	email: string
	sequenceId: string
	fetcherMode: boolean
}

/** The handler of one drawer intent. */
export type DrawerHandler<Name extends Intent['intent']> = (
	intent: Extract<Intent, { intent: Name }>,
	context: DrawerContext,
) => Promise<Outcome>

export type Outcome = {
	ok: boolean
	/** A flash toast (success) or, for fetchers, the refusal's toast in the answer. */
	toast?: ToastInput & { title: string }
	status?: number
	/** The change closes the drawer (activated, sequence deleted). */
	closes?: boolean
	error?: string
	message?: string
	sequenceDeleted?: boolean
	/** Go to this page instead, with or without JavaScript (the pre-flight check's problems). */
	redirectTo?: string
	/** Without JavaScript: come back to the drawer with these parameters (a confirmation). */
	returnParams?: Record<string, string>
}

export function success(title: string, extra: Partial<Outcome> = {}): Outcome {
	return { ok: true, toast: { type: 'success', title }, ...extra }
}

/** A rule's refusal as the spec's toast (with the rule's reason); anything else is a real error. */
export function failure(title: string, error: unknown): Outcome {
	if (error instanceof SequenceRuleError) {
		return {
			ok: false,
			status: error.status,
			message: error.message,
			toast: { type: 'error', title, description: error.message },
		}
	}
	throw error
}

export function invalid(title: string, description?: string): Outcome {
	return {
		ok: false,
		status: 400,
		message: description ?? title,
		toast: { type: 'error', title, description },
	}
}

export function notFound(title: string): Outcome {
	return { ...invalid(title, SEQUENCE_MESSAGES.sequenceNotFound), status: 404 }
}

/** Gmail access must be granted again: the client opens the permissions dialog (no toast); a plain form shows the same request on the page. */
export function googlePermissionNeeded(error: GoogleScopeError): Outcome {
	return {
		ok: false,
		status: 403,
		error: 'GoogleScopeError',
		message: error.message,
		returnParams: { permissions: 'google' },
	}
}
