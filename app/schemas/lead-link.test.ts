import { describe, expect, test } from 'vitest'
import { LEAD_IMPORT_MESSAGES } from './lead-import.ts'
import { checkLeadLink } from './lead-link.ts'

const POST = 'https://www.linkedin.com/posts/ada_engines-activity-7250000000000000000-abcd'

describe('checkLeadLink', () => {
	test('a page link is kept with its classification', () => {
		expect(checkLeadLink('acme.com/team', 'LINK')).toEqual({
			ok: true,
			url: 'https://acme.com/team',
			classification: 'PEOPLE',
		})
		expect(checkLeadLink('https://acme.com/pricing', 'LINK')).toMatchObject({ classification: 'OTHERS' })
		expect(checkLeadLink('https://github.com/orgs/acme/people', 'LINK')).toMatchObject({
			classification: 'NETWORK',
		})
		expect(checkLeadLink(POST, 'LINKEDIN_POST')).toMatchObject({ ok: true, classification: 'POST' })
	})

	test('the spec’s refusals', () => {
		expect(checkLeadLink('  ', 'LINK')).toMatchObject({ message: LEAD_IMPORT_MESSAGES.noLinkProvided })
		expect(checkLeadLink('javascript:alert(1)', 'LINK')).toMatchObject({
			message: LEAD_IMPORT_MESSAGES.invalidUrl,
		})
		expect(checkLeadLink('https://acme.com/team', 'LINKEDIN_POST')).toMatchObject({
			message: LEAD_IMPORT_MESSAGES.notLinkedInPost,
		})
	})

	test('Scrape link never reads LinkedIn: a post goes to its source, other pages are pasted', () => {
		expect(checkLeadLink(POST, 'LINK')).toMatchObject({ ok: false, code: 'linkedin_post' })
		for (const url of [
			'https://www.linkedin.com/search/results/people/?keywords=cto',
			'https://de.linkedin.com/in/ada',
			'https://www.linkedin.com/company/acme/people/',
		])
			expect(checkLeadLink(url, 'LINK'), url).toMatchObject({ ok: false, code: 'linkedin_page' })
		// With its text (or people) the link is only a label: nothing is fetched.
		expect(checkLeadLink(POST, 'LINK', { brought: true })).toMatchObject({ ok: true, classification: 'POST' })
	})

	test('refuses a login-walled list of profiles on another network (a server reads only the wall)', () => {
		for (const url of ['https://x.com/acme/followers', 'https://www.facebook.com/groups/acme/members'])
			expect(checkLeadLink(url, 'LINK'), url).toMatchObject({ ok: false, code: 'network_page' })
		expect(checkLeadLink('https://x.com/acme/followers', 'LINK', { brought: true })).toMatchObject({
			ok: true,
			classification: 'NETWORK',
		})
		expect(checkLeadLink('https://acme.example/team', 'LINK')).toMatchObject({ ok: true, classification: 'PEOPLE' })
	})
})
