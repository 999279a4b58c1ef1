import { type IncomingMessage, type ServerResponse } from 'node:http'
import { startFakeWebSite } from './web-site.ts'

/**
 * A fake of LinkedIn's public (signed-out) company pages, `/company/<slug>/`, shaped like the real
 * ones: og tags, a JSON-LD Organization, the About list and the followers line. A page can answer
 * like LinkedIn does to bots instead: 999, 429 or a redirect to the sign-in wall. Point
 * LINKEDIN_PUBLIC_BASE_URL at `origin` and allow its host in WEB_FETCH_ALLOW_HOSTS.
 */

export type FakeLinkedInCompany = {
	slug: string
	name: string
	tagline?: string
	about?: string
	website?: string
	industry?: string
	size?: string
	headquarters?: string
	followers?: number
	employeesOnLinkedIn?: number
}

/** `silent`: the page never answers (held until the client gives up), as a dead site does. */
export type FakeLinkedInBehaviour = 'page' | '999' | '429' | 'authwall' | 'silent'

export function linkedinCompanyPageHtml(company: FakeLinkedInCompany) {
	const followers = company.followers?.toLocaleString('en-US')
	// LinkedIn's own shape: "Acme | 12,345 followers on LinkedIn. Tagline | About…"
	const og = escape(
		`${company.name} | ${followers ?? 0} followers on LinkedIn. ${[company.tagline, company.about].filter(Boolean).join(' | ')}`,
	)
	const jsonLd = {
		'@context': 'http://schema.org',
		'@type': 'Organization',
		name: company.name,
		url: `https://www.linkedin.com/company/${company.slug}`,
		description: company.about,
		sameAs: company.website,
		numberOfEmployees: company.employeesOnLinkedIn
			? { '@type': 'QuantitativeValue', value: company.employeesOnLinkedIn }
			: undefined,
	}
	const about = (id: string, label: string, value: string | undefined, link = false) =>
		value
			? `<div data-test-id="about-us__${id}"><dt>${label}</dt><dd>${
					link
						? `<a href="https://www.linkedin.com/redir/redirect?url=${encodeURIComponent(value)}&urlhash=x">${value}</a>`
						: value
				}</dd></div>`
			: ''
	return `<!doctype html><html lang="en"><head>
<title>${company.name} | LinkedIn</title>
<meta property="og:title" content="${company.name} | LinkedIn">
<meta property="og:description" content="${og}">
<meta property="og:image" content="https://media.licdn.com/dms/image/${company.slug}/logo.png">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
</head><body>
<header><nav><a href="/login">Sign in</a> <a href="/signup">Join now</a></nav></header>
<main>
<section class="top-card-layout">
<h1 class="top-card-layout__title">${company.name}</h1>
<h4 class="top-card-layout__second-subline">${company.tagline ?? ''}</h4>
<h3 class="top-card-layout__first-subline">${company.industry ?? ''} ${company.headquarters ?? ''} ${followers ? `${followers} followers` : ''}</h3>
</section>
<section class="core-section-container"><h2>About us</h2>
<p data-test-id="about-us__description">${company.about ?? ''}</p>
<dl>
${about('website', 'Website', company.website, true)}
${about('industry', 'Industry', company.industry)}
${about('size', 'Company size', company.size)}
${about('headquarters', 'Headquarters', company.headquarters)}
</dl></section>
</main>
<div role="dialog"><p>Sign in to see who you already know at ${company.name}</p></div>
</body></html>`
}

function escape(value: string) {
	return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

const AUTHWALL = `<!doctype html><html><head><title>Sign Up | LinkedIn</title></head><body>
<h1>Join LinkedIn</h1><p>Sign in or join now to see this page.</p></body></html>`

export async function startFakeLinkedIn({ delayMs = 0, port = 0 }: { delayMs?: number; port?: number } = {}) {
	const site = await startFakeWebSite({ port })
	const companies = new Map<
		string,
		{ company: FakeLinkedInCompany; behaviour: FakeLinkedInBehaviour; delayMs: number }
	>()
	let inFlight = 0
	let maxInFlight = 0
	const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
		const slug = /^\/company\/([^/?#]+)/.exec(req.url ?? '')?.[1]?.toLowerCase() ?? ''
		const entry = companies.get(slug)
		inFlight++
		maxInFlight = Math.max(maxInFlight, inFlight)
		try {
			const wait = delayMs + (entry?.delayMs ?? 0)
			if (wait) await new Promise((resolve) => setTimeout(resolve, wait))
			if (entry?.behaviour === 'silent') {
				await new Promise((resolve) => req.socket.once('close', resolve))
				return
			}
			if (!entry) {
				res.writeHead(404, { 'content-type': 'text/html' })
				res.end('<html><body>Page not found</body></html>')
				return
			}
			if (entry.behaviour === '999' || entry.behaviour === '429') {
				res.writeHead(Number(entry.behaviour), { 'content-type': 'text/html' })
				res.end('<html><body><script>window.location="/authwall"</script></body></html>')
				return
			}
			if (entry.behaviour === 'authwall') {
				res.writeHead(302, {
					location: `/authwall?trk=bf&sessionRedirect=${encodeURIComponent(req.url ?? '')}`,
				})
				res.end()
				return
			}
			res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
			res.end(linkedinCompanyPageHtml(entry.company))
		} finally {
			inFlight--
		}
	}
	site.html('/authwall', AUTHWALL)
	return {
		...site,
		get inFlight() {
			return inFlight
		},
		get maxInFlight() {
			return maxInFlight
		},
		resetCounters() {
			maxInFlight = 0
			site.received.length = 0
		},
		/** Serves (or refuses) /company/<slug>/ for this company, after `delayMs` more if given. */
		company(
			company: FakeLinkedInCompany,
			behaviour: FakeLinkedInBehaviour = 'page',
			options: { delayMs?: number } = {},
		) {
			companies.set(company.slug.toLowerCase(), { company, behaviour, delayMs: options.delayMs ?? 0 })
			site.route(`/company/${company.slug}/`, handler)
			site.route(`/company/${company.slug.toLowerCase()}/`, handler)
		},
	}
}
