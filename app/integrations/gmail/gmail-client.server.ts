// The Gmail API alone: loading all of `googleapis` costs about a second per process.
import { auth, gmail, type gmail_v1 } from 'googleapis/build/src/apis/gmail/index.js'
import addressparser from 'nodemailer/lib/addressparser/index.js'
import { hasGmailScopes } from '#app/integrations/google/google-grant.ts'
import { GoogleScopeError } from '#app/integrations/mail/transport.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

export type GmailApi = gmail_v1.Gmail
export type GmailMessage = gmail_v1.Schema$Message

/** The user's Gmail, with their tokens; `call` maps a revoked grant to GoogleScopeError. */
export type GmailAccess = {
	api: GmailApi
	userId: string
	/** The Google account's address (the mailbox Gmail sends from). */
	email: string
	call<T>(request: () => Promise<T>): Promise<T>
}

/** The user's Gmail grant as stored: both scopes granted, a refresh token, known to be broken. */
export type GmailGrantState = { granted: boolean; hasRefreshToken: boolean; needsReset: boolean }

/** The stored tokens in clear, with the Google account's address. */
export type StoredGmailTokens = {
	email: string
	accessToken: string
	refreshToken: string | null
	expiresAt: Date | null
}

/** What Google handed back on a refresh (a new refresh token and scopes only sometimes). */
export type RefreshedGmailTokens = {
	accessToken: string
	refreshToken?: string | null
	expiresAt?: Date | null
	scope?: string | null
}

/**
 * Where one user's Google grant is kept (the account model passes it in): the grant's state,
 * its tokens, saving refreshed tokens and flagging a grant Google no longer honours.
 */
export type GmailGrantStore = {
	userId: string
	grantState(): Promise<GmailGrantState>
	tokens(): Promise<StoredGmailTokens | null>
	saveTokens(tokens: RefreshedGmailTokens): Promise<void>
	flagScopeReset(): Promise<void>
}

/**
 * A Gmail client acting as the store's user. Throws GoogleScopeError when the user has no
 * Google account with both Gmail scopes, no refresh token, or a grant already known to be
 * broken. Refreshed access tokens are saved back to the store so other processes reuse them.
 */
export async function connectGmail(store: GmailGrantStore): Promise<GmailAccess> {
	const userId = store.userId
	const grant = await store.grantState()
	if (!grant.granted || !grant.hasRefreshToken || grant.needsReset) {
		// A Google user who has not (or no longer) granted Gmail is asked to; others never had Google.
		if (!grant.needsReset && (grant.granted || grant.hasRefreshToken)) await store.flagScopeReset()
		throw new GoogleScopeError('Gmail access is missing: sign in with Google again to allow it')
	}
	const tokens = await store.tokens()
	if (!tokens) throw new GoogleScopeError('Gmail access is missing: sign in with Google again to allow it')

	const env = getEnv()
	const client = new auth.OAuth2({
		clientId: env.GOOGLE_CLIENT_ID,
		clientSecret: env.GOOGLE_CLIENT_SECRET,
		...(env.GOOGLE_TOKEN_URL ? { endpoints: { oauth2TokenUrl: env.GOOGLE_TOKEN_URL } } : {}),
		// Stored tokens carry an expiry that may be wrong (clock, early revocation): on a 401
		// refresh once and retry instead of failing.
		forceRefreshOnFailure: true,
	})
	client.setCredentials({
		access_token: tokens.accessToken,
		refresh_token: tokens.refreshToken,
		expiry_date: tokens.expiresAt?.getTime() ?? null,
	})
	const pendingSaves: Array<Promise<unknown>> = []
	client.on('tokens', (fresh) => {
		if (!fresh.access_token) return
		pendingSaves.push(
			store
				.saveTokens({
					accessToken: fresh.access_token,
					refreshToken: fresh.refresh_token ?? null,
					expiresAt: fresh.expiry_date ? new Date(fresh.expiry_date) : undefined,
					scope: fresh.scope ?? null,
				})
				.then(async () => {
					if (fresh.scope && !hasGmailScopes(fresh.scope)) await store.flagScopeReset()
				}),
		)
	})
	async function flushSaves() {
		const saves = pendingSaves.splice(0)
		await Promise.allSettled(saves)
	}

	const api = gmail({
		version: 'v1',
		auth: client,
		...(env.GMAIL_API_URL ? { rootUrl: env.GMAIL_API_URL } : {}),
		timeout: 30_000,
	})
	return {
		api,
		userId,
		email: tokens.email,
		async call(request) {
			try {
				const result = await request()
				await flushSaves()
				return result
			} catch (error) {
				await flushSaves()
				if (isScopeFailure(error)) {
					await store.flagScopeReset()
					throw new GoogleScopeError('Google refused access to Gmail: sign in with Google again', {
						cause: error,
					})
				}
				throw error
			}
		},
	}
}

/** HTTP status of a failed Google call, if it got an answer. */
export function googleErrorStatus(error: unknown): number | undefined {
	if (!error || typeof error !== 'object') return undefined
	const response = 'response' in error ? (error.response as { status?: number } | undefined) : undefined
	return (
		response?.status ?? ('status' in error && typeof error.status === 'number' ? error.status : undefined)
	)
}

function googleErrorBody(error: unknown): unknown {
	if (!error || typeof error !== 'object' || !('response' in error)) return undefined
	return (error.response as { data?: unknown } | undefined)?.data
}

/** The message of a Gmail API error body ({ error: { message } }), else the error's own. */
export function googleErrorMessage(error: unknown): string {
	const body = googleErrorBody(error) as { error?: { message?: string } | string } | undefined
	if (body && typeof body.error === 'object' && body.error.message) return body.error.message
	return error instanceof Error ? error.message : String(error)
}

/**
 * The grant is gone: the token endpoint said invalid_grant, a call still got 401 after a
 * refresh, or Gmail says the token lacks the scopes. Other 403s (rate limits) are not.
 */
function isScopeFailure(error: unknown) {
	const body = googleErrorBody(error) as
		| { error?: string | { message?: string; status?: string; errors?: Array<{ reason?: string }> } }
		| undefined
	if (body?.error === 'invalid_grant' || (error instanceof Error && /invalid_grant/.test(error.message)))
		return true
	if (error instanceof Error && error.message === 'No refresh token is set.') return true
	const status = googleErrorStatus(error)
	if (status === 401) return true
	if (status !== 403 || !body || typeof body.error !== 'object') return false
	const reasons = (body.error.errors ?? []).map((entry) => entry.reason)
	return (
		reasons.includes('insufficientPermissions') ||
		/insufficient authentication scopes|ACCESS_TOKEN_SCOPE_INSUFFICIENT/i.test(body.error.message ?? '')
	)
}

// ─── Reading messages ────────────────────────────────────────────────────────

/** A Gmail message reduced to what reply detection needs. */
export type ParsedGmailMessage = {
	id: string
	threadId: string
	labelIds: string[]
	from: string
	to: string | null
	date: Date
	subject: string | null
	html: string
	text: string
	messageIdHeader: string | null
	inReplyTo: string | null
	references: string[]
	headers: Record<string, string>
	contentType: string | null
	/** Text of report parts (delivery status, returned headers) a bounce carries. */
	reportText: string
}

export function parseGmailMessage(message: GmailMessage): ParsedGmailMessage {
	const headers: Record<string, string> = {}
	for (const header of message.payload?.headers ?? []) {
		if (header.name) headers[header.name.toLowerCase()] = header.value ?? ''
	}
	const bodies = { html: '', text: '', report: [] as string[] }
	collectBodies(message.payload, bodies)
	const dateHeader = headers.date ? Date.parse(headers.date) : Number.NaN
	const internal = Number(message.internalDate)
	return {
		id: message.id ?? '',
		threadId: message.threadId ?? '',
		labelIds: message.labelIds ?? [],
		from: firstAddress(headers.from) ?? headers.from ?? '',
		to: firstAddress(headers.to),
		date: new Date(
			Number.isFinite(internal) && internal > 0
				? internal
				: Number.isFinite(dateHeader)
					? dateHeader
					: Date.now(),
		),
		subject: headers.subject ?? null,
		html: bodies.html,
		text: bodies.text,
		messageIdHeader: headers['message-id']?.trim() || null,
		inReplyTo: headers['in-reply-to']?.match(/<[^>]+>/)?.[0] ?? null,
		references: headers.references?.match(/<[^>]+>/g) ?? [],
		headers,
		contentType: headers['content-type'] ?? message.payload?.mimeType ?? null,
		reportText: bodies.report.join('\n'),
	}
}

function collectBodies(
	part: gmail_v1.Schema$MessagePart | undefined,
	into: { html: string; text: string; report: string[] },
) {
	if (!part) return
	const data = part.body?.data ? Buffer.from(part.body.data, 'base64url').toString('utf8') : ''
	const type = (part.mimeType ?? '').toLowerCase()
	if (type === 'text/plain' && !into.text && !part.filename) into.text = data
	else if (type === 'text/html' && !into.html && !part.filename) into.html = data
	else if (data && (type.startsWith('message/') || type === 'text/rfc822-headers')) into.report.push(data)
	for (const child of part.parts ?? []) collectBodies(child, into)
}

function firstAddress(value: string | undefined) {
	if (!value) return null
	const [first] = addressparser(value, { flatten: true })
	return first && 'address' in first && first.address ? first.address.toLowerCase() : null
}
