import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { getSettingsForApi, saveSettingsFromApi } from '#app/models/organization/settings.server.ts'
import { requireApiActor, requireOrganizationManager } from '#app/models/session/auth.server.ts'
import { ApiSettingsBodySchema } from '#app/schemas/organization.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// GET: the organization's settings, users and documents (also what the assistant reads).
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const settings = await getSettingsForApi(actor.organizationId)
	if (!settings) throw apiError(404, 'not_found', 'Organization not found')
	return Response.json(settings)
}

// POST: settings plus a documents list; a given list replaces the organization's documents.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	requireOrganizationManager(actor)
	const body = await parseJsonBody(request, ApiSettingsBodySchema)
	const result = await saveSettingsFromApi(actor.organizationId, body)
	if (!result.ok) return apiError(404, 'not_found', `Document ${result.documentId} not found`)
	return Response.json(await getSettingsForApi(actor.organizationId))
}
