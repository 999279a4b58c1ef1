import { type ActionFunctionArgs } from '@remix-run/node'
import { reportLinkedInAction } from '#app/models/linkedin/report-linkedin-action.server.ts'
import { requireCompanionUser } from '#app/models/linkedin/require-companion-user.server.ts'
import { LinkedInActionReportSchema } from '#app/schemas/linkedin-action.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// POST (companion, bearer token): what LinkedIn answered to a claimed action. `accepted: false`
// when the claim is no longer the companion's (its lease expired), so it must not act on it again.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const userId = await requireCompanionUser(request)
	const report = await parseJsonBody(request, LinkedInActionReportSchema)
	return Response.json(await reportLinkedInAction({ actionId: params.actionId ?? '', userId, report }))
}
