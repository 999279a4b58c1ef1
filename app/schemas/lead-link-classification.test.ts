import { describe, expect, test } from 'vitest'
import { classifyLeadLink, isLinkedInPostUrl } from './lead-link-classification.ts'

describe('classifyLeadLink', () => {
	test.each([
		['https://www.linkedin.com/posts/janedoe_ai-sales-activity-7150000000000000000-AbCd', 'POST'],
		['https://linkedin.com/feed/update/urn:li:activity:7150000000000000000/', 'POST'],
		['https://de.linkedin.com/posts/acme_news-activity-1', 'POST'],
		['https://www.linkedin.com/search/results/people/?keywords=cto', 'NETWORK'],
		['https://www.linkedin.com/mynetwork/invite-connect/connections/', 'NETWORK'],
		['https://www.linkedin.com/company/acme/people/', 'NETWORK'],
		['https://www.linkedin.com/sales/search/people?query=x', 'NETWORK'],
		['https://twitter.com/acme/followers', 'NETWORK'],
		['https://github.com/orgs/acme/people', 'NETWORK'],
		['https://www.xing.com/pages/acme/employees', 'NETWORK'],
		['https://www.linkedin.com/in/janedoe/', 'PEOPLE'],
		['https://acme.com/team', 'PEOPLE'],
		['https://acme.com/about-us', 'PEOPLE'],
		['https://acme.com/company/leadership/', 'PEOPLE'],
		['https://devsummit.io/2025/speakers.html', 'PEOPLE'],
		['https://www.beispiel.de/ueber-uns/unser-team', 'PEOPLE'],
		['https://www.exemple.fr/qui-sommes-nous', 'PEOPLE'],
		['https://www.ejemplo.es/equipo', 'PEOPLE'],
		['https://www.esempio.it/chi-siamo', 'PEOPLE'],
		['https://www.beispiel.de/%C3%BCber-uns', 'PEOPLE'],
		['acme.com/meet-the-team', 'PEOPLE'],
		['https://school.edu/staff-directory', 'PEOPLE'],
		['https://acme.com/', 'OTHERS'],
		['https://acme.com/pricing', 'OTHERS'],
		['https://www.linkedin.com/company/acme/', 'OTHERS'],
		['https://blog.acme.com/2025/launch', 'OTHERS'],
		['not a url', 'INVALID_URL'],
		['ftp://acme.com/team', 'INVALID_URL'],
		['javascript:alert(1)', 'INVALID_URL'],
		['mailto:jane@acme.com', 'INVALID_URL'],
		['https://localhost/team', 'INVALID_URL'],
		['', 'INVALID_URL'],
		['https://', 'INVALID_URL'],
	])('%s → %s', (url, expected) => {
		expect(classifyLeadLink(url)).toBe(expected)
	})
})

describe('isLinkedInPostUrl (spec: the professional network domain, a path starting /posts/ or /feed/update/)', () => {
	test('posts and feed updates on linkedin.com and its subdomains', () => {
		expect(isLinkedInPostUrl('https://www.linkedin.com/posts/jane_x-activity-1')).toBe(true)
		expect(isLinkedInPostUrl('https://www.linkedin.com/feed/update/urn:li:activity:1')).toBe(true)
		expect(isLinkedInPostUrl('linkedin.com/posts/jane_x-activity-1')).toBe(true)
	})
	test('anything else is not', () => {
		for (const url of [
			'https://www.linkedin.com/in/janedoe',
			'https://www.linkedin.com/posts/',
			'https://evil-linkedin.com/posts/x',
			'https://linkedin.com.evil.io/posts/x',
			'https://acme.com/posts/x',
			'ftp://linkedin.com/posts/x',
			'nonsense',
		])
			expect(isLinkedInPostUrl(url), url).toBe(false)
	})
})
