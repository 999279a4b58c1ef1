import { afterEach, describe, expect, test } from 'vitest'
import {
	CONNECT_LINKEDIN_FIRST,
	getLinkedInAccountState,
	getLinkedInUsage,
	updateLinkedInAccountSettings,
} from '#app/models/linkedin/linkedin-account-settings.server.ts'
import { saveLinkedInAuthStatus } from '#app/models/linkedin/linkedin-connection.server.ts'
import { DAY_MS } from '#app/models/linkedin/linkedin-limits.ts'
import { prisma } from '#app/utils/db.server.ts'
import { linkedInAccountDefaults, resetEnvCache } from '#app/utils/env.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// LinkedIn settings: the user's own account row (server actions, premium, pause), organization
// consent, usage counted from the action ledger, and reconnecting ends a pause.

const send = setupApiRouter()
const PATH = '/api/v1/linkedin/settings'

async function connect(userId: string, username = 'ada-lovelace') {
	await saveLinkedInAuthStatus(userId, {
		isAuthenticated: true,
		linkedInAuthData: {
			cookie: 'li_at=secret',
			csrfToken: 'ajax:1',
			userDetails: {
				publicIdentifier: username,
				firstName: 'Ada',
				lastName: 'Lovelace',
				headline: 'Analyst',
			},
		},
		linkedinOrgConsent: false,
	})
}

/** One LinkedIn step to hang ledger rows on. */
async function stepFor(user: { id: string; email: string }, organizationId: string) {
	const sequence = await insertSequence({ organizationId, user, linkedInSteps: [{ username: 'grace' }] })
	return sequence.linkedInSteps[0]!
}

async function action(
	data: { userId: string; organizationId: string; stepId: string },
	row: {
		kind?: 'CONNECT' | 'MESSAGE' | 'CHECK_ACCEPTANCE'
		status?: 'CLAIMED' | 'DONE' | 'FAILED' | 'RELEASED' | 'EXPIRED'
		withNote?: boolean
		ago: number
	},
	now: Date,
) {
	const claimedAt = new Date(now.getTime() - row.ago)
	// One send per step is a unique index of the ledger: each request gets its own step.
	const template = await prisma.linkedInStep.findUniqueOrThrow({ where: { id: data.stepId } })
	const step = await prisma.linkedInStep.create({
		data: { order: 1, sequenceId: template.sequenceId, organizationId: data.organizationId },
	})
	await prisma.linkedInAction.create({
		data: {
			kind: row.kind ?? 'CONNECT',
			status: row.status ?? 'DONE',
			executor: 'COMPANION',
			claimToken: Math.random().toString(36),
			withNote: row.withNote ?? false,
			claimedAt,
			leaseUntil: new Date(claimedAt.getTime() + 120_000),
			accountUserId: data.userId,
			stepId: step.id,
			organizationId: data.organizationId,
		},
	})
}

afterEach(() => {
	delete process.env.LINKEDIN_ACTIVE_HOURS
	delete process.env.LINKEDIN_PACE_SECONDS
	resetEnvCache()
})

describe('linkedInAccountDefaults', () => {
	test('reads LINKEDIN_ACTIVE_HOURS and LINKEDIN_PACE_SECONDS, in order and within the day', () => {
		expect(linkedInAccountDefaults()).toEqual({
			activeHoursStart: 8,
			activeHoursEnd: 20,
			paceMinSeconds: 45,
			paceMaxSeconds: 180,
		})
		process.env.LINKEDIN_ACTIVE_HOURS = '22-6'
		process.env.LINKEDIN_PACE_SECONDS = '90-30'
		resetEnvCache()
		expect(linkedInAccountDefaults()).toEqual({
			activeHoursStart: 6,
			activeHoursEnd: 22,
			paceMinSeconds: 30,
			paceMaxSeconds: 90,
		})
		process.env.LINKEDIN_ACTIVE_HOURS = '0-99'
		resetEnvCache()
		expect(linkedInAccountDefaults()).toMatchObject({ activeHoursStart: 0, activeHoursEnd: 24 })
	})
})

describe('getLinkedInUsage', () => {
	test('counts CLAIMED and DONE connection requests over rolling 24 h, 7 d and 30 d; notes apart', async () => {
		const { user, organization } = await createSignedInUser()
		const step = await stepFor(user, organization.id)
		const ids = { userId: user.id, organizationId: organization.id, stepId: step.id }
		const now = new Date()
		const hour = 60 * 60 * 1000
		await action(ids, { ago: hour, withNote: true }, now) // today, a note
		await action(ids, { ago: 2 * hour, status: 'CLAIMED' }, now) // today, in flight
		await action(ids, { ago: 3 * hour, status: 'FAILED' }, now) // not counted
		await action(ids, { ago: 4 * hour, status: 'RELEASED' }, now) // not counted
		await action(ids, { ago: 5 * hour, status: 'EXPIRED' }, now) // not counted
		await action(ids, { ago: 6 * hour, kind: 'MESSAGE' }, now) // not a request
		await action(ids, { ago: 7 * hour, kind: 'CHECK_ACCEPTANCE' }, now) // not a request
		await action(ids, { ago: DAY_MS + hour, withNote: true }, now) // this week, a note
		await action(ids, { ago: 6 * DAY_MS }, now) // this week
		await action(ids, { ago: 8 * DAY_MS, withNote: true }, now) // this month's note only
		await action(ids, { ago: 31 * DAY_MS, withNote: true }, now) // too old for everything

		expect(await getLinkedInUsage(user.id, now)).toEqual({
			requestsToday: 2,
			requestsThisWeek: 4,
			notesThisMonth: 3,
		})
	})

	test("another user's actions, in the same organization, are not this user's usage", async () => {
		const owner = await createSignedInUser()
		const teammate = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		const step = await stepFor(owner.user, owner.organization.id)
		const now = new Date()
		await action(
			{ userId: owner.user.id, organizationId: owner.organization.id, stepId: step.id },
			{ ago: 1000, withNote: true },
			now,
		)
		expect(await getLinkedInUsage(teammate.user.id, now)).toEqual({
			requestsToday: 0,
			requestsThisWeek: 0,
			notesThisMonth: 0,
		})
		expect((await getLinkedInUsage(owner.user.id, now)).requestsToday).toBe(1)
	})
})

describe('updateLinkedInAccountSettings', () => {
	test('creates the account row with the environment defaults, then changes only what is given', async () => {
		process.env.LINKEDIN_ACTIVE_HOURS = '9-17'
		process.env.LINKEDIN_PACE_SECONDS = '10-20'
		resetEnvCache()
		const { user } = await createSignedInUser()
		await connect(user.id)
		const state = await updateLinkedInAccountSettings(user.id, { premium: true })
		expect(state).toMatchObject({ premium: true, allowServerActions: false, orgConsent: false })
		expect(await prisma.linkedInAccount.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
			premium: true,
			allowServerActions: false,
			activeHoursStart: 9,
			activeHoursEnd: 17,
			paceMinSeconds: 10,
			paceMaxSeconds: 20,
		})

		const next = await updateLinkedInAccountSettings(user.id, { allowServerActions: true, orgConsent: true })
		expect(next).toMatchObject({ premium: true, allowServerActions: true, orgConsent: true })
		const off = await updateLinkedInAccountSettings(user.id, { orgConsent: false })
		expect(off).toMatchObject({ premium: true, allowServerActions: true, orgConsent: false })
	})

	test('consent and server actions need a connection; turning things off and premium do not', async () => {
		const { user } = await createSignedInUser()
		await expect(updateLinkedInAccountSettings(user.id, { orgConsent: true })).rejects.toThrow(
			CONNECT_LINKEDIN_FIRST,
		)
		await expect(updateLinkedInAccountSettings(user.id, { allowServerActions: true })).rejects.toThrow(
			CONNECT_LINKEDIN_FIRST,
		)
		expect(await prisma.linkedInAccount.findUnique({ where: { userId: user.id } })).toBeNull()
		const state = await updateLinkedInAccountSettings(user.id, { premium: true, allowServerActions: false })
		expect(state).toMatchObject({ connected: false, premium: true, allowServerActions: false })
	})
})

describe('reconnecting clears a pause', () => {
	test('saveLinkedInAuthStatus with a session ends the pause and the back-off; the profile shows', async () => {
		const { user } = await createSignedInUser()
		await connect(user.id)
		await prisma.linkedInAccount.create({
			data: {
				userId: user.id,
				pausedAt: new Date(),
				pauseReason: 'SESSION_EXPIRED',
				backoffUntil: new Date(Date.now() + DAY_MS),
				backoffCount: 3,
				premium: true,
			},
		})
		const paused = await getLinkedInAccountState(user.id)
		expect(paused.pausedAt).toBeInstanceOf(Date)
		expect(paused).toMatchObject({ pauseReason: 'SESSION_EXPIRED', connected: true })
		expect(paused.backoffUntil).toBeInstanceOf(Date)

		await connect(user.id)
		const account = await prisma.linkedInAccount.findUniqueOrThrow({ where: { userId: user.id } })
		expect(account).toMatchObject({
			pausedAt: null,
			pauseReason: null,
			backoffUntil: null,
			backoffCount: 0,
			premium: true,
		})
		const state = await getLinkedInAccountState(user.id)
		expect(state).toMatchObject({
			pausedAt: null,
			pauseReason: null,
			backoffUntil: null,
			username: 'ada-lovelace',
			profile: { name: 'Ada Lovelace', headline: 'Analyst' },
		})
	})

	test("one user's reconnect leaves a teammate's pause alone", async () => {
		const owner = await createSignedInUser()
		const teammate = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		await prisma.linkedInAccount.create({
			data: { userId: teammate.user.id, pausedAt: new Date(), pauseReason: 'CHECKPOINT' },
		})
		await connect(owner.user.id)
		expect(
			(await prisma.linkedInAccount.findUniqueOrThrow({ where: { userId: teammate.user.id } })).pausedAt,
		).toBeInstanceOf(Date)
	})
})

describe('GET/PUT /api/v1/linkedin/settings', () => {
	test('401 without a session; 405 for POST; 400 for a malformed body', async () => {
		expectApiError(await send('GET', PATH), 401)
		expectApiError(await send('PUT', PATH, { json: { premium: true } }), 401)
		const { cookie } = await createSignedInUser()
		expectApiError(await send('POST', PATH, { cookie, json: { premium: true } }), 405)
		expectApiError(await send('PUT', PATH, { cookie, json: { premium: 'yes' } }), 400)
		expectApiError(await send('PUT', PATH, { cookie, body: '{oops' }), 400)
	})

	test('answers the settings and usage, and changes them; never the session secrets', async () => {
		const { user, cookie } = await createSignedInUser()
		const before = await send('GET', PATH, { cookie })
		expect(before.status).toBe(200)
		expect(before.json).toMatchObject({
			connected: false,
			premium: false,
			allowServerActions: false,
			paused: false,
			usage: { requestsToday: 0, requestsThisWeek: 0, notesThisMonth: 0 },
			limits: { connectionRequestsPerDay: 12, connectionRequestsPerWeek: 100, requestNotesPerMonth: 5 },
		})
		expectApiError(
			await send('PUT', PATH, { cookie, json: { orgConsent: true } }),
			409,
			CONNECT_LINKEDIN_FIRST,
		)

		await connect(user.id)
		const changed = await send('PUT', PATH, {
			cookie,
			json: { orgConsent: true, allowServerActions: true, premium: true },
		})
		expect(changed.status, changed.text).toBe(200)
		expect(changed.json).toMatchObject({
			connected: true,
			username: 'ada-lovelace',
			orgConsent: true,
			allowServerActions: true,
			premium: true,
		})
		expect(changed.text).not.toContain('li_at=secret')
		expect((await send('GET', PATH, { cookie })).json).toEqual(changed.json)
	})

	test("a teammate's PUT changes only their own settings", async () => {
		const owner = await createSignedInUser()
		const teammate = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		await connect(owner.user.id)
		await send('PUT', PATH, { cookie: teammate.cookie, json: { premium: true } })
		expect((await send('GET', PATH, { cookie: owner.cookie })).json).toMatchObject({ premium: false })
		expect((await send('GET', PATH, { cookie: teammate.cookie })).json).toMatchObject({ premium: true })
	})
})

describe('POST /api/v1/linkedin/profile', () => {
	test('stores the profile and username of a connected user; 409 when not connected', async () => {
		const { user, cookie } = await createSignedInUser()
		const body = { userDetails: { publicIdentifier: 'grace-hopper', firstName: 'Grace' } }
		expectApiError(await send('POST', '/api/v1/linkedin/profile', { cookie, json: body }), 409)
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).linkedinProfile).toBeNull()

		await saveLinkedInAuthStatus(user.id, {
			isAuthenticated: true,
			linkedInAuthData: { cookie: 'li_at=x', csrfToken: 'ajax:1', userDetails: null },
		})
		const result = await send('POST', '/api/v1/linkedin/profile', { cookie, json: body })
		expect(result.status, result.text).toBe(200)
		expect(result.json).toEqual({
			isAuthenticated: true,
			userDetails: body.userDetails,
			linkedinUsername: 'grace-hopper',
		})
		const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		expect(stored.linkedinUsername).toBe('grace-hopper')
		expect(stored.linkedinAuthEncrypted).toBeTruthy()
		expectApiError(await send('POST', '/api/v1/linkedin/profile', { cookie, json: {} }), 400)
		expectApiError(await send('GET', '/api/v1/linkedin/profile', { cookie }), 405)
	})
})
