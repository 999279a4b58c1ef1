import { type LoaderFunctionArgs } from '@remix-run/node'
import { listUsableMailboxes } from '#app/models/mailbox/mailbox.server.ts'
import { mailboxOwner, requireApiActor } from '#app/models/session/auth.server.ts'

// GET: the addresses this user may send from, [{ id, address }], their own first.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	return Response.json(await listUsableMailboxes(mailboxOwner(actor)))
}
