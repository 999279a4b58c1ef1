import { type ActionFunctionArgs } from '@remix-run/node'
import { sendInviteEmail } from '#app/models/organization/invite-email.server.ts'
import { findPendingInvite } from '#app/models/organization/invites.server.ts'
import { requireApiActor, requireOrganizationManager } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

export function loader() {
	return methodNotAllowed()
}

// POST: emails a pending invite again with a new link, valid 7 days from now (the old link stops
// working). 404 when it is not this organization's pending invite; 502 when the email failed.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	requireOrganizationManager(actor)
	const inviteId = params.id ?? ''
	const invite = await findPendingInvite(actor.organizationId, inviteId)
	if (!invite) return apiError(404, 'not_found', 'Invite not found')
	const sent = await sendInviteEmail({
		organizationId: actor.organizationId,
		inviteId,
		senderId: actor.userId,
	})
	if (!sent.ok) {
		if ('reason' in sent) return apiError(404, 'not_found', 'Invite not found')
		return apiError(502, 'send_failed', `The invitation email could not be sent: ${sent.message}`)
	}
	return Response.json({ id: invite.id, email: invite.email, sent: true, transport: sent.transport })
}
