import { describe, expect, test, vi } from 'vitest'
import { fetchCompanionProfile, fetchCompanionStatus, handCompanionToken } from './companion-status.ts'
import { LINKEDIN_COMPANION_EXTENSION_ID, type CompanionRuntime } from './linkedin-companion.ts'

/** A companion that answers every message with `response` (or, with lastError, fails delivery). */
function fakeRuntime(response: unknown, { lastError }: { lastError?: string } = {}) {
	const runtime: CompanionRuntime = {
		sendMessage: vi.fn((_id: string, _message: unknown, callback: (response: unknown) => void) => {
			runtime.lastError = lastError ? { message: lastError } : undefined
			queueMicrotask(() => callback(response))
		}),
	}
	return runtime
}

describe('fetchCompanionStatus', () => {
	test('connected when the companion answers connected', async () => {
		const runtime = fakeRuntime({
			success: true,
			status: 'connected',
			linkedinLoggedIn: true,
			hasAppToken: true,
			userId: 'u1',
			version: '1.0.0',
		})
		await expect(fetchCompanionStatus('u1', { runtime })).resolves.toEqual({
			status: 'connected',
			linkedinLoggedIn: true,
			hasAppToken: true,
		})
		expect(runtime.sendMessage).toHaveBeenCalledWith(
			LINKEDIN_COMPANION_EXTENSION_ID,
			{ type: 'GET_ROGER_COMPANION_STATUS', payload: { userId: 'u1' } },
			expect.any(Function),
		)
	})

	test('other when the companion answers but is not logged in to LinkedIn, or fails', async () => {
		await expect(
			fetchCompanionStatus('u1', {
				runtime: fakeRuntime({
					success: true,
					status: 'not_logged_in',
					linkedinLoggedIn: false,
					hasAppToken: true,
				}),
			}),
		).resolves.toEqual({ status: 'other', linkedinLoggedIn: false, hasAppToken: true })
		await expect(
			fetchCompanionStatus('u1', { runtime: fakeRuntime({ success: false, error: 'boom' }) }),
		).resolves.toMatchObject({ status: 'other' })
	})

	test('not installed when nothing answers', async () => {
		await expect(fetchCompanionStatus('u1', { runtime: undefined })).resolves.toEqual({
			status: 'not_installed',
			linkedinLoggedIn: false,
			hasAppToken: false,
		})
		await expect(
			fetchCompanionStatus('u1', {
				runtime: fakeRuntime(undefined, { lastError: 'Receiving end does not exist.' }),
			}),
		).resolves.toMatchObject({ status: 'not_installed' })
		const silent: CompanionRuntime = { sendMessage: () => {} }
		await expect(fetchCompanionStatus('u1', { runtime: silent, timeoutMs: 20 })).resolves.toMatchObject({
			status: 'not_installed',
		})
	})
})

describe('handCompanionToken', () => {
	test('sends the server-issued token to the companion', async () => {
		const runtime = fakeRuntime({ success: true })
		await handCompanionToken('u1', { runtime, fetchToken: async () => ({ token: 'tok-1' }) })
		expect(runtime.sendMessage).toHaveBeenCalledWith(
			LINKEDIN_COMPANION_EXTENSION_ID,
			{ type: 'SET_ROGER_COMPANION_TOKEN', payload: { token: 'tok-1', userId: 'u1' } },
			expect.any(Function),
		)
	})

	test('a refusal from the companion or an empty token throws', async () => {
		await expect(
			handCompanionToken('u1', {
				runtime: fakeRuntime({ success: false, error: 'Bad token' }),
				fetchToken: async () => ({ token: 't' }),
			}),
		).rejects.toThrow('Bad token')
		const runtime = fakeRuntime({ success: true })
		await expect(
			handCompanionToken('u1', { runtime, fetchToken: async () => ({ token: '' }) }),
		).rejects.toThrow('Failed to connect the companion')
		expect(runtime.sendMessage).not.toHaveBeenCalled()
	})
})

describe('fetchCompanionProfile', () => {
	test('returns the profile the companion reads', async () => {
		const runtime = fakeRuntime({ success: true, profile: { publicIdentifier: 'ada' } })
		await expect(fetchCompanionProfile({ runtime })).resolves.toEqual({ publicIdentifier: 'ada' })
		expect(runtime.sendMessage).toHaveBeenCalledWith(
			LINKEDIN_COMPANION_EXTENSION_ID,
			{ type: 'GET_LINKEDIN_USER_PROFILE' },
			expect.any(Function),
		)
	})

	test("throws the companion's error", async () => {
		await expect(
			fetchCompanionProfile({ runtime: fakeRuntime({ success: false, error: 'Please log in' }) }),
		).rejects.toThrow('Please log in')
	})
})
