import {
	ContactSearchInputError,
	startContactSearch,
} from '#app/models/contact-search/start-contact-search.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { type ContactSearchMode } from '#app/schemas/contact-search.ts'

// API v2 (issue 15): `{ success: true, data }` on success and `{ success: false, error, message }`
// with a 4xx on failure, the spec's shape for the contact search calls (the client reads `success`
// and shows `error`/`message`). Shared by the single and bulk start routes.

export function v2Error(status: number, error: string, message: string) {
	return Response.json({ success: false, error, message }, { status })
}

export async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false }> {
	try {
		const text = await request.text()
		return { ok: true, body: text ? JSON.parse(text) : {} }
	} catch {
		return { ok: false }
	}
}

/** POST → 202 `{ success, data: { queueableId, totalCompanies, estimatedTime } }`; follow it at GET /api/v1/queueables/:id. */
export async function startSearchAction(request: Request, mode: ContactSearchMode) {
	if (request.method !== 'POST') return v2Error(405, 'method_not_allowed', 'Method not allowed')
	const actor = await requireApiActor(request)
	const json = await readJson(request)
	if (!json.ok) return v2Error(400, 'invalid_json', 'Request body must be valid JSON')
	try {
		const data = await startContactSearch(actor, { mode, input: json.body })
		return Response.json({ success: true, data }, { status: 202 })
	} catch (error) {
		if (error instanceof ContactSearchInputError) return v2Error(error.status, error.code, error.message)
		throw error
	}
}
