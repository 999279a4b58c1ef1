import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { inviteByEmail } from '#app/models/organization/invite-email.server.ts'
import { listInvites } from '#app/models/organization/invites.server.ts'
import { requireApiActor, requireOrganizationManager } from '#app/models/session/auth.server.ts'
import { InviteSchema } from '#app/schemas/organization.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// GET: the organization's invites; pending ones have acceptedAt null. Members may read.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const invites = await listInvites(actor.organizationId)
	return Response.json(invites.map(({ id, email, acceptedAt }) => ({ id, email, acceptedAt })))
}

// POST { email }: 201 with the new invite, emailed with its link; 200 with the existing one when it is
// already pending (not emailed again: POST …/invite/:id/resend does that).
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	requireOrganizationManager(actor)
	const { email } = await parseJsonBody(request, InviteSchema)
	const result = await inviteByEmail({
		organizationId: actor.organizationId,
		invitedById: actor.userId,
		email,
	})
	if (!result.ok)
		return apiError(409, 'already_member', 'This person is already a member of your organization')
	const { id, acceptedAt } = result.invite
	// A real Response: resource routes drop the status of data().
	return Response.json({ id, email: result.invite.email, acceptedAt }, { status: result.created ? 201 : 200 })
}
