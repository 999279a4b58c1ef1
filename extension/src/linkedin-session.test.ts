import { expect, test } from 'vitest'
import { readLinkedInSession } from './linkedin-session.ts'

function cookies(values: Record<string, string | undefined>) {
	const asked: Array<{ url: string; name: string }> = []
	const reader = async (details: { url: string; name: string }) => {
		asked.push(details)
		const value = values[details.name]
		return value === undefined ? null : { value }
	}
	return { reader, asked }
}

test('the cookie header and the csrf token (JSESSIONID without its quotes)', async () => {
	const { reader, asked } = cookies({ li_at: 'AQEDAR', JSESSIONID: '"ajax:4242"' })
	await expect(readLinkedInSession(reader, 'https://www.linkedin.com')).resolves.toEqual({
		cookie: 'li_at=AQEDAR; JSESSIONID="ajax:4242"',
		csrfToken: 'ajax:4242',
	})
	expect(asked).toEqual([
		{ url: 'https://www.linkedin.com', name: 'li_at' },
		{ url: 'https://www.linkedin.com', name: 'JSESSIONID' },
	])
	// An unquoted JSESSIONID is quoted in the header all the same.
	await expect(
		readLinkedInSession(cookies({ li_at: 'x', JSESSIONID: 'ajax:1' }).reader, 'https://www.linkedin.com'),
	).resolves.toEqual({ cookie: 'li_at=x; JSESSIONID="ajax:1"', csrfToken: 'ajax:1' })
})

test('either cookie missing: not logged in', async () => {
	for (const values of [
		{ li_at: 'x' },
		{ JSESSIONID: '"ajax:1"' },
		{ li_at: '', JSESSIONID: '"ajax:1"' },
		{},
	]) {
		await expect(readLinkedInSession(cookies(values).reader, 'https://www.linkedin.com')).resolves.toBeNull()
	}
})
