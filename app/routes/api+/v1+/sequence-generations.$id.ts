import { type LoaderFunctionArgs } from '@remix-run/node'
import {
	getGenerationRun,
	listGenerationRunSequences,
} from '#app/models/assistant/generation-run-progress.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { generationRunPage } from '#app/schemas/assistant.ts'
import { SEQUENCE_STATUSES, type SequenceStatus } from '#app/schemas/sequence.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

// GET ?page=&status= → { data: run with counts, sequences: one page (100) }.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const run = await getGenerationRun(actor.organizationId, params.id ?? '')
	if (!run) return apiError(404, 'not_found', 'Generation not found')
	const url = new URL(request.url)
	const page = generationRunPage(url.searchParams)
	const status = url.searchParams.get('status')?.toUpperCase()
	const sequences = await listGenerationRunSequences(actor.organizationId, run.id, {
		page,
		status: SEQUENCE_STATUSES.find((known) => known === status) as SequenceStatus | undefined,
	})
	return Response.json({ data: run, sequences, page })
}

export const action = methodNotAllowed
