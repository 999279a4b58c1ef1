import { createRequestHandler } from '@remix-run/node'
import { afterAll, beforeAll, expect } from 'vitest'
import { TEST_ORIGIN } from '#tests/db-utils.ts'
import { loadServerBuild } from '#tests/server-build.ts'

/**
 * Sends requests through the real Remix router (the app's server build), so statuses
 * and headers are exactly what a client gets. Call once at the top of a test file.
 */
export function setupApiRouter() {
	let close = async () => {}
	let handle: (request: Request) => Promise<Response>

	beforeAll(async () => {
		const loaded = await loadServerBuild()
		close = loaded.close
		handle = createRequestHandler(loaded.build, 'development')
		// A Vite SSR load of the whole app (no TEST_SERVER_BUILD) takes minutes on a loaded machine.
	}, 300_000)

	afterAll(async () => {
		await close()
	})

	return async function send(
		method: string,
		path: string,
		{
			cookie,
			body,
			json,
			form,
			headers: extraHeaders = {},
		}: {
			cookie?: string
			body?: string
			json?: unknown
			form?: Record<string, string>
			headers?: Record<string, string>
		} = {},
	) {
		// Host too: Remix compares it with Origin before it runs a page's action.
		const headers: Record<string, string> = {
			Origin: TEST_ORIGIN,
			Host: new URL(TEST_ORIGIN).host,
			...extraHeaders,
		}
		if (cookie) headers.Cookie = cookie
		const payload = form
			? new URLSearchParams(form).toString()
			: json !== undefined
				? JSON.stringify(json)
				: body
		if (payload !== undefined)
			headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json'
		const response = await handle(new Request(new URL(path, TEST_ORIGIN), { method, headers, body: payload }))
		const text = await response.text()
		// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
		let json_: any = null
		try {
			json_ = JSON.parse(text)
		} catch {
			// not JSON
		}
		return { status: response.status, json: json_, text, headers: response.headers }
	}
}

export type ApiResult = Awaited<ReturnType<ReturnType<typeof setupApiRouter>>>

/** Asserts the API's error shape: the status and `{ error, message }` (and the message, if given). */
export function expectApiError(result: ApiResult, status: number, message?: string) {
	expect(result.status, result.text.slice(0, 300)).toBe(status)
	expect(typeof result.json?.error).toBe('string')
	expect(typeof result.json?.message).toBe('string')
	if (message !== undefined) expect(result.json.message).toBe(message)
}
