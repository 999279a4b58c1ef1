import { type LoaderFunctionArgs } from '@remix-run/node'
import { pickRandomEmailSample } from '#app/models/sequence/random-email-sample.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { methodNotAllowed } from '#app/utils/api.server.ts'

// GET: a random email sample `{ subject, body }` (body is HTML) for Send Test Email to start from:
// one of the organization's own sequence emails, or a built-in sample when it has none.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const sample = await pickRandomEmailSample(actor.organizationId)
	return Response.json(sample, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action() {
	return methodNotAllowed()
}
