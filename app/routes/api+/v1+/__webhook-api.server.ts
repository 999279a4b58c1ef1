import { WebhookError } from '#app/models/webhook/webhook-endpoints.server.ts'
import { apiError } from '#app/utils/api.server.ts'

// The webhook API's shared answers (decision 042): an endpoint as JSON, and its refusals.

export const WEBHOOK_NOT_FOUND = 'Webhook not found'

export function webhookNotFound() {
	return apiError(404, 'not_found', WEBHOOK_NOT_FOUND)
}

/** A refusal of the model (private address, refused port, duplicate URL, too many) as `{ error, message }`. */
export async function withWebhookErrors(run: () => Promise<Response>) {
	try {
		return await run()
	} catch (error) {
		if (!(error instanceof WebhookError)) throw error
		return apiError(error.status, error.status === 409 ? 'conflict' : 'validation_error', error.message)
	}
}
