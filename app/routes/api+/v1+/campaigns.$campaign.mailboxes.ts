import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
	CampaignMailboxesError,
	getCampaignMailboxes,
	setCampaignMailboxes,
} from '#app/models/campaign/campaign-mailboxes.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CampaignMailboxesSchema } from '#app/schemas/campaign.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// GET → { data: [{ id, address, selected, capToday, sentToday, waiting, room }] }: the mailboxes
// this member may send from, which ones the campaign rotates across, and today's room of each.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const mailboxes = await getCampaignMailboxes(actor, params.campaign ?? '')
	if (!mailboxes) return apiError(404, 'not_found', 'Campaign not found')
	return Response.json({ data: mailboxes })
}

// PUT { mailboxIds: [ids] } → the same list: the campaign's sending mailboxes, replaced (decision 053).
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'PUT') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { mailboxIds } = await parseJsonBody(request, CampaignMailboxesSchema)
	try {
		await setCampaignMailboxes(actor, params.campaign ?? '', mailboxIds)
	} catch (error) {
		if (!(error instanceof CampaignMailboxesError)) throw error
		return apiError(error.status, error.status === 404 ? 'not_found' : 'validation_error', error.message)
	}
	return Response.json({ data: await getCampaignMailboxes(actor, params.campaign ?? '') })
}
