import { describe, expect, test } from 'vitest'
import { legacySignedToken, sealToken } from '#app/models/tracking/signed-token.server.ts'
import { decodeHtmlEntities } from '#app/models/tracking/anchor-links.ts'
import { readTrackedLink, rewriteLinksForTracking } from '#app/models/tracking/tracked-links.server.ts'
import { unsubscribeUrl } from '#app/models/unsubscribe/unsubscribe.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { appUrl } from '#app/utils/env.server.ts'
import { setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

const send = setupApiRouter()

const TRICKY_URLS = [
	'https://例え.jp/パス?q=a%20b&x=ü#frag',
	'https://example.com/a%2Fb/c?x=1&y=%E2%9C%93&z=a+b&empty=&dup=1&dup=2#section-2?not=query',
	'http://example.org/über/naïve?name=Zoë#Straße',
	'https://user@example.net:8443/path;params?q=~tilde*star%27#%frag%20ment',
	'https://example.com/emoji/😀?e=😀#😀',
]

/** The tracking links of rewritten HTML, in order. */
function trackedTokens(html: string) {
	const prefix = `${appUrl()}/t/`
	return [...html.matchAll(/href="([^"]*)"/g)]
		.map((match) => match[1]!)
		.filter((href) => href.startsWith(prefix))
		.map((href) => href.slice(prefix.length))
}

function escapeAttribute(url: string) {
	return url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
}

/** A sequence whose first step, with this HTML, was sent (only links of a sent email redirect). */
async function sequenceWithStep(bodyHtml: string) {
	const { user, organization } = await createSignedInUser()
	const sequence = await insertSequence({
		organizationId: organization.id,
		user,
		status: 'ACTIVE',
		steps: [{ bodyHtml, status: 'SENT' }],
	})
	const step = await prisma.emailStep.update({
		where: { id: sequence.emailSteps[0]!.id },
		data: { sentAt: new Date() },
	})
	return { organization, sequence, step }
}

describe('rewriteLinksForTracking', () => {
	test('rewrites http(s) links only, whatever the quoting, and leaves the rest alone', () => {
		const html = [
			`<p>Hi <a href="https://example.com/a?b=1&amp;c=2">double</a>`,
			`<a class='x' href='http://example.org/single'>single</a>`,
			`<a href=https://example.net/bare>bare</a>`,
			`<a title="a > b" data-x='"' href="https://example.com/after-gt">gt in attribute</a>`,
			`<a href="mailto:ada@example.com">mail</a> <a href="/relative">relative</a> <a href="#top">anchor</a>`,
			`<a href="${unsubscribeUrl('step_1')}">Unsubscribe</a>`,
			`<img src="https://example.com/pixel.png"> <link href="https://example.com/style.css">`,
			`<a name="no-href">none</a></p>`,
		].join('')
		const rewritten = rewriteLinksForTracking(html, 'step_1')
		const tokens = trackedTokens(rewritten)
		expect(tokens.map((token) => readTrackedLink(token))).toEqual([
			{ emailStepId: 'step_1', url: 'https://example.com/a?b=1&c=2' },
			{ emailStepId: 'step_1', url: 'http://example.org/single' },
			{ emailStepId: 'step_1', url: 'https://example.net/bare' },
			{ emailStepId: 'step_1', url: 'https://example.com/after-gt' },
		])
		expect(rewritten).toContain('<a href="mailto:ada@example.com">mail</a>')
		expect(rewritten).toContain('<a href="/relative">relative</a>')
		expect(rewritten).toContain('<a href="#top">anchor</a>')
		expect(rewritten).toContain(`<a href="${unsubscribeUrl('step_1')}">Unsubscribe</a>`)
		expect(rewritten).toContain('<img src="https://example.com/pixel.png">')
		expect(rewritten).toContain('<link href="https://example.com/style.css">')
		expect(rewritten).toContain(`<a class='x' href="`)
		expect(rewritten).toContain(`<a title="a > b" data-x='"' href="`)
	})

	test('decodes character references in href as a browser does', () => {
		expect(decodeHtmlEntities('https://x.test/?a=1&amp;b=&#50;&#x33;&quot;&lt;&unknown;')).toBe(
			'https://x.test/?a=1&b=23"<&unknown;',
		)
	})
})

describe('GET /t/:token', () => {
	test('non-ASCII, query strings and fragments arrive byte for byte; LINK_CLICK names the step', async () => {
		const html = TRICKY_URLS.map((url, index) => `<a href="${escapeAttribute(url)}">link ${index}</a>`).join(
			' ',
		)
		const { organization, sequence, step } = await sequenceWithStep(html)
		const tokens = trackedTokens(rewriteLinksForTracking(html, step.id))
		expect(tokens).toHaveLength(TRICKY_URLS.length)

		for (const [index, token] of tokens.entries()) {
			const original = TRICKY_URLS[index]!
			expect(readTrackedLink(token)?.url).toBe(original)
			const response = await send('GET', `/t/${token}`)
			expect(response.status).toBe(302)
			const location = response.headers.get('Location')!
			// Headers are ASCII; the browser lands exactly where the original link leads.
			expect(location).toMatch(/^[\x21-\x7e]+$/)
			expect(new URL(location).href).toBe(new URL(original).href)
			expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
		}
		// The ASCII parts are not re-encoded or normalised on the way.
		const first = await send('GET', `/t/${tokens[0]}`)
		expect(first.headers.get('Location')).toBe(
			'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=a%20b&x=%C3%BC#frag',
		)
		const second = await send('GET', `/t/${tokens[1]}`)
		expect(second.headers.get('Location')).toBe(TRICKY_URLS[1])

		const events = await prisma.sequenceEvent.findMany({
			where: { emailStepId: step.id, type: 'LINK_CLICK' },
			orderBy: { createdAt: 'asc' },
		})
		expect(events).toHaveLength(TRICKY_URLS.length + 2)
		expect(events.slice(0, TRICKY_URLS.length).map((event) => event.url)).toEqual(TRICKY_URLS)
		for (const event of events) {
			expect(event).toMatchObject({ sequenceId: sequence.id, organizationId: organization.id })
		}
	})

	test('a forged, altered or foreign token is a 404 and records nothing: no open redirect', async () => {
		const { step } = await sequenceWithStep('<a href="https://example.com/ok">ok</a>')
		const [token] = trackedTokens(rewriteLinksForTracking(step.bodyHtml, step.id))
		const [, signature] = legacySignedToken('link', [step.id, 'https://example.com/ok']).split('.')
		const evilPayload = Buffer.from(JSON.stringify([step.id, 'https://evil.example/'])).toString('base64url')
		const flipped = Buffer.from(token!, 'base64url')
		flipped[20]! ^= 1
		const forged = [
			`${evilPayload}.${signature}`,
			`${token}x`,
			`${token}.extra`,
			flipped.toString('base64url'),
			token!.slice(0, -4),
			'not-a-token',
			`${evilPayload}.AAAAAAAAAAAAAAAAAAAAAA`,
			// Issued by us, but for unsubscribing: not a link.
			sealToken('unsubscribe', [step.id, 'https://evil.example/']),
			legacySignedToken('unsubscribe', [step.id, 'https://evil.example/']),
		]
		for (const candidate of forged) {
			const response = await send('GET', `/t/${encodeURIComponent(candidate)}`)
			expect(response.status, candidate).toBe(404)
			expect(response.headers.get('Location')).toBeNull()
		}
		expect(await prisma.sequenceEvent.count({ where: { emailStepId: step.id } })).toBe(0)
	})

	test('a link of a deleted step is a 404: nothing shows any more that it was sent (decision 020)', async () => {
		const { step } = await sequenceWithStep('<a href="https://example.com/x">x</a>')
		const [token] = trackedTokens(rewriteLinksForTracking(step.bodyHtml, step.id))
		expect((await send('GET', `/t/${token}`)).status).toBe(302)
		await prisma.emailStep.delete({ where: { id: step.id } })
		const response = await send('GET', `/t/${token}`)
		expect(response.status).toBe(404)
		expect(response.headers.get('Location')).toBeNull()
	})
})

describe('tokens that name nothing (decision 015)', () => {
	test('a tracked link is one opaque token: no step id, no URL, nothing readable', () => {
		const url = 'https://example.com/pricing?plan=pro'
		const [token] = trackedTokens(rewriteLinksForTracking(`<a href="${url}">Pricing</a>`, 'step_abc123'))
		expect(token).toMatch(/^[\w-]+$/)
		for (const form of [token!, Buffer.from(token!, 'base64url').toString('latin1')]) {
			expect(form).not.toContain('step_abc123')
			expect(form).not.toContain('example.com')
			expect(form).not.toContain('pricing')
		}
		expect(readTrackedLink(token!)).toEqual({ emailStepId: 'step_abc123', url })
		// Deterministic: the same step and link give the same token (a re-sent email matches the first).
		expect(trackedTokens(rewriteLinksForTracking(`<a href="${url}">Pricing</a>`, 'step_abc123'))).toEqual([
			token,
		])
		expect(trackedTokens(rewriteLinksForTracking(`<a href="${url}">Pricing</a>`, 'step_other'))).not.toEqual([
			token,
		])
	})

	test('a link in email sent before sealed tokens still redirects and records the click', async () => {
		const { step } = await sequenceWithStep('<a href="https://example.com/old?x=1">Old</a>')
		const old = legacySignedToken('link', [step.id, 'https://example.com/old?x=1'])
		const response = await send('GET', `/t/${old}`)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('https://example.com/old?x=1')
		expect(
			await prisma.sequenceEvent.findMany({
				where: { emailStepId: step.id, type: 'LINK_CLICK' },
				select: { url: true },
			}),
		).toEqual([{ url: 'https://example.com/old?x=1' }])
	})
})

describe('links whose text is a URL', () => {
	test('are left as written, so the visible address and the href agree; other links are tracked', () => {
		const untouched = [
			`<a href="https://acme.test/demo">https://acme.test/demo</a>`,
			`<a href="https://acme.test/demo">acme.test/demo</a>`,
			`<a href="https://www.acme.test/">www.acme.test</a>`,
			`<a href="https://acme.test/a?b=1&amp;c=2"><span style="color:blue"> https://acme.test/a?b=1&amp;c=2 </span></a>`,
			`<a href="https://other.test/">http://acme.test</a>`,
		]
		const tracked = [
			`<a href="https://acme.test/demo">Book a demo</a>`,
			`<a href="https://acme.test/demo"><img src="https://acme.test/logo.png" alt="Acme"></a>`,
			`<a href="https://acme.test/demo">Visit acme.test for more</a>`,
		]
		const html = [...untouched, ...tracked].join('<br>')
		const rewritten = rewriteLinksForTracking(html, 'step_1')
		for (const link of untouched) expect(rewritten).toContain(link)
		expect(trackedTokens(rewritten)).toHaveLength(tracked.length)
		expect(rewritten).toContain('>Book a demo</a>')
	})
})

describe('a tracking domain', () => {
	test('links and their tokens use it; links already on it or on the app are not wrapped again', () => {
		const base = 'https://track.acme.test'
		const html = [
			`<a href="https://example.com/x">x</a>`,
			`<a href="${base}/t/abc">already tracked</a>`,
			`<a href="${appUrl()}/t/abc">tracked on the app</a>`,
		].join(' ')
		const rewritten = rewriteLinksForTracking(html, 'step_1', base)
		const hrefs = [...rewritten.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!)
		expect(hrefs[0]).toMatch(new RegExp(`^${base}/t/[\\w-]+$`))
		expect(readTrackedLink(hrefs[0]!.slice(`${base}/t/`.length))).toEqual({
			emailStepId: 'step_1',
			url: 'https://example.com/x',
		})
		expect(hrefs.slice(1)).toEqual([`${base}/t/abc`, `${appUrl()}/t/abc`])
	})
})
