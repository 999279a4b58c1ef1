import { Prisma } from '#app/generated/prisma/client.ts'
import {
	linkedInUsernameFrom,
	type LinkedInAuthStatusBody,
	type LinkedInUserDetails,
} from '#app/schemas/linkedin.ts'
import { decrypt, encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'

// A user's LinkedIn session as the Chrome companion hands it over. It belongs to the user, not
// the organization: every function takes the acting user's id and reads or writes only that row.
// The cookie and csrf token are secrets: stored encrypted, never returned by the API.

export type LinkedInConnection = {
	connected: boolean
	profile: Prisma.JsonValue | null
	username: string | null
	orgConsent: boolean
}

/** The acting user's connection, without its secrets. */
export async function getLinkedInConnection(userId: string): Promise<LinkedInConnection> {
	const user = await prisma.user.findUnique({
		where: { id: userId },
		select: {
			linkedinConnectedAt: true,
			linkedinAuthEncrypted: true,
			linkedinProfile: true,
			linkedinUsername: true,
			linkedinOrgConsent: true,
		},
	})
	const connected = Boolean(user?.linkedinConnectedAt && user.linkedinAuthEncrypted)
	return {
		connected,
		profile: connected ? (user?.linkedinProfile ?? null) : null,
		username: connected ? (user?.linkedinUsername ?? null) : null,
		orgConsent: user?.linkedinOrgConsent ?? false,
	}
}

/**
 * Records what the companion reported: a session to store (replacing any earlier one), or
 * none, which disconnects and withdraws the organization-level consent with it.
 */
export async function saveLinkedInAuthStatus(userId: string, body: LinkedInAuthStatusBody) {
	const auth = body.linkedInAuthData
	if (body.isAuthenticated && auth?.cookie && auth.csrfToken) {
		const details = auth.userDetails ?? null
		const username = linkedInUsernameFrom(details)
		await prisma.$transaction([
			prisma.user.update({
				where: { id: userId },
				data: {
					linkedinAuthEncrypted: encrypt(JSON.stringify({ cookie: auth.cookie, csrfToken: auth.csrfToken })),
					linkedinProfile: details ? (details as Prisma.InputJsonValue) : Prisma.DbNull,
					// A profile without an identifier keeps the username we already know.
					...(username ? { linkedinUsername: username } : {}),
					linkedinConnectedAt: new Date(),
					linkedinOrgConsent: body.linkedinOrgConsent ?? false,
				},
			}),
			// A fresh session ends a pause (expired session, checkpoint) and the back-off with it:
			// the account's steps go on from here.
			prisma.linkedInAccount.updateMany({
				where: { userId },
				data: { pausedAt: null, pauseReason: null, backoffUntil: null, backoffCount: 0 },
			}),
		])
	} else {
		await prisma.user.update({
			where: { id: userId },
			data: {
				linkedinAuthEncrypted: null,
				linkedinProfile: Prisma.DbNull,
				linkedinUsername: null,
				linkedinConnectedAt: null,
				linkedinOrgConsent: false,
			},
		})
	}
	return getLinkedInConnection(userId)
}

/**
 * The profile the companion reports for a user connected without a LinkedIn username (the spec:
 * "when connected and the user has no LinkedIn username, the profile is fetched from the
 * extension and posted to the server"). Only for a connected user; the session is not touched.
 */
export async function saveLinkedInProfile(userId: string, details: LinkedInUserDetails) {
	const connection = await getLinkedInConnection(userId)
	if (!connection.connected) return null
	const username = linkedInUsernameFrom(details)
	await prisma.user.update({
		where: { id: userId },
		data: {
			linkedinProfile: details as Prisma.InputJsonValue,
			...(username ? { linkedinUsername: username } : {}),
		},
	})
	return getLinkedInConnection(userId)
}

/** The stored session for the code that acts on LinkedIn for this user (server side only). */
export async function getLinkedInCredentials(userId: string) {
	const user = await prisma.user.findUnique({
		where: { id: userId },
		select: { linkedinConnectedAt: true, linkedinAuthEncrypted: true },
	})
	if (!user?.linkedinConnectedAt || !user.linkedinAuthEncrypted) return null
	return JSON.parse(decrypt(user.linkedinAuthEncrypted)) as { cookie: string; csrfToken: string }
}
