import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { recordContactSearchSignals } from '#app/models/contact-search/contact-search-signals.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { readJson, v2Error } from './__contact-search-api.server.ts'

const SignalsSchema = z.object({
	accepted: z.array(z.string().min(1).max(100)).max(2_000).default([]),
	rejected: z.array(z.string().min(1).max(100)).max(2_000).default([]),
})

export const loader = () => v2Error(405, 'method_not_allowed', 'Method not allowed')

// POST { accepted: resultIds[], rejected: resultIds[] } → 200 { success, data: { accepted, rejected, ignored } }:
// what the user imported and deselected from a search's results (decision 037). Another organization's search: 404.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return v2Error(405, 'method_not_allowed', 'Method not allowed')
	const actor = await requireApiActor(request)
	const json = await readJson(request)
	if (!json.ok) return v2Error(400, 'invalid_json', 'Request body must be valid JSON')
	const parsed = SignalsSchema.safeParse(json.body)
	if (!parsed.success)
		return v2Error(400, 'validation_error', parsed.error.issues[0]?.message ?? 'Invalid request body')
	const recorded = await recordContactSearchSignals(actor, params.queueableId ?? '', parsed.data)
	if (!recorded) return v2Error(404, 'not_found', 'Contact search not found')
	return Response.json({ success: true, data: recorded })
}
