import { type Prisma } from '#app/generated/prisma/client.ts'
import {
	LIMIT_WINDOWS_MS,
	LINKEDIN_LIMITS,
	NOTE_OVER_LIMIT_MESSAGE,
	type LinkedInUsage,
} from '#app/models/linkedin/linkedin-limits.ts'
import { type LinkedInSettingsUpdate } from '#app/schemas/linkedin-settings.ts'
import { prisma } from '#app/utils/db.server.ts'
import { linkedInAccountDefaults } from '#app/utils/env.server.ts'

// The user's LinkedIn settings as the Settings page and GET/PUT /api/v1/linkedin/settings show
// them: the connection (User), the executor's account row (LinkedInAccount: server actions,
// premium, the pause) and the usage against LinkedIn's limits. Like the connection, it belongs to
// the user: every function takes the acting user's id and touches only that user's rows.

export type LinkedInAccountState = Awaited<ReturnType<typeof getLinkedInAccountState>>

/**
 * Connection requests counted against the limits: claimed (in flight) or done, over rolling
 * windows, whichever executor acted — the same ledger the scheduler's limits read (decision 029).
 */
export async function getLinkedInUsage(userId: string, now = new Date()): Promise<LinkedInUsage> {
	const since = (windowMs: number) => new Date(now.getTime() - windowMs)
	const counted = {
		accountUserId: userId,
		kind: 'CONNECT',
		status: { in: ['CLAIMED', 'DONE'] },
	} satisfies Prisma.LinkedInActionWhereInput
	const [requestsToday, requestsThisWeek, notesThisMonth] = await Promise.all([
		prisma.linkedInAction.count({ where: { ...counted, claimedAt: { gte: since(LIMIT_WINDOWS_MS.day) } } }),
		prisma.linkedInAction.count({ where: { ...counted, claimedAt: { gte: since(LIMIT_WINDOWS_MS.week) } } }),
		prisma.linkedInAction.count({
			where: { ...counted, withNote: true, claimedAt: { gte: since(LIMIT_WINDOWS_MS.month) } },
		}),
	])
	return { requestsToday, requestsThisWeek, notesThisMonth }
}

/** Everything the LinkedIn settings show, without the session's secrets. */
export async function getLinkedInAccountState(userId: string, now = new Date()) {
	const [user, account, usage] = await Promise.all([
		prisma.user.findUnique({
			where: { id: userId },
			select: {
				linkedinConnectedAt: true,
				linkedinAuthEncrypted: true,
				linkedinProfile: true,
				linkedinUsername: true,
				linkedinOrgConsent: true,
			},
		}),
		prisma.linkedInAccount.findUnique({
			where: { userId },
			select: {
				allowServerActions: true,
				premium: true,
				pausedAt: true,
				pauseReason: true,
				backoffUntil: true,
				companionSeenAt: true,
			},
		}),
		getLinkedInUsage(userId, now),
	])
	const connected = Boolean(user?.linkedinConnectedAt && user.linkedinAuthEncrypted)
	const backingOff = account?.backoffUntil && account.backoffUntil > now ? account.backoffUntil : null
	return {
		connected,
		connectedAt: connected ? (user?.linkedinConnectedAt ?? null) : null,
		username: connected ? (user?.linkedinUsername ?? null) : null,
		profile: connected ? profileSummary(user?.linkedinProfile) : null,
		orgConsent: user?.linkedinOrgConsent ?? false,
		allowServerActions: account?.allowServerActions ?? false,
		premium: account?.premium ?? false,
		pausedAt: account?.pausedAt ?? null,
		pauseReason: account?.pausedAt ? (account.pauseReason ?? null) : null,
		backoffUntil: backingOff,
		companionSeenAt: account?.companionSeenAt ?? null,
		usage,
		limits: LINKEDIN_LIMITS,
	}
}

/** The profile's name and headline for display; the companion's object may carry anything. */
function profileSummary(profile: Prisma.JsonValue | null | undefined) {
	if (!profile || typeof profile !== 'object' || Array.isArray(profile)) return null
	const text = (key: string) => {
		const value = (profile as Record<string, unknown>)[key]
		return typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null
	}
	const name = [text('firstName'), text('lastName')].filter(Boolean).join(' ') || null
	return { name, headline: text('headline') ?? text('occupation') }
}

export class LinkedInSettingsError extends Error {
	name = 'LinkedInSettingsError'
	constructor(
		message: string,
		readonly status: number,
	) {
		super(message)
	}
}

export const CONNECT_LINKEDIN_FIRST = 'Connect LinkedIn first'

/**
 * Changes what was given. The LinkedInAccount row is created on first use with the environment's
 * active hours and pace. Organization consent and server actions act with the user's session, so
 * they can be turned on only while LinkedIn is connected (turning them off always works).
 */
export async function updateLinkedInAccountSettings(userId: string, update: LinkedInSettingsUpdate) {
	const enables = update.orgConsent === true || update.allowServerActions === true
	const state = await getLinkedInAccountState(userId)
	if (enables && !state.connected) throw new LinkedInSettingsError(CONNECT_LINKEDIN_FIRST, 409)
	const account = {
		...(update.allowServerActions === undefined ? {} : { allowServerActions: update.allowServerActions }),
		...(update.premium === undefined ? {} : { premium: update.premium }),
	}
	await prisma.$transaction(async (tx) => {
		if (update.orgConsent !== undefined) {
			await tx.user.update({ where: { id: userId }, data: { linkedinOrgConsent: update.orgConsent } })
		}
		if (Object.keys(account).length > 0) {
			await tx.linkedInAccount.upsert({
				where: { userId },
				create: { userId, ...linkedInAccountDefaults(), ...account },
				update: account,
			})
		}
	})
	return getLinkedInAccountState(userId)
}

/** What the app shell needs on every page: connected, the username, and a pause to reconnect from. */
export async function getLinkedInShellState(userId: string) {
	const user = await prisma.user.findUnique({
		where: { id: userId },
		select: {
			linkedinConnectedAt: true,
			linkedinAuthEncrypted: true,
			linkedinUsername: true,
			linkedInAccount: { select: { pausedAt: true, pauseReason: true } },
		},
	})
	const connected = Boolean(user?.linkedinConnectedAt && user.linkedinAuthEncrypted)
	const pausedAt = user?.linkedInAccount?.pausedAt ?? null
	return {
		connected,
		username: connected ? (user?.linkedinUsername ?? null) : null,
		paused: pausedAt !== null,
		pauseReason: pausedAt ? (user?.linkedInAccount?.pauseReason ?? null) : null,
	}
}

/**
 * What the drawer's note editor says about the monthly note limit for this sequence: the rule, or
 * null when the LinkedIn account its steps run on (its creator's) has Premium.
 */
export async function noteLimitMessageFor(organizationId: string, sequenceId: string) {
	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: { creator: { select: { linkedInAccount: { select: { premium: true } } } } },
	})
	return sequence?.creator?.linkedInAccount?.premium ? null : NOTE_OVER_LIMIT_MESSAGE
}
