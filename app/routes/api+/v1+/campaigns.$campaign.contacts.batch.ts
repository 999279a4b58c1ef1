import { type ActionFunctionArgs } from '@remix-run/node'
import { addContactsToCampaign } from '#app/models/campaign/campaign-contacts.server.ts'
import { findCampaign } from '#app/models/campaign/campaign.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { AddContactsToCampaignSchema } from '#app/schemas/campaign.ts'
import { contactFilterOfBulkBody } from '#app/schemas/contact-filter.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST { contact_ids: [ids] | 'all', search?, tags?, campaign?, list?, exclude_ids? }
// → { added, skipped: [{ id, reason }], skippedCount }. Contacts failing the campaign's channel
// rules are skipped (with reasons for a list of ids; counted for 'all').
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const campaign = await findCampaign(actor.organizationId, params.campaign ?? '')
	if (!campaign) return apiError(404, 'not_found', 'Campaign not found')
	const body = await parseJsonBody(request, AddContactsToCampaignSchema)
	const result = await addContactsToCampaign(
		actor.organizationId,
		campaign,
		body.contact_ids,
		contactFilterOfBulkBody(body),
		body.exclude_ids,
	)
	return Response.json(result)
}
