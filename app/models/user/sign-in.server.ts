import { validSince } from '#app/models/organization/invites.server.ts'
import { DEFAULT_SEND_WINDOW } from '#app/models/organization/send-window.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { hashedKey, spendOrThrow } from '#app/utils/rate-limit.server.ts'

export type VerifiedIdentity = {
	email: string
	name?: string | null
	emailVerified: boolean
	avatarUrl?: string | null
}

function defaultName(email: string) {
	const local = email.split('@')[0] ?? email
	return local
		.split(/[._-]+/)
		.filter(Boolean)
		.map((part) => part[0]!.toUpperCase() + part.slice(1))
		.join(' ')
}

/**
 * The first sign-in creates the user and, unless a valid (unexpired) invitation
 * for that email is pending, their own organization (they own it). An invited
 * email joins the inviting organization with the invited role and the invitation
 * is accepted. Someone already in an organization accepts from /invitations.
 * Throws RateLimitedError when the email has used up its sign-in budget.
 */
export async function signInIdentity(identity: VerifiedIdentity) {
	const email = identity.email.trim().toLowerCase()
	const name = identity.name?.trim() || defaultName(email)
	// Per email, whichever IP it comes from (the IP's own budget is spent before the route runs).
	await spendOrThrow('signInPerEmail', hashedKey('email', email))
	return prisma.$transaction(async (tx) => {
		const user = await tx.user.upsert({
			where: { email },
			create: { email, name, emailVerified: identity.emailVerified, avatarUrl: identity.avatarUrl ?? null },
			update: {
				...(identity.emailVerified ? { emailVerified: true } : {}),
				...(identity.avatarUrl ? { avatarUrl: identity.avatarUrl } : {}),
			},
			select: { id: true, name: true, memberships: { select: { organizationId: true }, take: 1 } },
		})
		if (user.memberships.length) return { userId: user.id, joined: null, created: false }

		const invite = await tx.invite.findFirst({
			where: { email, acceptedAt: null, sentAt: { gt: validSince() } },
			orderBy: { createdAt: 'desc' },
			select: { id: true, organizationId: true, role: true },
		})
		if (invite) {
			await tx.membership.create({
				data: { userId: user.id, organizationId: invite.organizationId, role: invite.role },
			})
			await tx.invite.update({ where: { id: invite.id }, data: { acceptedAt: new Date() } })
			return { userId: user.id, joined: invite.organizationId, created: false }
		}
		await tx.organization.create({
			data: {
				name: `${user.name}'s organization`,
				...DEFAULT_SEND_WINDOW,
				sendWindowDays: [...DEFAULT_SEND_WINDOW.sendWindowDays],
				memberships: { create: { userId: user.id, role: 'OWNER' } },
			},
		})
		return { userId: user.id, joined: null, created: true }
	})
}
