import { GoogleScopeError } from '#app/integrations/mail/transport.server.ts'
import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { type Actor } from './auth.server.ts'
import { apiError } from './api.server.ts'

const ERROR_CODES = {
	400: 'validation_error',
	404: 'not_found',
	409: 'conflict',
	422: 'unprocessable',
} as const

/**
 * The sequence API's answer to a refused change: a SequenceRuleError's status with
 * `{ error, message }`; a missing Google grant as 403 `{ error: 'GoogleScopeError', message }`,
 * which the client turns into the permissions dialog. Anything else is rethrown.
 */
export function sequenceErrorResponse(error: unknown): Response {
	if (error instanceof Response) return error
	if (error instanceof SequenceRuleError)
		return apiError(error.status, ERROR_CODES[error.status], error.message)
	if (error instanceof GoogleScopeError) return apiError(403, 'GoogleScopeError', error.message)
	throw error
}

/** Runs a model call, turning sequence rule and Google scope errors into API errors. */
export async function withSequenceErrors(run: () => Promise<Response>) {
	try {
		return await run()
	} catch (error) {
		return sequenceErrorResponse(error)
	}
}

/** The actor as the mailbox rules see them. */
export function mailboxOwner(actor: Actor) {
	return { organizationId: actor.organizationId, userId: actor.userId, email: actor.email, name: actor.name }
}
