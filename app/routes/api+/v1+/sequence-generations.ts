import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { GenerationRequestError } from '#app/models/assistant/generate-sequence.server.ts'
import { listGenerationRuns } from '#app/models/assistant/generation-run-progress.server.ts'
import { startGenerationRun } from '#app/models/assistant/generation-run.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { StartGenerationRunBodySchema } from '#app/schemas/assistant.ts'
import { contactFilterOfBulkBody } from '#app/schemas/contact-filter.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const GENERATION_RUN_STARTED_MESSAGE = 'Your sequences are being generated. Give them a moment.'

// GET: the organization's recent Generate Sequences runs with their figures.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	return Response.json({ data: await listGenerationRuns(actor.organizationId) })
}

// POST { campaignId } | { contactIds: [ids] | 'all', search?, tags?, campaign?, list?, exclude_ids? },
// with emailAddressId, prompt, orgPrompt, linkedin, phoneCall → 202 { data: { id, name, total, skipped } }.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, StartGenerationRunBodySchema)
	const { prompt, orgPrompt, linkedin, phoneCall, emailAddressId } = body
	try {
		const run = await startGenerationRun({
			actor,
			target: body.campaignId
				? { campaignId: body.campaignId }
				: {
						selection: body.contactIds ?? [],
						filter: contactFilterOfBulkBody(body),
						excludeIds: body.exclude_ids,
					},
			emailAddressId,
			options: { prompt, orgPrompt, linkedin, phoneCall },
		})
		return Response.json({ data: run, message: GENERATION_RUN_STARTED_MESSAGE }, { status: 202 })
	} catch (error) {
		if (error instanceof GenerationRequestError)
			return apiError(error.status, error.status === 404 ? 'not_found' : 'validation_error', error.message)
		throw error
	}
}
