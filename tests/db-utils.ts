import { randomUUID } from 'node:crypto'
import type { Role } from '#app/generated/prisma/enums.ts'
import { createSession } from '#app/models/session/session.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { commitSessionToken } from '#app/utils/session.server.ts'

export const TEST_ORIGIN = 'http://localhost:3000'

/** A fresh organization with one signed-in user of the given role, and that user's cookie. */
export async function createSignedInUser({
	role = 'OWNER' as Role,
	organizationId,
	email,
}: { role?: Role; organizationId?: string; email?: string } = {}) {
	const unique = randomUUID().slice(0, 8)
	const organization = organizationId
		? await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })
		: // No send window (new organizations get one): tests send at whatever hour they run.
			await prisma.organization.create({ data: { name: `Org ${unique}`, sendWindowEnabled: false } })
	const user = await prisma.user.create({
		data: {
			email: email ?? `user-${unique}@example.com`,
			name: `User ${unique}`,
			emailVerified: true,
			memberships: { create: { organizationId: organization.id, role } },
		},
	})
	const session = await createSession({ userId: user.id })
	const setCookie = await commitSessionToken(session.token)
	const cookie = setCookie.split(';')[0]!
	return { user, organization, session, cookie }
}

/** A Request as a browser of that user would send it (same-origin). */
export function makeRequest(
	path: string,
	{
		method = 'GET',
		cookie,
		json,
		form,
		headers = {},
	}: {
		method?: string
		cookie?: string
		json?: unknown
		form?: Record<string, string> | FormData
		headers?: Record<string, string>
	} = {},
) {
	const init: RequestInit = { method, headers: { Origin: TEST_ORIGIN, ...headers } }
	const requestHeaders = init.headers as Record<string, string>
	if (cookie) requestHeaders.Cookie = cookie
	if (json !== undefined) {
		requestHeaders['Content-Type'] = 'application/json'
		init.body = JSON.stringify(json)
	} else if (form) {
		init.body = form instanceof FormData ? form : new URLSearchParams(form)
	}
	return new Request(new URL(path, TEST_ORIGIN), init)
}

/** Runs a loader or action and returns status and parsed body, whether it returned or threw a Response/data(). */
export async function callRoute(
	run: () => Promise<unknown>,
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
): Promise<{ status: number; body: any; headers: Headers }> {
	let outcome: unknown
	try {
		outcome = await run()
	} catch (thrown) {
		outcome = thrown
	}
	if (outcome instanceof Response) {
		const text = await outcome.text()
		let body: unknown = text
		try {
			body = text ? JSON.parse(text) : null
		} catch {
			// not JSON
		}
		return { status: outcome.status, body, headers: outcome.headers }
	}
	if (
		outcome &&
		typeof outcome === 'object' &&
		'type' in outcome &&
		(outcome as { type: string }).type === 'DataWithResponseInit'
	) {
		const { data, init } = outcome as unknown as { data: unknown; init?: ResponseInit }
		return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) }
	}
	if (outcome instanceof Error) throw outcome
	return { status: 200, body: outcome, headers: new Headers() }
}
