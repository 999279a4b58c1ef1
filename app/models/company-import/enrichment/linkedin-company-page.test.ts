import { describe, expect, test } from 'vitest'
import {
	canonicalLinkedinCompanyUrl,
	employeeRange,
	isLinkedInWall,
	linkedinPageUrl,
	parseCount,
	parseLinkedInCompanyPage,
} from './linkedin-company-page.ts'

// A trimmed copy of a real signed-out company page's structure (2025): og tags, JSON-LD, the About list.
const PAGE = `<!doctype html><html><head>
<title>Globex Corporation | LinkedIn</title>
<meta property="og:title" content="Globex Corporation | LinkedIn">
<meta property="og:description" content="Globex Corporation | 48,210 followers on LinkedIn. Everything, everywhere | Globex builds logistics software for mid-size shippers.">
<meta property="og:image" content="https://media.licdn.com/dms/image/globex/logo.png">
<script type="application/ld+json">{"@context":"http://schema.org","@type":"Organization","name":"Globex Corporation","url":"https://www.linkedin.com/company/globex","address":{"@type":"PostalAddress","streetAddress":"1 Main St","addressLocality":"Springfield","addressRegion":"OR","postalCode":"97477","addressCountry":"US"},"numberOfEmployees":{"@type":"QuantitativeValue","value":742}}</script>
</head><body>
<nav><a href="/login">Sign in</a></nav>
<h3 class="top-card-layout__first-subline">Software Development Springfield, OR 48,210 followers</h3>
<p data-test-id="about-us__description">Globex builds logistics software for mid-size shippers. Founded in 1989.</p>
<dl>
<div data-test-id="about-us__website"><dt>Website</dt><dd><a href="https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fglobex.example%2F&amp;urlhash=abc">https://globex.example/</a></dd></div>
<div data-test-id="about-us__industry"><dt>Industry</dt><dd>Software Development</dd></div>
<div data-test-id="about-us__size"><dt>Company size</dt><dd>501-1,000 employees</dd></div>
<div data-test-id="about-us__headquarters"><dt>Headquarters</dt><dd>Springfield, OR</dd></div>
</dl></body></html>`

describe('parseLinkedInCompanyPage', () => {
	test('reads the About list, followers, JSON-LD and og tags', () => {
		const facts = parseLinkedInCompanyPage(PAGE, 'https://www.linkedin.com/company/globex/')
		expect(facts).toMatchObject({
			name: 'Globex Corporation',
			tagline: 'Everything, everywhere',
			description: 'Globex builds logistics software for mid-size shippers. Founded in 1989.',
			website: 'https://globex.example/',
			industry: 'Software Development',
			employeeCountRange: '501-1000',
			employeeCount: 742,
			followers: 48210,
			headquarters: 'Springfield, OR',
			address: {
				firstLine: '1 Main St',
				city: 'Springfield',
				region: 'OR',
				postalCode: '97477',
				country: 'US',
			},
			logoUrl: 'https://media.licdn.com/dms/image/globex/logo.png',
		})
	})

	test('a page with only og tags still gives name, followers, tagline and description', () => {
		const html = `<html><head><title>Initech | LinkedIn</title>
<meta property="og:description" content="Initech | 1.2K followers on LinkedIn. Better TPS reports | We make reports.">
</head><body><p>Company size: 11-50 employees</p></body></html>`
		expect(parseLinkedInCompanyPage(html, 'https://www.linkedin.com/company/initech/')).toEqual({
			name: 'Initech',
			tagline: 'Better TPS reports',
			description: 'We make reports.',
			employeeCountRange: '11-50',
			followers: 1200,
		})
	})

	test('never takes a LinkedIn link for the website, and ignores what it cannot read', () => {
		const html = `<html><body><dl><dt>Website</dt><dd><a href="https://www.linkedin.com/company/x/about">x</a></dd></dl></body></html>`
		expect(parseLinkedInCompanyPage(html, 'https://www.linkedin.com/company/x/')).toEqual({})
	})
})

describe('LinkedIn URLs and numbers', () => {
	test('company pages map to the canonical URL and to the configured base', () => {
		expect(canonicalLinkedinCompanyUrl('https://linkedin.com/company/Globex/about/?trk=x')).toBe(
			'https://www.linkedin.com/company/globex/',
		)
		expect(canonicalLinkedinCompanyUrl('https://www.linkedin.com/in/someone/')).toBeNull()
		expect(canonicalLinkedinCompanyUrl('https://evil-linkedin.com/company/x')).toBeNull()
		expect(linkedinPageUrl('https://www.linkedin.com/company/globex', 'http://127.0.0.1:4100')).toBe(
			'http://127.0.0.1:4100/company/globex/',
		)
	})

	test('counts and ranges as LinkedIn writes them', () => {
		expect(parseCount('12,345')).toBe(12345)
		expect(parseCount('1.2K')).toBe(1200)
		expect(parseCount('3M')).toBe(3_000_000)
		expect(parseCount('lots')).toBeUndefined()
		expect(employeeRange('51-200 employees')).toBe('51-200')
		expect(employeeRange('10,001+ employees')).toBe('10001+')
		expect(employeeRange('many')).toBeUndefined()
	})

	test('the sign-in wall is recognized by its path or its title', () => {
		expect(isLinkedInWall('https://www.linkedin.com/authwall?trk=x', '')).toBe(true)
		expect(isLinkedInWall('https://www.linkedin.com/company/x/', '<title>Sign Up | LinkedIn</title>')).toBe(
			true,
		)
		expect(isLinkedInWall('https://www.linkedin.com/company/x/', PAGE)).toBe(false)
	})
})
