import { type ActionFunctionArgs } from '@remix-run/node'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { tagCoverage } from '#app/models/tag/tag.server.ts'
import { contactFilterOfBulkBody } from '#app/schemas/contact-filter.ts'
import { TagCoverageSchema } from '#app/schemas/tag.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export function loader() {
	throw methodNotAllowed()
}

// POST { tagIds, contact_ids, search?, tags?, campaign?, list?, exclude_ids? } → { selectedCount, counts }:
// for the Add-tags dialog's visible page, how many of the selected contacts each tag holds.
// A POST because an id selection can be thousands of ids long.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, TagCoverageSchema)
	const coverage = await tagCoverage(actor.organizationId, body.tagIds, {
		selection: body.contact_ids,
		filter: contactFilterOfBulkBody(body),
		excludeIds: body.exclude_ids,
	})
	return Response.json(coverage)
}
