import { describe, expect, test } from 'vitest'
import { combineHeaders, dataWithToast, getToast, redirectWithToast } from './toast.server.ts'

function requestWithCookieFrom(headers: Headers) {
	const cookie = headers.get('Set-Cookie')!.split(';')[0]!
	return new Request('http://localhost:3000/contacts', { headers: { Cookie: cookie } })
}

describe('flash toasts', () => {
	test('a redirect carries the toast; the next request reads it once and clears it', async () => {
		const response = await redirectWithToast('/contacts', { type: 'success', title: 'Feedback submitted!' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/contacts')

		const { toast, headers } = await getToast(requestWithCookieFrom(response.headers))
		expect(toast).toEqual({ id: expect.any(String), type: 'success', title: 'Feedback submitted!' })
		// The answer destroys the flash cookie so it is not shown twice.
		expect(headers?.get('Set-Cookie')).toMatch(/^en_toast=;.*Expires=Thu, 01 Jan 1970/)
	})

	test('dataWithToast keeps the status and headers given', async () => {
		const result = await dataWithToast(
			{ ok: true },
			{ type: 'error', title: 'Nope', description: 'Try again' },
			{
				status: 400,
				headers: { 'X-Extra': '1' },
			},
		)
		expect(result.data).toEqual({ ok: true })
		expect(result.init?.status).toBe(400)
		const headers = new Headers(result.init?.headers)
		expect(headers.get('X-Extra')).toBe('1')
		const { toast } = await getToast(requestWithCookieFrom(headers))
		expect(toast).toMatchObject({ type: 'error', title: 'Nope', description: 'Try again' })
	})

	test('no cookie, or a tampered one, means no toast', async () => {
		expect(await getToast(new Request('http://localhost:3000/'))).toEqual({ toast: null, headers: null })
		const forged = new Request('http://localhost:3000/', {
			headers: { Cookie: 'en_toast=eyJ0b2FzdCI6eyJ0aXRsZSI6IngifX0%3D.bad' },
		})
		expect((await getToast(forged)).toast).toBeNull()
	})

	test('combineHeaders keeps every Set-Cookie', () => {
		const headers = combineHeaders({ 'Set-Cookie': 'a=1' }, null, new Headers({ 'Set-Cookie': 'b=2' }))
		expect(headers.getSetCookie()).toEqual(['a=1', 'b=2'])
	})
})
