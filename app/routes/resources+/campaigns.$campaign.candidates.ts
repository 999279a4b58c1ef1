import { type LoaderFunctionArgs } from '@remix-run/node'
import { listCampaignCandidates } from '#app/models/campaign/campaign-contacts.server.ts'
import { findCampaign } from '#app/models/campaign/campaign.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CONTACTS_PAGE_SIZE, contactFilterFromSearchParams } from '#app/schemas/contact-filter.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'
import { takeSkipFromSearchParams } from '#app/utils/pagination.ts'

export const action = methodNotAllowed

// GET ?search&tags&sortBy&sortDirection&take&skip → { data, meta: { total } }: the Add Contacts
// dialog's rows, each with `added` (already in the campaign) and `ineligibleReason` (channel rules).
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const campaign = await findCampaign(actor.organizationId, params.campaign ?? '')
	if (!campaign) return apiError(404, 'not_found', 'Campaign not found')
	const url = new URL(request.url)
	const page = takeSkipFromSearchParams(url.searchParams, CONTACTS_PAGE_SIZE)
	const filter = contactFilterFromSearchParams(url.searchParams)
	const { data, total } = await listCampaignCandidates(actor.organizationId, campaign, filter, page)
	return Response.json({ data, meta: { total, take: page.take, skip: page.skip } })
}
