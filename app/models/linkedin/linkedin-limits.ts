// LinkedIn's limits as the spec shows them to the user ("at most 100 connection requests per week
// and 12 per day to new connections; without the paid LinkedIn tier only 5 connection-request notes
// per month"). Counted per LinkedIn account over rolling windows from the action ledger
// (LinkedInAction rows CLAIMED or DONE), whichever executor acted (decision 029).

export const LINKEDIN_LIMITS = {
	connectionRequestsPerDay: 12,
	connectionRequestsPerWeek: 100,
	/** Without LinkedIn's paid tier. */
	requestNotesPerMonth: 5,
} as const

export const DAY_MS = 24 * 60 * 60 * 1000
/** The rolling windows the limits are counted over. */
export const LIMIT_WINDOWS_MS = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS } as const

/** What the UI says happens to a note over the monthly limit. */
export const NOTE_OVER_LIMIT_MESSAGE =
	'Without LinkedIn Premium only 5 connection-request notes go per month; over that, the request is sent without its note.'

export type LinkedInUsage = { requestsToday: number; requestsThisWeek: number; notesThisMonth: number }

/** Whether one more connection request may go now, and whether it may carry a note. */
export function connectionRequestAllowance(usage: LinkedInUsage, premium: boolean) {
	const allowed =
		usage.requestsToday < LINKEDIN_LIMITS.connectionRequestsPerDay &&
		usage.requestsThisWeek < LINKEDIN_LIMITS.connectionRequestsPerWeek
	const noteAllowed = premium || usage.notesThisMonth < LINKEDIN_LIMITS.requestNotesPerMonth
	return { allowed, noteAllowed }
}
