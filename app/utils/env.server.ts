import { z } from 'zod'
import { budgetsFromEnv } from './rate-limit-budgets.ts'

const booleanString = z
	.enum(['true', 'false', '1', '0', ''])
	.optional()
	.transform((value) => value === 'true' || value === '1')

const schema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	DATABASE_URL: z.string().min(1),
	PORT: z.coerce.number().int().positive().default(3000),
	/** Public origin of the app, used for OAuth redirects. Defaults to http://localhost:PORT. */
	APP_URL: z.string().url().optional(),
	SESSION_SECRET: z.string().min(16).optional(),
	/** 32 bytes, hex or base64: the AES-256-GCM key for secrets at rest. */
	ENCRYPTION_KEY: z.string().min(32).optional(),
	GOOGLE_CLIENT_ID: z.string().optional(),
	GOOGLE_CLIENT_SECRET: z.string().optional(),
	DEV_LOGIN: booleanString,
	ADMIN_EMAIL_DOMAINS: z.string().default(''),
	WORKER: z.enum(['inline', 'off', '']).optional(),
	WORKER_CONCURRENCY: z.coerce.number().int().positive().default(5),
	/** How often each worker records that it is alive, and the age past which the healthcheck fails. */
	WORKER_HEARTBEAT_SECONDS: z.coerce.number().positive().default(10),
	WORKER_HEARTBEAT_MAX_AGE_SECONDS: z.coerce.number().positive().default(60),
	/** One JSON line per request (server/request-log.ts); unset: on in production only. */
	LOG_REQUESTS: z.enum(['true', 'false', '1', '0', '']).optional(),
	SESSION_MAX_AGE_DAYS: z.coerce.number().positive().default(30),
	/**
	 * Where googleapis sends Gmail and token calls. Unset means Google itself; tests and offline
	 * development point them at a local fake (tests/fakes/gmail-server.ts).
	 */
	GMAIL_API_URL: z.string().url().optional(),
	GOOGLE_TOKEN_URL: z.string().url().optional(),
	/** The default SMTP server for organizations that configured none (smtp://user:pass@host:port). Unset: the local outbox. */
	SMTP_URL: z.string().optional(),
	/**
	 * The sender of the app's own emails (invitations): `Reachout <no-reply@example.com>` or an
	 * address. They go through SMTP_URL; without it, to the inviting organization's outbox.
	 */
	MAIL_FROM: z.string().optional(),
	/** Domain of the Message-IDs we generate; defaults to APP_URL's host. */
	MAIL_DOMAIN: z.string().optional(),
	/**
	 * A step found SENDING for longer than this is taken over by a retry, which asks the
	 * provider before sending again. Longer than any provider call may take.
	 */
	EMAIL_SEND_LEASE_SECONDS: z.coerce.number().positive().default(120),
	/**
	 * Attempts at one email step before it is FAILED (decision 013), counted on the step so they
	 * survive lease takeovers. Refused logins and permanent refusals fail at once.
	 */
	EMAIL_SEND_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
	/** A temporary failure waits this × 2^(attempts − 1), at most EMAIL_SEND_RETRY_MAX_SECONDS, with jitter. */
	EMAIL_SEND_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
	EMAIL_SEND_RETRY_MAX_SECONDS: z.coerce.number().positive().default(3600),
	/**
	 * Days after its send that a tracked link redirects; later it opens a page that shows where it
	 * goes and asks to continue (decision 020). A year covers a sales cycle.
	 */
	TRACKED_LINK_DAYS: z.coerce.number().positive().default(365),
	/** The assistant (issue 5): any OpenAI-compatible server. Without a key the offline writer writes. */
	OPENAI_API_KEY: z.string().optional(),
	OPENAI_BASE_URL: z.string().url().optional(),
	OPENAI_MODEL: z.string().default('gpt-4o-mini'),
	OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
	/** The longest a reply waits for the model's reading before the rules' reading is used. */
	REPLY_MODEL_BUDGET_MS: z.coerce.number().int().positive().default(8_000),
	/** Model requests one organization may have in flight at once. */
	OPENAI_CONCURRENCY: z.coerce.number().int().positive().default(4),
	/**
	 * The safe fetcher (decision 024): `host:port` entries it may reach although their address is
	 * private or loopback (tests' fake sites, offline development). Empty in production.
	 */
	WEB_FETCH_ALLOW_HOSTS: z.string().default(''),
	/** The whole of one fetch of a user's URL: robots.txt, redirects and the body. */
	WEB_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
	/**
	 * Where enrichment reads public LinkedIn company pages (`<base>/company/<slug>/`, decision 026).
	 * Tests and offline development point it at a fake LinkedIn site (which WEB_FETCH_ALLOW_HOSTS lets in).
	 */
	LINKEDIN_PUBLIC_BASE_URL: z.string().url().default('https://www.linkedin.com'),
	/**
	 * LinkedIn's private API for the server-side executor (app/integrations/linkedin/, decision 029).
	 * Tests and offline development point it at the fake LinkedIn server (tests/fakes/linkedin-server.ts).
	 */
	LINKEDIN_API_BASE_URL: z.string().url().default('https://www.linkedin.com'),
	/** New LinkedIn accounts' active hours ("8-20", the organization's time zone) and their random gap
	 * between actions in seconds ("45-180"). Tests and benchmarks set "0-24" and "0-0". */
	LINKEDIN_ACTIVE_HOURS: z
		.string()
		.regex(/^\d{1,2}-\d{1,2}$/)
		.default('8-20'),
	LINKEDIN_PACE_SECONDS: z
		.string()
		.regex(/^\d+-\d+$/)
		.default('45-180'),
	/** How long an executor holds a claimed LinkedIn action before it is given to another. */
	LINKEDIN_ACTION_LEASE_SECONDS: z.coerce.number().int().positive().default(120),
	/** A Firecrawl-compatible API, the fallback when a page cannot be read directly. Unset key: no fallback. */
	FIRECRAWL_API_KEY: z.string().optional(),
	FIRECRAWL_API_URL: z.string().url().default('https://api.firecrawl.dev'),
	/** Pause after each parsed PDF page; only tests set it, to watch progress advance. */
	DOCUMENT_PARSE_PAGE_DELAY_MS: z.coerce.number().int().min(0).default(0),
	/** Contact search (decision 037): companies searched at once by one job. */
	CONTACT_SEARCH_CONCURRENCY: z.coerce.number().int().positive().default(5),
	/** Each call to LinkedIn or the people-data provider; retried on 429/5xx a few times, then the source fails. */
	CONTACT_SEARCH_SOURCE_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
	CONTACT_SEARCH_SOURCE_ATTEMPTS: z.coerce.number().int().positive().default(3),
	CONTACT_SEARCH_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1_000),
	/** Most candidates read from LinkedIn (10 a page) and from the provider per company. */
	CONTACT_SEARCH_MAX_CANDIDATES: z.coerce.number().int().positive().default(50),
	/** LinkedIn's people search GraphQL query id (it rotates with LinkedIn's releases). */
	LINKEDIN_PEOPLE_SEARCH_QUERY_ID: z.string().optional(),
	/** An Apollo-style people-data provider (POST {base}/v1/mixed_people/search); off without a key. */
	PEOPLE_DATA_API_KEY: z.string().optional(),
	PEOPLE_DATA_BASE_URL: z.string().url().default('https://api.apollo.io'),
	/** `off` turns every rate limit off; the budgets are RATE_LIMIT_* (app/utils/rate-limit-budgets.ts). */
	RATE_LIMITS: z.enum(['on', 'off', '']).optional(),
})

export type Env = z.infer<typeof schema>

let cached: Env | undefined

/** Validated server environment; throws on start with every problem listed. */
export function getEnv(): Env {
	if (cached) return cached
	const parsed = schema.safeParse(process.env)
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
		throw new Error(`Invalid environment:\n${problems.join('\n')}`)
	}
	try {
		budgetsFromEnv(process.env)
	} catch (error) {
		throw new Error(`Invalid environment:\n  ${(error as Error).message}`)
	}
	const env = parsed.data
	if (env.NODE_ENV === 'production') {
		const missing = (['SESSION_SECRET', 'ENCRYPTION_KEY'] as const).filter((key) => !env[key])
		if (missing.length) throw new Error(`Missing in production: ${missing.join(', ')}`)
	}
	cached = env
	return env
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
	cached = undefined
}

export const isProduction = () => getEnv().NODE_ENV === 'production'

export function appUrl() {
	const env = getEnv()
	return env.APP_URL ?? `http://localhost:${env.PORT}`
}

export function isGoogleSignInConfigured() {
	const env = getEnv()
	return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
}

/** Email-only sign-in for development and scripts; refused in production unless DEV_LOGIN=true. */
export function isDevLoginEnabled() {
	const env = getEnv()
	return env.NODE_ENV !== 'production' || env.DEV_LOGIN
}

export function adminEmailDomains() {
	return getEnv()
		.ADMIN_EMAIL_DOMAINS.split(',')
		.map((domain) => domain.trim().toLowerCase())
		.filter(Boolean)
}

/** Values safe to send to the browser, listed one by one. */
export function getPublicEnv() {
	const env = getEnv()
	return { MODE: env.NODE_ENV, GOOGLE_SIGN_IN: isGoogleSignInConfigured(), DEV_LOGIN: isDevLoginEnabled() }
}
export type PublicEnv = ReturnType<typeof getPublicEnv>

/** Domain of the Message-IDs we give emails: MAIL_DOMAIN, else the app's host name. */
export function mailDomain() {
	const env = getEnv()
	if (env.MAIL_DOMAIN) return env.MAIL_DOMAIN
	return new URL(appUrl()).hostname || 'reachout.local'
}

/**
 * What a new LinkedInAccount row starts with: active hours and the random gap between actions, from
 * LINKEDIN_ACTIVE_HOURS ("8-20") and LINKEDIN_PACE_SECONDS ("45-180"). A reversed pair is put in
 * order and hours are kept within 0–24, so a slip in the environment never stops every account.
 */
export function linkedInAccountDefaults() {
	const env = getEnv()
	const [startHour, endHour] = orderedPair(env.LINKEDIN_ACTIVE_HOURS).map((hour) => Math.min(24, hour))
	const [paceMinSeconds, paceMaxSeconds] = orderedPair(env.LINKEDIN_PACE_SECONDS)
	return {
		activeHoursStart: startHour!,
		activeHoursEnd: endHour!,
		paceMinSeconds: paceMinSeconds!,
		paceMaxSeconds: paceMaxSeconds!,
	}
}

function orderedPair(value: string) {
	return value
		.split('-')
		.map(Number)
		.sort((a, b) => a - b)
}
