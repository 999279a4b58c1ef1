import { type ActionFunctionArgs } from '@remix-run/node'
import { checkContactsBatch } from '#app/models/contact/contact.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CheckBatchSchema } from '#app/schemas/contact.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST { linkedinUrls: [] } → { results: [{ linkedin, saved, contactId, companyId, tagIds }] },
// one per address in order; addresses match whatever their scheme, "www." or trailing slash.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { linkedinUrls } = await parseJsonBody(request, CheckBatchSchema)
	return Response.json({ results: await checkContactsBatch(actor.organizationId, linkedinUrls) })
}
