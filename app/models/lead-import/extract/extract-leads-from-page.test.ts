import { describe, expect, test } from 'vitest'
import { extractLeadsFromPage, readPagePeople } from './extract-leads-from-page.ts'

const compact = (html: string, url: string, instructions?: string) =>
	extractLeadsFromPage(html, url, instructions).leads.map((lead) =>
		Object.fromEntries(Object.entries(lead).filter(([, value]) => value != null && value !== '')),
	)

const TEAM_PAGE = `<html><head><title>Our Team | Acme Robotics</title>
<meta property="og:site_name" content="Acme Robotics"></head><body>
<nav><a href="/">Home</a><a href="/about">About us</a><a href="/contact">Contact</a></nav>
<h1>Meet the team</h1>
<div class="team-grid">
 <div class="member"><img src="a.jpg"><h3 class="member-name">Jane Doe</h3><p class="member-role">Chief Executive Officer</p><a href="https://www.linkedin.com/in/JaneDoe/">LinkedIn</a></div>
 <div class="member"><img src="b.jpg"><h3 class="member-name">JOHN SMITH</h3><p class="member-role">Head of Engineering</p><a href="mailto:John.Smith@acme-robotics.com">Email</a><a href="tel:+4930123456">Call</a></div>
 <div class="member"><img src="c.jpg"><h3 class="member-name">Ann Lee</h3><p class="member-role">Customer Hero</p></div>
</div>
<footer>© Acme Robotics GmbH · <a href="mailto:info@acme-robotics.com">info@acme-robotics.com</a></footer>
</body></html>`

describe('extractLeadsFromPage', () => {
	test("team cards: name, title, links; the page's company for everyone; the desk address is nobody's", () => {
		expect(compact(TEAM_PAGE, 'https://acme-robotics.com/team')).toEqual([
			{
				firstName: 'Jane',
				lastName: 'Doe',
				linkedin: 'https://www.linkedin.com/in/janedoe',
				role: 'Chief Executive Officer',
				companyName: 'Acme Robotics',
			},
			{
				firstName: 'John',
				lastName: 'Smith',
				email: 'john.smith@acme-robotics.com',
				phone: '+49 30 123456',
				role: 'Head of Engineering',
				companyName: 'Acme Robotics',
			},
			{ firstName: 'Ann', lastName: 'Lee', role: 'Customer Hero', companyName: 'Acme Robotics' },
		])
	})

	test("JSON-LD people: alone, in an @graph, an ItemList, an organization's employees, an event's performers", () => {
		const html = `<html><head>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
 {"@type":"Organization","name":"Greenleaf Energy","employee":[{"@type":"Person","name":"Olusegun Adeyemi","jobTitle":"Managing Director","email":"mailto:O.Adeyemi@greenleaf.example"}]},
 {"@type":"ItemList","itemListElement":[{"@type":"ListItem","item":{"@type":"Person","givenName":"Charity","familyName":"Majors","jobTitle":"CTO","worksFor":"Honeycomb","sameAs":["https://www.linkedin.com/in/charity-majors/"]}}]}]}</script>
<script type="application/ld+json">{"@type":"Event","performer":{"@type":"Person","name":"Grace Hopper","affiliation":{"@type":"Organization","name":"US Navy"}}}</script>
<script type="application/ld+json">{ not json</script>
</head><body><p>Hello</p></body></html>`
		expect(compact(html, 'https://example.org/events/1')).toEqual([
			{
				firstName: 'Olusegun',
				lastName: 'Adeyemi',
				email: 'o.adeyemi@greenleaf.example',
				role: 'Managing Director',
				companyName: 'Greenleaf Energy',
			},
			{
				firstName: 'Charity',
				lastName: 'Majors',
				linkedin: 'https://www.linkedin.com/in/charity-majors',
				role: 'CTO',
				companyName: 'Honeycomb',
			},
			{ firstName: 'Grace', lastName: 'Hopper', companyName: 'US Navy' },
		])
	})

	test('a speaker list: name and company lines; mailto: and LinkedIn links named by their text', () => {
		const html = `<html><head><title>Speakers – DevSummit</title></head><body><h1>Speakers</h1>
<ul><li><strong>Linus Torvalds</strong><br>Linux Foundation</li><li><strong>Margaret Hamilton</strong><br>Hamilton Technologies</li></ul>
<p>Questions? Write to <a href="mailto:events@devsummit.io">our team</a> or <a href="mailto:sarah.connor@devsummit.io">Sarah Connor</a>.</p>
<p>Hosted by <a href="https://uk.linkedin.com/in/AdaLovelace?trk=x" aria-label="Ada Lovelace on LinkedIn">in</a>.</p>
</body></html>`
		expect(compact(html, 'https://devsummit.io/speakers')).toEqual([
			{ firstName: 'Linus', lastName: 'Torvalds', companyName: 'Linux Foundation' },
			{ firstName: 'Margaret', lastName: 'Hamilton', companyName: 'Hamilton Technologies' },
			{
				firstName: 'Sarah',
				lastName: 'Connor',
				email: 'sarah.connor@devsummit.io',
				companyName: 'Devsummit',
			},
			{ firstName: 'Ada', lastName: 'Lovelace', linkedin: 'https://www.linkedin.com/in/adalovelace' },
		])
	})

	test('schema.org microdata', () => {
		const html = `<html><body><div itemscope itemtype="https://schema.org/Person">
<span itemprop="name">Freya Nilsson</span><span itemprop="jobTitle">Head of Operations</span>
<span itemprop="worksFor">Greenleaf</span><a itemprop="email" href="mailto:freya@greenleaf.example">mail</a></div></body></html>`
		expect(compact(html, 'https://greenleaf.example/x')).toEqual([
			{
				firstName: 'Freya',
				lastName: 'Nilsson',
				email: 'freya@greenleaf.example',
				role: 'Head of Operations',
				companyName: 'Greenleaf',
			},
		])
	})

	test('pages without people give none: product cards, a lone bold phrase, navigation', () => {
		const html = `<html><head><title>Pricing</title></head><body>
<nav><a href="/">Home</a><a href="/team">Our Team</a></nav>
<div class="plan"><h3>Starter</h3><p>For small teams</p></div>
<div class="plan"><h3>Business Plus</h3><p>For growing companies</p></div>
<div class="plan"><h3>Enterprise Cloud</h3><p>Talk to sales</p></div>
<p>Our <strong>Happy Customers</strong> love it.</p>
<footer><a href="mailto:sales@toolkit.example">Sales</a></footer></body></html>`
		expect(compact(html, 'https://toolkit.example/pricing')).toEqual([])
	})

	test("instructions narrow the page's people", () => {
		expect(
			compact(TEAM_PAGE, 'https://acme-robotics.com/team', 'only engineers').map((lead) => lead.firstName),
		).toEqual(['John'])
	})

	test("the readable text is kept for the model, and the team page's company", () => {
		const page = readPagePeople(TEAM_PAGE, 'https://acme-robotics.com/team')
		expect(page.teamCompany).toBe('Acme Robotics')
		expect(page.text).toContain('Head of Engineering')
		expect(page.drafts.length).toBeGreaterThanOrEqual(3)
		expect(readPagePeople(TEAM_PAGE, 'https://acme-robotics.com/speakers').teamCompany).toBeNull()
	})

	test('hostile pages end quickly', () => {
		for (const html of [
			'<div>'.repeat(20_000) + 'Jane Doe',
			'<h3>Jane Doe</h3><p>CTO</p>'.repeat(5_000),
			`<script type="application/ld+json">${'['.repeat(10_000)}</script>`,
			`<a href="mailto:${'a'.repeat(100_000)}@x.com">x</a>`,
		]) {
			const { leads } = extractLeadsFromPage(html, 'https://example.com/team')
			expect(leads.length).toBeLessThanOrEqual(1)
		}
	})
})
