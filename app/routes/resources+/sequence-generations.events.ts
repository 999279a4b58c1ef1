import { type LoaderFunctionArgs } from '@remix-run/node'
import { createGenerationEventStream } from '#app/models/assistant/generation-events.server.ts'
import { findGenerationRunId } from '#app/models/assistant/generation-run-progress.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError } from '#app/utils/api.server.ts'

// GET ?run=<id>: Server-Sent Events of the organization's sequence generations ("Generating N%"),
// or of one Generate Sequences run with its figures. Fed by LISTEN/NOTIFY.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const runId = new URL(request.url).searchParams.get('run') || undefined
	if (runId) {
		if (!(await findGenerationRunId(actor.organizationId, runId)))
			throw apiError(404, 'not_found', 'Generation not found')
	}
	return createGenerationEventStream({ organizationId: actor.organizationId, runId, signal: request.signal })
}
