import { randomBytes } from 'node:crypto'
import { prisma } from '#app/utils/db.server.ts'
import { linkedInAccountDefaults } from '#app/utils/env.server.ts'
import { sessionIdOf } from '#app/utils/session-token.server.ts'

// The LinkedIn account row the action scheduler reads (decision 029): created on first need with
// the configured defaults, and the Chrome companion's bearer token, stored only as its SHA-256.

/**
 * A new token for the user's companion (replacing any earlier one: one companion per user). The
 * token itself is returned once, to the signed-in page that hands it to the extension.
 */
export async function issueCompanionToken(userId: string) {
	const token = `rc_${randomBytes(32).toString('base64url')}`
	await prisma.linkedInAccount.upsert({
		where: { userId },
		create: { userId, ...linkedInAccountDefaults(), companionTokenHash: sessionIdOf(token) },
		update: { companionTokenHash: sessionIdOf(token) },
	})
	return token
}

/** The user a companion's bearer token belongs to, or null; notes that the companion is alive. */
export async function userIdForCompanionToken(token: string) {
	if (!/^rc_[A-Za-z0-9_-]{20,100}$/.test(token)) return null
	const account = await prisma.linkedInAccount.findUnique({
		where: { companionTokenHash: sessionIdOf(token) },
		select: { userId: true },
	})
	if (!account) return null
	await prisma.linkedInAccount.update({
		where: { userId: account.userId },
		data: { companionSeenAt: new Date() },
	})
	return account.userId
}
