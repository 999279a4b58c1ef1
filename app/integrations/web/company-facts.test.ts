import { describe, expect, test } from 'vitest'
import { extractCompanyFacts } from './company-facts.ts'
import { parseHtmlDocument, readableText } from './page-text.ts'

const PAGE = `<!doctype html><html><head>
<title>Acme Rockets — Home</title>
<meta name="description" content="Meta description">
<meta property="og:site_name" content="Acme OG">
<meta property="og:description" content="OG description">
<meta property="og:image" content="/og.png">
<link rel="icon" href="/favicon.ico">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
 {"@type":"WebSite","url":"https://acme.example/","name":"Acme site"},
 {"@type":["Organization","Corporation"],"name":"Acme Rockets &amp; Co","legalName":"Acme Rockets Inc.","url":"https://acme.example/",
  "description":"Rockets for roadrunners.","logo":{"@type":"ImageObject","url":"/logo.png"},
  "sameAs":["https://www.linkedin.com/company/acme-rockets","https://twitter.com/acme"],
  "address":{"@type":"PostalAddress","streetAddress":"1 Desert Rd","addressLocality":"Phoenix","addressRegion":"AZ","postalCode":"85001","addressCountry":{"@type":"Country","name":"US"}},
  "numberOfEmployees":{"@type":"QuantitativeValue","minValue":11,"maxValue":50},"foundingDate":"1949","email":"mailto:hi@acme.example"}]}
</script>
<script type="application/ld+json">{ broken json </script>
</head><body><nav><a href="/">Home</a></nav><main><h1>About Acme</h1><p>We build rockets.</p>
<ul><li>Rockets</li><li>Anvils</li></ul></main>
<footer><a href="https://www.crunchbase.com/organization/acme?ref=x">Crunchbase</a></footer></body></html>`

describe('extractCompanyFacts', () => {
	test('JSON-LD Organization first, then OpenGraph and meta; links made absolute', () => {
		const facts = extractCompanyFacts(parseHtmlDocument(PAGE), 'https://acme.example/about')
		expect(facts).toMatchObject({
			name: 'Acme Rockets & Co',
			legalName: 'Acme Rockets Inc.',
			description: 'Rockets for roadrunners.',
			url: 'https://acme.example/',
			logoUrl: 'https://acme.example/logo.png',
			imageUrl: 'https://acme.example/og.png',
			iconUrl: 'https://acme.example/favicon.ico',
			email: 'hi@acme.example',
			foundingDate: '1949',
			employeeRange: '11-50',
			address: {
				firstLine: '1 Desert Rd',
				city: 'Phoenix',
				region: 'AZ',
				postalCode: '85001',
				country: 'US',
			},
			linkedinUrl: 'https://www.linkedin.com/company/acme-rockets',
			twitterUrl: 'https://twitter.com/acme',
			crunchbaseUrl: 'https://www.crunchbase.com/organization/acme',
		})
		expect(facts.sources).toEqual(['json-ld', 'opengraph', 'meta', 'links'])
	})

	test('without JSON-LD, OpenGraph and meta tags fill in; a LocalBusiness counts', () => {
		const og = extractCompanyFacts(
			parseHtmlDocument(
				'<html><head><meta property="og:site_name" content="Shop"><meta name="description" content="A shop"></head><body><a href="https://linkedin.com/company/shop/">in</a></body></html>',
			),
			'https://shop.example/',
		)
		expect(og).toMatchObject({
			name: 'Shop',
			description: 'A shop',
			linkedinUrl: 'https://linkedin.com/company/shop/',
		})
		const local = extractCompanyFacts(
			parseHtmlDocument(
				'<script type="application/ld+json">{"@type":"LocalBusiness","name":"Bakery","numberOfEmployees":"1,200","address":"5 Main St"}</script>',
			),
			'https://bakery.example/',
		)
		expect(local).toMatchObject({ name: 'Bakery', employeeCount: 1200, address: { firstLine: '5 Main St' } })
	})
})

describe('readableText', () => {
	test('blocks become lines; scripts, navigation and footers are left out', () => {
		const { title, text } = readableText(parseHtmlDocument(PAGE))
		expect(title).toBe('Acme Rockets — Home')
		expect(text).toContain('About Acme\n')
		expect(text).toContain('We build rockets.')
		expect(text).toContain('- Rockets\n')
		expect(text).not.toContain('schema.org')
		expect(text).not.toContain('Crunchbase')
	})

	test('a page nested 20,000 deep is read without Readability and without overflowing the stack', () => {
		const deep = `<html><body>${'<div>'.repeat(20_000)}deep text${'</div>'.repeat(20_000)}</body></html>`
		expect(readableText(parseHtmlDocument(deep)).text).toBe('deep text')
	})
})
