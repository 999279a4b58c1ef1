import { createLinkedInClient, LinkedInRequestError } from '#app/integrations/linkedin/linkedin-client.ts'
import { getLinkedInCredentials } from '#app/models/linkedin/linkedin-connection.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { canonicalLinkedinUrl } from '#app/utils/linkedin-url.ts'
import { candidate, type CandidateSource, SourceFailed, SourceSkipped } from './candidate-source.ts'
import { linkedinCompanyName } from './registrable-domain.ts'
import { type AttemptFailure, withRetry } from './with-retry.ts'

// Source (b): the company's people on LinkedIn, through the acting user's own session (the one
// the companion handed over, stored encrypted). Skipped when the user has no LinkedIn connected.

export const linkedinPeopleSource: CandidateSource = {
	name: 'linkedin',
	async find(company, { userId, limit, signal }) {
		const credentials = userId ? await getLinkedInCredentials(userId) : null
		if (!credentials) throw new SourceSkipped('No LinkedIn account connected')
		const env = getEnv()
		const client = createLinkedInClient({
			baseUrl: env.LINKEDIN_API_BASE_URL,
			cookie: credentials.cookie,
			csrfToken: credentials.csrfToken,
			timeoutMs: env.CONTACT_SEARCH_SOURCE_TIMEOUT_MS,
			peopleSearchQueryId: env.LINKEDIN_PEOPLE_SEARCH_QUERY_ID,
		})
		const people = await withRetry(
			() =>
				client.searchCompanyPeople({
					companyName: company.name,
					universalName: linkedinCompanyName(company.linkedinUrl),
					max: limit,
				}),
			classifyLinkedInError,
			{ attempts: env.CONTACT_SEARCH_SOURCE_ATTEMPTS, baseDelayMs: env.CONTACT_SEARCH_RETRY_BASE_MS, signal },
		)
		return people.map((person) => {
			const linkedinUrl = canonicalLinkedinUrl(person.linkedin) ?? person.linkedin
			return candidate({
				key: `linkedin:${person.profileUrn ?? linkedinUrl}`,
				source: 'LINKEDIN',
				firstName: person.firstName || null,
				lastName: person.lastName || null,
				role: person.headline,
				location: person.location,
				linkedinUrl,
				companyName: company.name,
				companyId: company.id,
			})
		})
	},
}

function classifyLinkedInError(error: unknown): AttemptFailure {
	if (!(error instanceof LinkedInRequestError)) throw error
	if (error.code === 'SESSION_EXPIRED' || error.code === 'CHECKPOINT')
		throw new SourceFailed('LinkedIn asks to sign in again (reconnect LinkedIn in the companion)')
	if (error.code === 'RATE_LIMITED') return { retry: true, reason: 'LinkedIn is limiting this account' }
	if (error.code === 'NETWORK') return { retry: true, reason: `LinkedIn did not answer (${error.message})` }
	return { retry: false, reason: `LinkedIn refused the search (${error.message})` }
}
