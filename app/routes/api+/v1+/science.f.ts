import { type ActionFunctionArgs } from '@remix-run/node'
import { createFeedback } from '#app/models/feedback/feedback.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { FeedbackSchema } from '#app/schemas/feedback.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export async function loader() {
	return methodNotAllowed()
}

// POST { type, message }: the "Help us improve" feedback; 201 { id }.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { type, message } = await parseJsonBody(request, FeedbackSchema)
	const feedback = await createFeedback({
		organizationId: actor.organizationId,
		userId: actor.userId,
		type,
		message,
	})
	return Response.json({ id: feedback.id }, { status: 201 })
}
