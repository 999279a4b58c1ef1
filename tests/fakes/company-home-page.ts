/**
 * A company's home page as sites write them, for enrichment's fakes (tests, e2e and the bench):
 * JSON-LD Organization, meta and OpenGraph tags, a cookie banner, navigation, prose and a footer
 * linking the LinkedIn page.
 */
export type FakeCompanySite = {
	name: string
	title?: string
	metaDescription?: string
	paragraphs?: string[]
	linkedinSlug?: string
	logoUrl?: string
	keywords?: string
	address?: { street?: string; city?: string; region?: string; postalCode?: string; country?: string }
	employees?: number
}

export function companyHomePageHtml(site: FakeCompanySite) {
	const jsonLd = {
		'@context': 'https://schema.org',
		'@type': 'Organization',
		name: site.name,
		logo: site.logoUrl,
		numberOfEmployees: site.employees ? { '@type': 'QuantitativeValue', value: site.employees } : undefined,
		address: site.address
			? {
					'@type': 'PostalAddress',
					streetAddress: site.address.street,
					addressLocality: site.address.city,
					addressRegion: site.address.region,
					postalCode: site.address.postalCode,
					addressCountry: site.address.country,
				}
			: undefined,
	}
	return `<!doctype html><html lang="en"><head>
<meta charset="utf-8">
<title>${site.title ?? site.name}</title>
${site.metaDescription ? `<meta name="description" content="${site.metaDescription}">` : ''}
${site.keywords ? `<meta name="keywords" content="${site.keywords}">` : ''}
<meta property="og:site_name" content="${site.name}">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
</head><body>
<div class="cookie-banner"><p>We use cookies to give you the best experience on our website. Accept all cookies to continue.</p><button>Accept all</button></div>
<header><nav><a href="/">Home</a><a href="/pricing">Pricing</a><a href="/login">Sign in</a></nav></header>
<main>
<h1>${site.title ?? site.name}</h1>
${(site.paragraphs ?? []).map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
</main>
<footer><p>© 2026 ${site.name}. All rights reserved.</p>
${site.linkedinSlug ? `<a href="https://www.linkedin.com/company/${site.linkedinSlug}/">LinkedIn</a>` : ''}
</footer>
</body></html>`
}
