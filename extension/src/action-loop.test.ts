import { describe, expect, test, vi } from 'vitest'
import {
	type LinkedInActionClaim,
	type LinkedInActionResult,
	type LinkedInClaimResponse,
} from '../../app/schemas/linkedin-action.ts'
import { runActionLoop, TOKEN_REJECTED_MESSAGE, type ActionLoopDeps } from './action-loop.ts'
import { memoryStateStore, type CompanionState } from './state.ts'

const APP = 'http://app.test'
const SESSION = { cookie: 'li_at=a; JSESSIONID="ajax:1"', csrfToken: 'ajax:1' }

function claim(id: string, kind: LinkedInActionClaim['kind'] = 'CONNECT'): LinkedInActionClaim {
	return {
		id,
		claimToken: `claim-${id}`,
		kind,
		attempt: 1,
		leaseUntil: new Date(Date.now() + 60_000).toISOString(),
		profile: { username: 'ada', url: 'https://www.linkedin.com/in/ada' },
		note: 'Hi Ada',
		message: null,
		conversationId: null,
		since: null,
	}
}

type Reply = { status: number; body?: unknown } | Error

/** A fake app: answers claims and reports from the queues given, and records the requests. */
function fakeApp(claims: Reply[], reports: Reply[] = []) {
	const requests: Array<{ url: string; auth: string | null; body: unknown }> = []
	const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
		const href = String(url)
		requests.push({
			url: href,
			auth: new Headers(init?.headers).get('authorization'),
			body: JSON.parse(String(init?.body)),
		})
		const reply = (href.endsWith('/claim') ? claims : reports).shift() ?? {
			status: 200,
			body: { accepted: true },
		}
		if (reply instanceof Error) throw reply
		return new Response(JSON.stringify(reply.body ?? null), { status: reply.status })
	})
	return { fetch: fetchImpl as unknown as typeof fetch, requests }
}

const nothingDue = (retryAfterSeconds = 60): Reply => ({
	status: 200,
	body: { action: null, reason: 'NOTHING_DUE', retryAfterSeconds } satisfies LinkedInClaimResponse,
})
const action = (value: LinkedInActionClaim): Reply => ({ status: 200, body: { action: value } })

function deps(
	app: ReturnType<typeof fakeApp>,
	state: CompanionState,
	overrides: Partial<ActionLoopDeps> = {},
) {
	const storage = memoryStateStore(state)
	const execute = vi.fn(async (): Promise<LinkedInActionResult> => ({ outcome: 'SENT', withNote: true }))
	const sleep = vi.fn(async () => {})
	return {
		storage,
		execute,
		sleep,
		deps: {
			appOrigin: APP,
			storage,
			readSession: async () => SESSION,
			execute,
			fetch: app.fetch,
			sleep,
			...overrides,
		} satisfies ActionLoopDeps,
	}
}

describe('runActionLoop', () => {
	test('without a token it asks the app for nothing', async () => {
		const app = fakeApp([])
		const { deps: d } = deps(app, {})
		await expect(runActionLoop(d)).resolves.toEqual({ processed: 0, stopped: 'no_token' })
		expect(app.requests).toEqual([])
	})

	test('claims, carries out and reports each action in turn until nothing is due', async () => {
		const app = fakeApp([action(claim('a1')), action(claim('a2', 'MESSAGE')), nothingDue()])
		const { deps: d, execute, storage } = deps(app, { appToken: 'tok' })
		await expect(runActionLoop(d)).resolves.toEqual({ processed: 2, stopped: 'nothing_due' })

		expect(app.requests.map((request) => request.url)).toEqual([
			`${APP}/api/v1/linkedin/companion/actions/claim`,
			`${APP}/api/v1/linkedin/companion/actions/a1/report`,
			`${APP}/api/v1/linkedin/companion/actions/claim`,
			`${APP}/api/v1/linkedin/companion/actions/a2/report`,
			`${APP}/api/v1/linkedin/companion/actions/claim`,
		])
		expect(app.requests.every((request) => request.auth === 'Bearer tok')).toBe(true)
		expect(app.requests[0]?.body).toEqual({})
		expect(app.requests[1]?.body).toEqual({
			claimToken: 'claim-a1',
			result: { outcome: 'SENT', withNote: true },
		})
		expect(execute).toHaveBeenCalledTimes(2)
		expect(execute).toHaveBeenNthCalledWith(1, SESSION, expect.objectContaining({ id: 'a1', note: 'Hi Ada' }))
		expect(storage.state.lastAction).toMatchObject({ kind: 'MESSAGE', outcome: 'SENT' })
		expect(storage.state.lastClaim).toMatchObject({ ok: true, reason: 'NOTHING_DUE' })
	})

	test('a short retry is waited for within the wake-up; a long one ends it', async () => {
		const app = fakeApp([nothingDue(5), action(claim('a1')), nothingDue(30)])
		const { deps: d, sleep } = deps(app, { appToken: 'tok' })
		await expect(runActionLoop(d)).resolves.toEqual({ processed: 1, stopped: 'nothing_due' })
		expect(sleep).toHaveBeenCalledExactlyOnceWith(5_000)
	})

	test('a wake-up ends at its time budget', async () => {
		let clock = Date.parse('2026-11-26T10:00:00Z')
		const app = fakeApp(Array.from({ length: 50 }, () => nothingDue(10)))
		const { deps: d } = deps(
			app,
			{ appToken: 'tok' },
			{
				now: () => new Date(clock),
				sleep: async (ms) => {
					clock += ms
				},
				maxWakeMs: 60_000,
			},
		)
		const outcome = await runActionLoop(d)
		expect(outcome.stopped).toBe('nothing_due')
		// 0, 10, 20, 30, 40 s claims wait; the one at 50 s would run past the budget.
		expect(app.requests).toHaveLength(6)
	})

	test('a 401 from the app drops the token and stops', async () => {
		const app = fakeApp([{ status: 401, body: { error: 'unauthorized', message: 'Invalid token' } }])
		const { deps: d, storage } = deps(app, { appToken: 'tok', userId: 'u1' })
		await expect(runActionLoop(d)).resolves.toEqual({ processed: 0, stopped: 'token_rejected' })
		expect(storage.state.appToken).toBeUndefined()
		expect(storage.state.lastClaim).toMatchObject({ ok: false, error: TOKEN_REJECTED_MESSAGE })
	})

	test('a 401 on the report drops the token too', async () => {
		const app = fakeApp([action(claim('a1'))], [{ status: 401 }])
		const { deps: d, storage } = deps(app, { appToken: 'tok' })
		await expect(runActionLoop(d)).resolves.toEqual({ processed: 1, stopped: 'token_rejected' })
		expect(storage.state.appToken).toBeUndefined()
	})

	test('an app that fails or cannot be reached ends the wake-up with the reason kept', async () => {
		const down = fakeApp([new TypeError('Failed to fetch')])
		const first = deps(down, { appToken: 'tok' })
		await expect(runActionLoop(first.deps)).resolves.toEqual({ processed: 0, stopped: 'app_error' })
		expect(first.storage.state.lastClaim).toMatchObject({
			ok: false,
			error: expect.stringContaining('Could not reach Reachout'),
		})
		expect(first.storage.state.appToken).toBe('tok')

		const failing = fakeApp([{ status: 500, body: { error: 'internal', message: 'Something went wrong' } }])
		const second = deps(failing, { appToken: 'tok' })
		await runActionLoop(second.deps)
		expect(second.storage.state.lastClaim).toMatchObject({
			ok: false,
			error: 'Reachout answered 500: Something went wrong',
		})

		const garbled = fakeApp([{ status: 200, body: { nope: true } }])
		const third = deps(garbled, { appToken: 'tok' })
		await expect(runActionLoop(third.deps)).resolves.toMatchObject({ stopped: 'app_error' })
	})

	test('logged out of LinkedIn: the action is reported as an expired session, not carried out', async () => {
		const app = fakeApp([action(claim('a1')), nothingDue()])
		const { deps: d, execute } = deps(app, { appToken: 'tok' }, { readSession: async () => null })
		await runActionLoop(d)
		expect(execute).not.toHaveBeenCalled()
		expect(app.requests[1]?.body).toMatchObject({
			claimToken: 'claim-a1',
			result: { outcome: 'ERROR', error: 'SESSION_EXPIRED' },
		})
	})

	test('an executor that throws still gets its claim reported', async () => {
		const app = fakeApp([action(claim('a1')), nothingDue()])
		const { deps: d, storage } = deps(
			app,
			{ appToken: 'tok' },
			{
				execute: async () => {
					throw new Error('boom')
				},
			},
		)
		await runActionLoop(d)
		expect(app.requests[1]?.body).toMatchObject({
			result: { outcome: 'ERROR', error: 'UNKNOWN', message: 'boom' },
		})
		expect(storage.state.lastAction).toMatchObject({ outcome: 'ERROR', error: 'UNKNOWN' })
	})

	test('a report the app does not take ends the wake-up (the lease gives the action out again)', async () => {
		const app = fakeApp([action(claim('a1')), action(claim('a2'))], [{ status: 503 }])
		const { deps: d } = deps(app, { appToken: 'tok' })
		await expect(runActionLoop(d)).resolves.toEqual({ processed: 1, stopped: 'app_error' })
		expect(app.requests).toHaveLength(2)
	})
})
