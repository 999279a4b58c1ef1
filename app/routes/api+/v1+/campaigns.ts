import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { createCampaign, listCampaigns } from '#app/models/campaign/campaign.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CreateCampaignApiSchema } from '#app/schemas/campaign.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// GET: the organization's campaigns, newest first, with their contact counts.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const campaigns = await listCampaigns(actor.organizationId)
	return Response.json({ data: campaigns })
}

// POST { name, channels? (EMAIL and/or LINKEDIN, default EMAIL) } → 201 { id, name, channels, status, createdAt }.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const input = await parseJsonBody(request, CreateCampaignApiSchema)
	const campaign = await createCampaign(actor.organizationId, actor.userId, input)
	return Response.json(campaign, { status: 201 })
}
