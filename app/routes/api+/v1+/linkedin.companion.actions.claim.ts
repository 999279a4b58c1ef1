import { type ActionFunctionArgs } from '@remix-run/node'
import { claimLinkedInAction } from '#app/models/linkedin/claim-linkedin-action.server.ts'
import { requireCompanionUser } from '#app/models/linkedin/require-companion-user.server.ts'
import { methodNotAllowed } from '#app/utils/api.server.ts'

// POST (companion, bearer token): the account's next due LinkedIn action, claimed for the
// companion, or why there is none and when to ask again (app/schemas/linkedin-action.ts).
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const userId = await requireCompanionUser(request)
	return Response.json(await claimLinkedInAction({ userId, executor: 'COMPANION' }))
}
