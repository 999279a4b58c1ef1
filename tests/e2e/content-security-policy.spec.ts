import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'

// Decision 019: a strict Content-Security-Policy with a nonce per response. Every page must run
// without a single violation: a refused script or style is a broken page for users.

type Violation = { directive: string; blocked: string; source: string }

/** Collects every violation the pages report, and Chromium's console errors about the policy. */
async function watchViolations(page: Page) {
	const violations: Violation[] = []
	await page.exposeBinding('__reportCspViolation', (_source, violation: Violation) => {
		violations.push(violation)
	})
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			const report = (window as unknown as { __reportCspViolation: (violation: Violation) => void })
				.__reportCspViolation
			report({
				directive: event.effectiveDirective,
				blocked: event.blockedURI,
				source: `${event.sourceFile}:${event.lineNumber}`,
			})
		})
	})
	page.on('console', (message) => {
		if (/Content Security Policy/i.test(message.text())) {
			violations.push({ directive: 'console', blocked: message.text(), source: message.location().url })
		}
	})
	return violations
}

function nonceOf(policy: string | undefined) {
	return policy?.match(/'nonce-([^']+)'/)?.[1]
}

function adminEmail() {
	return `admin-${randomUUID().slice(0, 8)}@reachout-admin.test`
}

test('each page gets its own nonce, and every script of the page carries it', async ({ page }) => {
	const first = await page.request.get('/login')
	const second = await page.request.get('/login')
	const nonce = nonceOf(first.headers()['content-security-policy'])
	expect(nonce).toBeTruthy()
	expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonce)
	const policy = first.headers()['content-security-policy']!
	expect(policy).toContain("default-src 'self'")
	expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`)
	expect(policy).not.toContain("script-src 'self' 'unsafe-inline'")
	expect(policy).toContain("frame-ancestors 'none'")
	expect(policy).toContain("object-src 'none'")

	const html = await first.text()
	const scripts = html.match(/<script\b[^>]*>/g) ?? []
	expect(scripts.length).toBeGreaterThan(0)
	for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
})

test('the main pages, a dialog and a toast run without a single violation', async ({ page }) => {
	test.setTimeout(90_000)
	const violations = await watchViolations(page)

	await page.goto('/login')
	await page.waitForLoadState('networkidle')
	// Through the form: form-action allows our own origin.
	await page.getByLabel('Email').fill(adminEmail())
	await page.getByRole('button', { name: 'Sign in with email' }).click()
	await expect(page).toHaveURL(/\/contacts$/)
	for (const path of [
		'/contacts',
		'/companies',
		'/lists',
		'/campaigns',
		'/sequences',
		'/outbox',
		'/imports',
		'/settings',
		'/settings/sending',
		'/this-page-does-not-exist',
	]) {
		await page.goto(path)
		await page.waitForLoadState('networkidle')
	}

	// Client-side navigation loads route modules on demand.
	await page.goto('/contacts')
	await page.waitForLoadState('networkidle')
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Lists', exact: true })
		.click()
	await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible()

	// A Radix dialog (its scroll lock adds a <style>) and a sonner toast (its stylesheet).
	await page.getByRole('link', { name: 'Create List' }).click()
	const dialog = page.getByRole('dialog', { name: 'Create List' })
	await expect(dialog).toBeVisible()
	await dialog.getByLabel('Name').fill(`CSP ${randomUUID().slice(0, 6)}`)
	await dialog.getByRole('button', { name: 'Create List' }).click()
	const toast = page.getByText('List created successfully!')
	await expect(toast).toBeVisible()
	// The toast is styled: sonner's stylesheet arrived.
	await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed')

	// The unsubscribe page is plain HTML with a policy of its own (no script, its inline style).
	await page.goto('/unsubscribe/not-a-token')
	await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(248, 250, 252)')

	expect(violations).toEqual([])
})

test('an inline script without the nonce is refused and reported', async ({ page }) => {
	const violations = await watchViolations(page)
	await page.goto('/login')
	await page.waitForLoadState('networkidle')
	const ran = await page.evaluate(() => {
		const script = document.createElement('script')
		script.textContent = 'window.__injected = true'
		document.body.append(script)
		return (window as unknown as { __injected?: boolean }).__injected === true
	})
	expect(ran).toBe(false)
	await expect.poll(() => violations.map((violation) => violation.directive)).toContain('script-src-elem')
})
