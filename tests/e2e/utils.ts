import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'

export function uniqueEmail(prefix = 'user') {
	return `${prefix}-${randomUUID().slice(0, 8)}@example.com`
}

/** Signs the page's browser context in through the development sign-in (one POST). */
export async function signIn(page: Page, email = uniqueEmail()) {
	const response = await page.request.post('/auth/dev', { form: { email }, maxRedirects: 0 })
	if (response.status() !== 303 && response.status() !== 302) {
		throw new Error(`sign-in failed with ${response.status()}`)
	}
	return email
}
