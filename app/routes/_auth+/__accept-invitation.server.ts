import { data } from '@remix-run/node'
import {
	acceptInvite,
	type Invitation,
	type LeaveWarning,
} from '#app/models/organization/accept-invite.server.ts'
import { type Actor } from '#app/models/session/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// Shared by the invitation link's page (_auth+/invitations.$token.tsx) and the signed-in list
// (_app+/invitations.tsx): the Accept button's answer, and what their pages show of an invitation.

export async function acceptInvitationAnswer(actor: Actor, inviteId: string) {
	const result = await acceptInvite({ inviteId, user: { userId: actor.userId, email: actor.email } })
	if (result.ok)
		return redirectWithToast('/contacts', {
			type: 'success',
			title: `You joined ${result.organizationName}`,
			...(result.left ? { description: `You left ${result.left}.` } : {}),
		})
	const message = {
		not_found: 'This invitation is no longer valid. Ask for a new one.',
		expired: 'This invitation has expired. Ask the person who invited you to resend it.',
		sole_owner: `You are the only owner of ${result.organizationName ?? 'your organization'}: make another member an owner first.`,
	}[result.reason]
	return data(
		{ error: message },
		{ status: { not_found: 404, expired: 410, sole_owner: 409 }[result.reason] },
	)
}

export function invitationView(invitation: Invitation) {
	const { id, email, organizationName, invitedByName, expiresAt } = invitation
	return { id, email, organizationName, invitedByName, expiresAt: expiresAt.toISOString() }
}

export function warningView(warning: LeaveWarning | null) {
	if (!warning) return null
	const { organizationName, otherMembers, runningSequences, soleOwner } = warning
	return { organizationName, otherMembers, runningSequences, soleOwner }
}
