import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
	createSequence,
	getSequence,
	listOrganizationSequences,
} from '#app/models/sequence/sequence.server.ts'
import { mailboxOwner, requireApiActor } from '#app/models/session/auth.server.ts'
import { CreateSequenceSchema, SequenceListFilterSchema } from '#app/schemas/sequence.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { withSequenceErrors } from './__sequence-api.server.ts'

// GET: the organization's sequences, newest first, `?status=` and `?page=`, with stats.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const params = new URL(request.url).searchParams
	const filter = SequenceListFilterSchema.parse({
		status: params.get('status') || undefined,
		page: params.get('page') || undefined,
	})
	return Response.json(await listOrganizationSequences(actor.organizationId, filter))
}

// POST: a manual sequence (a draft; activated at once with shouldStartImmediately) → 201 with
// the sequence as the drawer shows it. Another organization's contact → 404; a mailbox the
// user may not send from → 400 "Please select a sender email"; missing Gmail grant → 403.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const input = await parseJsonBody(request, CreateSequenceSchema)
	return withSequenceErrors(async () => {
		const { id } = await createSequence(mailboxOwner(actor), input)
		return Response.json(await getSequence(actor.organizationId, id), { status: 201 })
	})
}
