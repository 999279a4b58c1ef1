import { type ActionFunctionArgs } from '@remix-run/node'
import { analyzeCsvForRolePrompt } from '#app/models/lead-import/extract/analyze-csv-for-role-prompt.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { AnalyzeCsvSchema } from '#app/schemas/lead-import.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST { content } (a CSV's text) → { hasRolePrompt }: whether a column says whom to look for
// ("Looking for", "Role prompt", or values that read like it), so the dialog can skip its field.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	await requireApiActor(request)
	const { content } = await parseJsonBody(request, AnalyzeCsvSchema)
	return Response.json({ hasRolePrompt: analyzeCsvForRolePrompt(content) })
}
