import { getEnv } from '#app/utils/env.server.ts'
import { canonicalLinkedinUrl } from '#app/utils/linkedin-url.ts'
import { candidate, type CandidateSource, SourceFailed, SourceSkipped } from './candidate-source.ts'
import { registrableDomain } from './registrable-domain.ts'
import { type AttemptFailure, withRetry } from './with-retry.ts'

// Source (c): an Apollo-style people-data provider, on when PEOPLE_DATA_API_KEY is set:
// POST {PEOPLE_DATA_BASE_URL}/v1/mixed_people/search with the company's domain (and the titles
// asked for as a hint). Needs the company's website: without one there is nothing to ask.

type ProviderPerson = {
	id?: string
	first_name?: string | null
	last_name?: string | null
	name?: string | null
	title?: string | null
	headline?: string | null
	email?: string | null
	linkedin_url?: string | null
	city?: string | null
	state?: string | null
	country?: string | null
}

class HttpStatusError extends Error {
	constructor(readonly status: number) {
		super(`HTTP ${status}`)
	}
}

export const peopleDataSource: CandidateSource = {
	name: 'people-data',
	async find(company, { lookingFor, limit, signal }) {
		const env = getEnv()
		if (!env.PEOPLE_DATA_API_KEY) throw new SourceSkipped('No people-data provider configured')
		const domain = registrableDomain(company.website)
		if (!domain) throw new SourceSkipped('The company has no website to search the provider by')
		const url = `${env.PEOPLE_DATA_BASE_URL.replace(/\/+$/, '')}/v1/mixed_people/search`
		const body = JSON.stringify({
			q_organization_domains_list: [domain],
			person_titles: lookingFor.length <= 200 ? [lookingFor] : [],
			page: 1,
			per_page: Math.min(100, limit),
		})
		const people = await withRetry(
			async () => {
				const timeout = AbortSignal.timeout(env.CONTACT_SEARCH_SOURCE_TIMEOUT_MS)
				const response = await fetch(url, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						'cache-control': 'no-cache',
						'x-api-key': env.PEOPLE_DATA_API_KEY!,
					},
					body,
					signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
				})
				if (!response.ok) throw new HttpStatusError(response.status)
				const json = (await response.json()) as { people?: ProviderPerson[] }
				return Array.isArray(json.people) ? json.people : []
			},
			classifyProviderError,
			{ attempts: env.CONTACT_SEARCH_SOURCE_ATTEMPTS, baseDelayMs: env.CONTACT_SEARCH_RETRY_BASE_MS, signal },
		)
		return people.slice(0, limit).map((person, index) => {
			const linkedinUrl = person.linkedin_url
				? (canonicalLinkedinUrl(person.linkedin_url) ?? person.linkedin_url)
				: null
			const [first, ...rest] = (person.name ?? '').split(/\s+/)
			return candidate({
				key: `provider:${person.id ?? linkedinUrl ?? person.email ?? index}`,
				source: 'PROVIDER',
				firstName: person.first_name || first || null,
				lastName: person.last_name || rest.join(' ') || null,
				email: person.email?.toLowerCase() || null,
				role: person.title ?? null,
				summary: person.headline ?? null,
				location: [person.city, person.state, person.country].filter(Boolean).join(', ') || null,
				linkedinUrl,
				companyName: company.name,
				companyId: company.id,
			})
		})
	},
}

function classifyProviderError(error: unknown): AttemptFailure {
	if (error instanceof HttpStatusError) {
		if (error.status === 429)
			return { retry: true, reason: 'the people-data provider is rate limiting (429)' }
		if (error.status >= 500)
			return { retry: true, reason: `the people-data provider failed (${error.status})` }
		if (error.status === 401 || error.status === 403)
			throw new SourceFailed('the people-data provider refused the API key')
		return { retry: false, reason: `the people-data provider refused the search (${error.status})` }
	}
	const name = error instanceof Error ? error.name : ''
	if (name === 'TimeoutError' || name === 'AbortError')
		return { retry: true, reason: 'the people-data provider did not answer' }
	if (error instanceof SyntaxError)
		return { retry: false, reason: 'the people-data provider answered something that is not JSON' }
	return { retry: true, reason: 'the people-data provider could not be reached' }
}
