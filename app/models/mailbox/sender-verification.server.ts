import { prisma } from '#app/utils/db.server.ts'
import { hashLinkToken, newLinkToken } from '#app/utils/link-token.server.ts'

/**
 * The link of a sender address's verification email (decision 015). Opening it verifies nothing:
 * mail scanners open links, so the page asks for a click on Confirm, and only that POST verifies.
 * A link is valid for 24 hours after it was sent; a new one (from Settings → Sending, or from the
 * expired page) replaces it. Only the token's SHA-256 is stored: the link itself lives in the email.
 */

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000

/** A new token for a link, and what is stored of it. */
export const newVerificationToken = newLinkToken
export const hashVerificationToken = hashLinkToken

export function isVerificationExpired(sentAt: Date | null, now = new Date()) {
	return !sentAt || now.getTime() - sentAt.getTime() >= VERIFICATION_TTL_MS
}

export type SenderVerification = {
	state: 'valid' | 'expired'
	mailboxId: string
	organizationId: string
	address: string
	organizationName: string
}

/** What the link's page shows, without changing anything; null for an unknown or used token. */
export async function findSenderVerification(
	token: string,
	now = new Date(),
): Promise<SenderVerification | null> {
	if (!token) return null
	const mailbox = await prisma.mailbox.findUnique({
		where: { verificationToken: hashVerificationToken(token) },
		select: {
			id: true,
			kind: true,
			address: true,
			verifiedAt: true,
			verificationSentAt: true,
			organizationId: true,
			organization: { select: { name: true } },
		},
	})
	if (!mailbox || mailbox.kind !== 'SENDER' || mailbox.verifiedAt) return null
	return {
		state: isVerificationExpired(mailbox.verificationSentAt, now) ? 'expired' : 'valid',
		mailboxId: mailbox.id,
		organizationId: mailbox.organizationId,
		address: mailbox.address,
		organizationName: mailbox.organization.name,
	}
}

/**
 * The Confirm button: verifies the address if the link is still valid (one conditional update, so
 * two clicks verify once), and starts its warm-up. 'expired' leaves it unverified; null for an
 * unknown or used token.
 */
export async function confirmSenderVerification(token: string, now = new Date()) {
	const found = await findSenderVerification(token, now)
	if (!found || found.state === 'expired') return found
	const verified = await prisma.mailbox.updateMany({
		where: {
			id: found.mailboxId,
			kind: 'SENDER',
			verificationToken: hashVerificationToken(token),
			verificationSentAt: { gt: new Date(now.getTime() - VERIFICATION_TTL_MS) },
		},
		data: { verifiedAt: now, verificationToken: null, verificationSentAt: null, warmupStartedAt: now },
	})
	return verified.count === 1 ? { ...found, state: 'verified' as const } : null
}
