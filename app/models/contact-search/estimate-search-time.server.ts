import { getEnv } from '#app/utils/env.server.ts'

// The start's estimatedTime (spec: within 30 s of the truth): the job runs companies in waves of
// CONTACT_SEARCH_CONCURRENCY; a company costs its slowest source (sources run side by side) plus
// its ranking. The figures are a LinkedIn page ~0.7 s (10 people; most companies answer within 3
// pages), a provider call ~2 s, a model window of 20 candidates ~3 s (windows in parallel, so ~1
// round per company), the offline ranker and the database well under a second, and ~3 s for the
// worker to pick the job up. Checked against bench/_contact-search-bulk.ts.

export type EstimateInput = {
	companies: number
	linkedinConnected: boolean
}

export function estimateSearchSeconds({ companies, linkedinConnected }: EstimateInput) {
	const env = getEnv()
	const linkedinPages = Math.min(3, Math.ceil(env.CONTACT_SEARCH_MAX_CANDIDATES / 10))
	const sourceSeconds = Math.max(
		0.5,
		linkedinConnected ? linkedinPages * 0.7 : 0,
		env.PEOPLE_DATA_API_KEY ? 2 : 0,
	)
	const rankSeconds = env.OPENAI_API_KEY ? 3 : 0.2
	const waves = Math.ceil(companies / env.CONTACT_SEARCH_CONCURRENCY)
	return 3 + waves * (sourceSeconds + rankSeconds)
}

/** "about 10 seconds", "about 2 minutes": rounded to 10 s under two minutes, to minutes above. */
export function describeDuration(seconds: number) {
	if (seconds < 120) return `about ${Math.max(10, Math.round(seconds / 10) * 10)} seconds`
	return `about ${Math.round(seconds / 60)} minutes`
}
