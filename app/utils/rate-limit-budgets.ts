// The rate limits' budgets (decision 018): how many requests a key (an IP, an email, a session, an
// organization) may make per window. Each is set by its environment variable as one or more windows,
// `<requests>/<duration>` joined by commas: `60/1m,600/1h` allows 60 a minute and 600 an hour.
// Defaults are far above what a person or the test suites do, and far below a script's flood.

export type BudgetName = keyof typeof BUDGETS

export type Budget = {
	/** What a request spends it for. */
	per: 'ip' | 'email' | 'session' | 'organization'
	env: string
	default: string
	/** What the key is and what counts, for the README's environment table. */
	meaning: string
	/** Said to a client that ran out (after "Too many …"). */
	what: string
}

export const BUDGETS = {
	signInPerIp: {
		per: 'ip',
		env: 'RATE_LIMIT_SIGN_IN_PER_IP',
		default: '60/1m,600/1h',
		meaning: 'Sign-in and sign-up attempts per client IP (dev sign-in, Google start and callback, API login)',
		what: 'sign-in attempts',
	},
	signInPerEmail: {
		per: 'email',
		env: 'RATE_LIMIT_SIGN_IN_PER_EMAIL',
		default: '10/10m',
		meaning: 'Sign-ins per email address (counted when the identity is known)',
		what: 'sign-in attempts for this email',
	},
	apiPerSession: {
		per: 'session',
		env: 'RATE_LIMIT_API_PER_SESSION',
		default: '600/1m',
		meaning: 'Requests to /api/… and /resources/… per session (per IP without one)',
		what: 'requests',
	},
	apiPerOrganization: {
		per: 'organization',
		env: 'RATE_LIMIT_API_PER_ORG',
		default: '3000/1m',
		meaning: 'Requests to /api/… and /resources/… per organization, all its members together',
		what: 'requests from your organization',
	},
	generationPerOrganization: {
		per: 'organization',
		env: 'RATE_LIMIT_GENERATION_PER_ORG',
		default: '100/10m',
		meaning: 'Sequence generations and rewrites per organization (the assistant)',
		what: 'sequence generations',
	},
	documentParsingPerOrganization: {
		per: 'organization',
		env: 'RATE_LIMIT_DOCUMENT_PARSING_PER_ORG',
		default: '30/10m',
		meaning: 'Document uploads to parse per organization',
		what: 'document uploads',
	},
	contactExportPerOrganization: {
		per: 'organization',
		env: 'RATE_LIMIT_CONTACT_EXPORT_PER_ORG',
		default: '20/10m',
		meaning: 'Contact exports (CSV) per organization',
		what: 'contact exports',
	},
	importPerOrganization: {
		per: 'organization',
		env: 'RATE_LIMIT_IMPORT_PER_ORG',
		default: '20/10m',
		meaning: 'Lead and company imports started per organization',
		what: 'imports',
	},
	scrapingPerOrganization: {
		per: 'organization',
		env: 'RATE_LIMIT_SCRAPING_PER_ORG',
		default: '60/10m',
		meaning: 'Website scrapes (lead scraper, enrichment) per organization',
		what: 'scraping requests',
	},
	callOutcomePerOrganization: {
		per: 'organization',
		env: 'RATE_LIMIT_CALL_OUTCOME_PER_ORG',
		default: '600/10m',
		meaning: 'Calls logged from the Calls page or the calls API per organization, its members together',
		what: 'calls logged',
	},
	searchPerOrganization: {
		per: 'organization',
		env: 'RATE_LIMIT_SEARCH_PER_ORG',
		default: '120/10m',
		meaning: 'Contact searches ("find the best contacts at these companies") per organization',
		what: 'searches',
	},
	linkedinAccountPerOrganization: {
		per: 'organization',
		env: 'RATE_LIMIT_LINKEDIN_ACCOUNT_PER_ORG',
		default: '120/10m',
		meaning: "Changes to members' LinkedIn accounts (settings, profile, disconnect) per organization",
		what: 'LinkedIn account changes',
	},
} as const satisfies Record<string, Budget>

export type Window = { points: number; seconds: number }

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const

/** `60/1m,600/1h` → windows; throws with the variable's name on anything else. */
export function parseBudget(spec: string, name = 'rate limit'): Window[] {
	const windows = spec.split(',').map((part) => {
		const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smhd])\s*$/.exec(part)
		const points = Number(match?.[1])
		const seconds = Number(match?.[2]) * UNIT_SECONDS[(match?.[3] ?? 's') as keyof typeof UNIT_SECONDS]
		if (!match || points < 1 || seconds < 1) {
			throw new Error(`${name}: "${part.trim()}" is not <requests>/<duration> such as 60/1m (s, m, h or d)`)
		}
		return { points, seconds }
	})
	return windows
}

/** Each budget's windows from the environment (or its default). */
export function budgetsFromEnv(env: Record<string, string | undefined> = process.env) {
	const entries = Object.entries(BUDGETS).map(([name, budget]) => {
		const spec = env[budget.env]?.trim() || budget.default
		return [name, parseBudget(spec, budget.env)] as const
	})
	return Object.fromEntries(entries) as Record<BudgetName, Window[]>
}

/** RATE_LIMITS=off turns every limit off (a load test, an incident); anything else leaves them on. */
export function rateLimitsEnabled(env: Record<string, string | undefined> = process.env) {
	return !['off', 'false', '0'].includes((env.RATE_LIMITS ?? '').trim().toLowerCase())
}

/** `1m` for the message a client reads. */
export function describeWait(seconds: number) {
	if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
	const minutes = Math.ceil(seconds / 60)
	return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
