import { redirect } from '@remix-run/node'
import type { ApiTokenScope, Role } from '#app/generated/prisma/enums.ts'
import { authenticateApiToken } from '#app/models/api-token/authenticate-api-token.server.ts'
import { API_TOKEN_MESSAGES } from '#app/schemas/api-token.ts'
import { apiError } from '#app/utils/api.server.ts'
import { adminEmailDomains } from '#app/utils/env.server.ts'
import { noteActingOrganization } from '#app/utils/request-context.server.ts'
import { answersSignInWithRedirect } from '#app/utils/request-kind.ts'
import { clearSessionCookie, readSessionId } from '#app/utils/session.server.ts'
import { findActiveSession } from './session.server.ts'

/** Who is acting: the user, their organization and role, and the session or API token. */
export type Actor = {
	/** The browser session; null when a personal access token acts (decision 041). */
	sessionId: string | null
	/** The personal access token acting, with its scope; null for a session. */
	apiToken: { id: string; scope: ApiTokenScope } | null
	userId: string
	email: string
	name: string
	organizationId: string
	role: Role
	isPlatformAdmin: boolean
}

export async function getActor(request: Request): Promise<Actor | null> {
	const sessionId = await readSessionId(request)
	if (!sessionId) return null
	const session = await findActiveSession(sessionId)
	const membership = session?.user.memberships[0]
	if (!session || !membership) return null
	// The request log names the organization that acted.
	noteActingOrganization(membership.organizationId)
	return {
		sessionId: session.id,
		apiToken: null,
		userId: session.user.id,
		email: session.user.email,
		name: session.user.name,
		organizationId: membership.organizationId,
		role: membership.role,
		isPlatformAdmin: isPlatformAdminEmail(session.user.email, session.user.emailVerified),
	}
}

/** Platform administrators: a verified email whose domain is listed in ADMIN_EMAIL_DOMAINS. */
export function isPlatformAdminEmail(email: string, emailVerified: boolean) {
	const domain = email.split('@')[1]?.toLowerCase()
	return Boolean(emailVerified && domain && adminEmailDomains().includes(domain))
}

/** For UI routes: redirects to the sign-in page, remembering where the user was going. */
export async function requireActor(request: Request): Promise<Actor> {
	const actor = await getActor(request)
	if (actor) return actor
	throw await signedOutResponse(request, 'sign-in')
}

/**
 * For the JSON API: the session's actor, or — under /api/ with an `Authorization` header — the
 * personal access token's (decision 041). 401 without a valid session or token; 403 when a
 * read-only token asks for anything but GET or HEAD.
 */
export async function requireApiActor(request: Request): Promise<Actor> {
	if (request.headers.has('authorization') && new URL(request.url).pathname.startsWith('/api/'))
		return requireTokenActor(request)
	const actor = await getActor(request)
	if (actor) return actor
	throw await signedOutResponse(request, 'unauthorized')
}

/** The header alone decides: a bad token is refused even beside a valid session cookie. */
async function requireTokenActor(request: Request): Promise<Actor> {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
	if (!match?.[1]) throw apiError(401, 'unauthorized', API_TOKEN_MESSAGES.malformed)
	const token = await authenticateApiToken(match[1])
	if (!token) throw apiError(401, 'unauthorized', API_TOKEN_MESSAGES.invalid)
	if (token.scope === 'READ' && !READ_METHODS.has(request.method.toUpperCase()))
		throw apiError(403, 'insufficient_scope', API_TOKEN_MESSAGES.readOnly)
	noteActingOrganization(token.organizationId)
	return {
		sessionId: null,
		apiToken: { id: token.tokenId, scope: token.scope },
		userId: token.user.id,
		email: token.user.email,
		name: token.user.name,
		organizationId: token.organizationId,
		role: token.role,
		isPlatformAdmin: isPlatformAdminEmail(token.user.email, token.user.emailVerified),
	}
}

/** What a read-only token may do: the safe methods (a POST that only searches still counts as a write). */
const READ_METHODS = new Set(['GET', 'HEAD'])

/**
 * The answer without a session. Resource routes (`/resources/…`) serve both pages and programs,
 * so there the request decides, whichever helper the route calls: a browser page goes to sign in,
 * an API client gets `401 { error, message }` (request-kind.ts). Elsewhere the helper decides.
 */
async function signedOutResponse(request: Request, answer: 'sign-in' | 'unauthorized') {
	const url = new URL(request.url)
	if (url.pathname.startsWith('/resources/'))
		answer = answersSignInWithRedirect(request.headers) ? 'sign-in' : 'unauthorized'
	if (answer === 'unauthorized') return apiError(401, 'unauthorized', 'Authentication required')
	const redirectTo = `${url.pathname}${url.search}`
	const headers = (await readSessionId(request)) ? { 'Set-Cookie': await clearSessionCookie() } : undefined
	return redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, { headers })
}

/** The actor as the mailbox rules see them. */
export function mailboxOwner(actor: Actor) {
	return { organizationId: actor.organizationId, userId: actor.userId, email: actor.email, name: actor.name }
}

export function canManageOrganization(actor: Pick<Actor, 'role'>) {
	return actor.role === 'OWNER' || actor.role === 'ADMIN'
}

/** 403 for members acting where only OWNER or ADMIN may. */
export function requireOrganizationManager(actor: Actor) {
	if (!canManageOrganization(actor)) {
		throw apiError(403, 'forbidden', 'Only owners and admins can do this')
	}
}
