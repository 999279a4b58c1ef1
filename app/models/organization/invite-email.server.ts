import { sendSystemEmail, type SystemEmailResult } from '#app/models/mailbox/system-mail.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { escapeHtml } from '#app/utils/editor-json/safe-html.ts'
import { appUrl } from '#app/utils/env.server.ts'
import { newLinkToken } from '#app/utils/link-token.server.ts'
import { createInvite, inviteExpiresAt, type InviteRecord } from './invites.server.ts'

export type InviteEmailResult = SystemEmailResult | { ok: false; reason: 'not_found' }

/**
 * Emails a pending invite with a fresh link (Invite and Resend both come here): a new token replaces
 * the last one, so only the newest email's link works, and the 7 days start again. The token is
 * stored (as its hash) before sending: the link must work the moment the email arrives.
 */
export async function sendInviteEmail({
	organizationId,
	inviteId,
	senderId,
}: {
	organizationId: string
	inviteId: string
	/** Who sends (or re-sends) it: the email names them. */
	senderId: string
}): Promise<InviteEmailResult> {
	const { token, hash } = newLinkToken()
	const sentAt = new Date()
	const updated = await prisma.invite.updateMany({
		where: { id: inviteId, organizationId, acceptedAt: null },
		data: { tokenHash: hash, sentAt },
	})
	if (updated.count === 0) return { ok: false, reason: 'not_found' }
	const [invite, sender] = await Promise.all([
		prisma.invite.findFirstOrThrow({
			where: { id: inviteId, organizationId },
			select: { email: true, organization: { select: { name: true } } },
		}),
		prisma.user.findUnique({ where: { id: senderId }, select: { name: true, email: true } }),
	])
	const message = inviteMessage({
		link: `${appUrl()}/invitations/${token}`,
		organizationName: invite.organization.name,
		senderName: sender ? `${sender.name} (${sender.email})` : 'A teammate',
		expiresAt: inviteExpiresAt(sentAt),
	})
	return sendSystemEmail({ organizationId, to: invite.email, ...message })
}

function inviteMessage({
	link,
	organizationName,
	senderName,
	expiresAt,
}: {
	link: string
	organizationName: string
	senderName: string
	expiresAt: Date
}) {
	const until = expiresAt.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })
	const subject = `Join ${organizationName} on Reachout`
	const text = `${senderName} invited you to join ${organizationName} on Reachout.\n\nOpen this link, sign in with this email address, and you join the organization:\n${link}\n\nThe invitation is valid until ${until}. If you did not expect it, ignore this email.\n`
	const html = `<p>${escapeHtml(senderName)} invited you to join <strong>${escapeHtml(organizationName)}</strong> on Reachout.</p><p><a href="${escapeHtml(link)}">Join ${escapeHtml(organizationName)}</a></p><p>Sign in with this email address and you join the organization. The invitation is valid until ${escapeHtml(until)}. If you did not expect it, ignore this email.</p>`
	return { subject, text, html }
}

export type InviteByEmailResult =
	| { ok: true; created: boolean; invite: InviteRecord; email: InviteEmailResult | null }
	| { ok: false; reason: 'already_member' }

/** Settings' Invite and POST /organizations/invite: the invite, emailed unless a valid one was already pending. */
export async function inviteByEmail(input: {
	organizationId: string
	invitedById: string
	email: string
}): Promise<InviteByEmailResult> {
	const result = await createInvite(input)
	if (!result.ok) return result
	const email = result.needsEmail
		? await sendInviteEmail({
				organizationId: input.organizationId,
				inviteId: result.invite.id,
				senderId: input.invitedById,
			})
		: null
	return { ok: true, created: result.created, invite: result.invite, email }
}

/** The toast that tells the inviter what happened to the email. */
export function inviteEmailToast(address: string, email: InviteEmailResult | null) {
	if (!email)
		return {
			type: 'info' as const,
			title: 'Already invited',
			description: `${address} has a valid invitation. Resend emails a new link.`,
		}
	if (!email.ok)
		return {
			type: 'error' as const,
			title: 'Invitation not sent',
			description:
				'reason' in email
					? 'The invitation no longer exists.'
					: `The email could not be sent (${email.message}). Try Resend.`,
		}
	if (email.transport === 'OUTBOX')
		return {
			type: 'success' as const,
			title: 'Invitation in the outbox',
			description: `No SMTP server is set (SMTP_URL), so the email to ${address} is in the Outbox.`,
		}
	return {
		type: 'success' as const,
		title: 'Invitation sent',
		description: `${address} got a link to join; it is valid for 7 days.`,
	}
}
