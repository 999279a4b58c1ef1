import { companyHomePageHtml } from '#tests/fakes/company-home-page.ts'
import { startFakeLinkedIn } from '#tests/fakes/linkedin-public-site.ts'
import { startFakeWebSite } from '#tests/fakes/web-site.ts'

// The e2e server's fake company website and fake LinkedIn (company-autofill.spec.ts), on fixed ports
// derived from E2E_PORT so the spec can name them; serve.ts starts them and points the app at them.

const E2E_PORT = Number(process.env.E2E_PORT ?? 3917)
export const COMPANY_SITE_PORT = E2E_PORT + 1000
export const LINKEDIN_SITE_PORT = E2E_PORT + 1001
export const COMPANY_SITE_ORIGIN = `http://127.0.0.1:${COMPANY_SITE_PORT}`

export const NORTHWIND = {
	website: `${COMPANY_SITE_ORIGIN}/northwind`,
	linkedinUrl: 'https://www.linkedin.com/company/northwind-rockets/',
	name: 'Northwind Rockets',
	description: 'Northwind Rockets flies reusable rockets for small satellite operators every week.',
	tagline: 'Launches that land',
	industry: 'Aviation and Aerospace Component Manufacturing',
	employeeCountRange: '51-200',
	linkedinFollowers: '12345',
}
/** A site that is gone and a LinkedIn page that answers 999: nothing to fill from. */
export const GONE = {
	website: `${COMPANY_SITE_ORIGIN}/gone`,
	linkedinUrl: 'https://www.linkedin.com/company/gone-corp/',
}

/** A team page for the lead scraper's link source (lead-scraper-sources.spec.ts). */
export const TEAM_PAGE = {
	url: `${COMPANY_SITE_ORIGIN}/northwind/team`,
	/** The same page, answering after 8 s: the plain progress page reloads until the review. */
	slowUrl: `${COMPANY_SITE_ORIGIN}/northwind/team-slow`,
	/**
	 * The same page, answering only after two minutes: an import reading it is still running
	 * whenever Cancel Import is clicked, however loaded the machine (Cancel aborts the read).
	 */
	heldUrl: `${COMPANY_SITE_ORIGIN}/northwind/team-held`,
	people: [
		{
			firstName: 'Margaret',
			lastName: 'Hamilton',
			role: 'Chief Executive Officer',
			email: 'margaret@northwind.example',
			linkedin: 'https://www.linkedin.com/in/margaret-hamilton-nw',
		},
		{
			firstName: 'Katherine',
			lastName: 'Johnson',
			role: 'Head of Flight Dynamics',
			email: 'katherine@northwind.example',
			linkedin: 'https://www.linkedin.com/in/katherine-johnson-nw',
		},
		{
			firstName: 'Gene',
			lastName: 'Kranz',
			role: 'Director of Mission Operations',
			email: 'gene@northwind.example',
			linkedin: 'https://www.linkedin.com/in/gene-kranz-nw',
		},
	],
}

/** The team as a company's site shows it: cards with name, role, email and LinkedIn, and JSON-LD. */
function teamPageHtml() {
	const people = TEAM_PAGE.people
	const jsonLd = people.map((person) => ({
		'@context': 'https://schema.org',
		'@type': 'Person',
		name: `${person.firstName} ${person.lastName}`,
		jobTitle: person.role,
		email: person.email,
		sameAs: [person.linkedin],
		worksFor: { '@type': 'Organization', name: NORTHWIND.name },
	}))
	const cards = people
		.map(
			(person) => `<article class="person">
	<h3>${person.firstName} ${person.lastName}</h3>
	<p>${person.role} at ${NORTHWIND.name}</p>
	<a href="mailto:${person.email}">${person.email}</a>
	<a href="${person.linkedin}">LinkedIn</a>
</article>`,
		)
		.join('\n')
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Our team — ${NORTHWIND.name}</title>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><main><h1>Meet the ${NORTHWIND.name} team</h1>
<p>${NORTHWIND.description}</p>
${cards}
</main></body></html>`
}

export async function startCompanySites() {
	const site = await startFakeWebSite({ port: COMPANY_SITE_PORT })
	const linkedin = await startFakeLinkedIn({ port: LINKEDIN_SITE_PORT })
	// Answers after a moment, so the spec sees the button's pending state.
	const northwind = companyHomePageHtml({
		name: NORTHWIND.name,
		title: `${NORTHWIND.name} — ${NORTHWIND.tagline}`,
		metaDescription: NORTHWIND.description,
		paragraphs: [
			'Northwind Rockets builds reusable rockets for small satellite operators.',
			'Since 2015 we have flown 120 missions for customers in 14 countries.',
		],
		linkedinSlug: 'northwind-rockets',
		employees: 140,
	})
	site.route('/northwind', async (_req, res) => {
		await new Promise((resolve) => setTimeout(resolve, 600))
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
		res.end(northwind)
	})
	linkedin.company({
		slug: 'northwind-rockets',
		name: NORTHWIND.name,
		tagline: NORTHWIND.tagline,
		about: 'Northwind Rockets flies reusable rockets.',
		industry: NORTHWIND.industry,
		size: '51-200 employees',
		headquarters: 'Tucson, Arizona',
		followers: 12_345,
	})
	linkedin.company({ slug: 'gone-corp', name: 'Gone Corp' }, '999')
	// tests/fixtures/company-import/unreachable-companies.csv: 200 pages that each refuse after a
	// while, so an import with enrichment takes about half a minute and can be watched and cancelled
	// (a fixed pace: no DNS lookup of a name that does not exist, whose speed varies by machine).
	for (let index = 1; index <= 200; index++) {
		const slug = `unreachable-${String(index).padStart(3, '0')}`
		linkedin.company({ slug, name: `Unreachable Company ${index}` }, '999', { delayMs: 1_500 })
	}
	const team = teamPageHtml()
	site.html('/northwind/team', team)
	site.route('/northwind/team-slow', async (_req, res) => {
		await new Promise((resolve) => setTimeout(resolve, 8_000))
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
		res.end(team)
	})
	site.route('/northwind/team-held', async (req, res) => {
		await new Promise<void>((resolve) => {
			const timer = setTimeout(resolve, 120_000)
			req.socket.once('close', () => {
				clearTimeout(timer)
				resolve()
			})
		})
		if (res.destroyed || req.socket.destroyed) return
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
		res.end(team)
	})
	return {
		allowHosts: `127.0.0.1:${COMPANY_SITE_PORT},127.0.0.1:${LINKEDIN_SITE_PORT}`,
		linkedinBaseUrl: linkedin.origin,
		close: async () => {
			await site.close()
			await linkedin.close()
		},
	}
}
