import { type LoaderFunctionArgs } from '@remix-run/node'
import { afterEach, describe, expect, test } from 'vitest'
import { loader as adminLoader } from '#app/routes/_app+/admin.tsx'
import { loader as layoutLoader } from '#app/routes/_app+/_layout.tsx'
import { loader as indexLoader } from '#app/routes/_index.tsx'
import { loader as rootLoader } from '#app/root.tsx'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// Platform administrators come from a verified email in ADMIN_EMAIL_DOMAINS (the admin area itself: admin-area.test.ts); the production
// dev sign-in does not verify emails, so the e2e suite cannot sign one in: covered here.
const originalAdminDomains = process.env.ADMIN_EMAIL_DOMAINS

afterEach(() => {
	process.env.ADMIN_EMAIL_DOMAINS = originalAdminDomains
	resetEnvCache()
})

function run(loader: (args: LoaderFunctionArgs) => Promise<unknown>, path: string, cookie?: string) {
	return callRoute(() => loader({ request: makeRequest(path, { cookie }), params: {}, context: {} }))
}

describe('the signed-in area', () => {
	test('the layout sends visitors without a session to sign in, remembering the page', async () => {
		const result = await run(layoutLoader, '/campaigns?page=2')
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe(
			`/login?redirectTo=${encodeURIComponent('/campaigns?page=2')}`,
		)
	})

	test('the home page redirects to /contacts when signed in, else to /login', async () => {
		const { cookie } = await createSignedInUser()
		expect((await run(indexLoader, '/', cookie)).headers.get('Location')).toBe('/contacts')
		expect((await run(indexLoader, '/')).headers.get('Location')).toBe('/login')
	})

	test('/admin is a 403 for everyone but platform administrators', async () => {
		process.env.ADMIN_EMAIL_DOMAINS = 'reachout-admin.test'
		resetEnvCache()
		const member = await createSignedInUser({ role: 'OWNER' })
		expect((await run(adminLoader, '/admin', member.cookie)).status).toBe(403)

		const admin = await createSignedInUser({ email: `admin-${Date.now()}@reachout-admin.test` })
		expect((await run(adminLoader, '/admin', admin.cookie)).status).toBe(200)
		const root = await run(rootLoader, '/admin', admin.cookie)
		expect(root.body.actor).toMatchObject({ email: admin.user.email, isPlatformAdmin: true })
	})
})

describe('root loader', () => {
	test('gives the browser the actor without the session id, and the public env', async () => {
		const { cookie, user, organization } = await createSignedInUser({ role: 'MEMBER' })
		const result = await run(rootLoader, '/contacts', cookie)
		expect(result.body.actor).toEqual({
			userId: user.id,
			email: user.email,
			name: user.name,
			organizationId: organization.id,
			role: 'MEMBER',
			isPlatformAdmin: false,
		})
		expect(JSON.stringify(result.body)).not.toContain('sessionId')
		expect(result.body.ENV).toEqual(expect.objectContaining({ MODE: expect.any(String) }))
		expect((await run(rootLoader, '/login')).body.actor).toBeNull()
	})

	test('reads the flash toast once and clears its cookie', async () => {
		const redirect = await redirectWithToast('/contacts', { type: 'success', title: 'Feedback submitted!' })
		const toastCookie = redirect.headers.get('Set-Cookie')!.split(';')[0]!
		const result = await run(rootLoader, '/contacts', toastCookie)
		expect(result.body.toast).toMatchObject({ type: 'success', title: 'Feedback submitted!' })
		expect(result.headers.get('Set-Cookie')).toMatch(/^en_toast=;/)
	})
})
