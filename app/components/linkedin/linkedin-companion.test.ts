import { describe, expect, test, vi } from 'vitest'
import {
	AUTH_FAILED_MESSAGE,
	COMPANION_NOT_INSTALLED_MESSAGE,
	INCOMPLETE_AUTH_MESSAGE,
	LINKEDIN_COMPANION_EXTENSION_ID,
	USER_ID_REQUIRED_MESSAGE,
	isChromeBrowser,
	requestLinkedInAuth,
	type CompanionRuntime,
} from './linkedin-companion.ts'

const CHROME =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

describe('isChromeBrowser', () => {
	test.each([
		['Chrome', CHROME],
		[
			'Chromium',
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.0.0 Chrome/120.0.0.0 Safari/537.36',
		],
		[
			'headless Chromium',
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
		],
		[
			'Chrome on macOS',
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
		],
	])('%s is Chrome', (_name, userAgent) => {
		expect(isChromeBrowser(userAgent)).toBe(true)
	})

	test.each([
		['Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
		[
			'Safari',
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
		],
		['Edge', `${CHROME} Edg/131.0.0.0`],
		['Opera', `${CHROME} OPR/115.0.0.0`],
		[
			'Chrome on iOS',
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
		],
		['an empty user agent', ''],
	])('%s is not Chrome', (_name, userAgent) => {
		expect(isChromeBrowser(userAgent)).toBe(false)
	})
})

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

describe('requestLinkedInAuth', () => {
	test('asks the companion for GET_LINKEDIN_AUTH and returns its session and profile', async () => {
		const runtime = fakeRuntime({
			success: true,
			auth: { cookie: 'li_at=abc', 'csrf-token': 'ajax:123' },
			userProfileDetails: { publicIdentifier: 'ada', firstName: 'Ada' },
		})
		await expect(requestLinkedInAuth('user-1', { runtime })).resolves.toEqual({
			cookie: 'li_at=abc',
			csrfToken: 'ajax:123',
			userDetails: { publicIdentifier: 'ada', firstName: 'Ada' },
		})
		expect(runtime.sendMessage).toHaveBeenCalledWith(
			LINKEDIN_COMPANION_EXTENSION_ID,
			{ type: 'GET_LINKEDIN_AUTH', payload: { userId: 'user-1' } },
			expect.any(Function),
		)
	})

	test('needs a user id', async () => {
		await expect(requestLinkedInAuth('', { runtime: fakeRuntime({}) })).rejects.toThrow(
			USER_ID_REQUIRED_MESSAGE,
		)
	})

	test('no chrome.runtime, a delivery error, no answer or silence: not installed', async () => {
		await expect(requestLinkedInAuth('u', { runtime: undefined })).rejects.toMatchObject({
			code: 'not_installed',
			message: COMPANION_NOT_INSTALLED_MESSAGE,
		})
		const missing = fakeRuntime(undefined, {
			lastError: 'Could not establish connection. Receiving end does not exist.',
		})
		await expect(requestLinkedInAuth('u', { runtime: missing })).rejects.toMatchObject({
			code: 'not_installed',
		})
		await expect(requestLinkedInAuth('u', { runtime: fakeRuntime(undefined) })).rejects.toMatchObject({
			code: 'not_installed',
		})
		const silent: CompanionRuntime = { sendMessage: () => {} }
		await expect(requestLinkedInAuth('u', { runtime: silent, timeoutMs: 20 })).rejects.toMatchObject({
			code: 'not_installed',
		})
		const throwing: CompanionRuntime = {
			sendMessage: () => {
				throw new Error('Invalid extension id')
			},
		}
		await expect(requestLinkedInAuth('u', { runtime: throwing })).rejects.toMatchObject({
			code: 'not_installed',
		})
	})

	test("the companion's failure, or the generic one", async () => {
		await expect(
			requestLinkedInAuth('u', {
				runtime: fakeRuntime({ success: false, error: 'Not logged in to LinkedIn' }),
			}),
		).rejects.toThrow('Not logged in to LinkedIn')
		await expect(requestLinkedInAuth('u', { runtime: fakeRuntime({ success: false }) })).rejects.toThrow(
			AUTH_FAILED_MESSAGE,
		)
	})

	test('a session without its cookie or csrf token is incomplete', async () => {
		for (const auth of [
			{ cookie: 'li_at=x' },
			{ 'csrf-token': 'ajax:1' },
			{ cookie: '', 'csrf-token': 'ajax:1' },
			undefined,
		]) {
			await expect(
				requestLinkedInAuth('u', { runtime: fakeRuntime({ success: true, auth }) }),
			).rejects.toThrow(INCOMPLETE_AUTH_MESSAGE)
		}
	})

	test('a profile that is not an object is dropped', async () => {
		const runtime = fakeRuntime({
			success: true,
			auth: { cookie: 'c', 'csrf-token': 't' },
			userProfileDetails: 'ada',
		})
		await expect(requestLinkedInAuth('u', { runtime })).resolves.toMatchObject({ userDetails: null })
	})
})
