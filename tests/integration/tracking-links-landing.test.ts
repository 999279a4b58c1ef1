import { afterEach, describe, expect, test } from 'vitest'
import { CLICK_BURST_LIMIT } from '#app/models/tracking/click-rules.ts'
import { followTrackedLink, rewriteLinksForTracking } from '#app/models/tracking/tracked-links.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// Old links and much-clicked links of sent email show a page with their destination instead of
// redirecting blindly (decision 020); the page records no click.

const send = setupApiRouter()
const DAY = 86_400_000

afterEach(() => {
	delete process.env.TRACKED_LINK_DAYS
	resetEnvCache()
})

/** A sent step linking to `url`, sent `daysAgo` days ago, and the token of that link. */
async function sentLink(url: string, daysAgo: number) {
	const owner = await createSignedInUser()
	const bodyHtml = `<p><a href="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Read more</a></p>`
	const sequence = await insertSequence({
		organizationId: owner.organization.id,
		user: owner.user,
		status: 'ACTIVE',
		steps: [{ bodyHtml, status: 'SENT' }],
	})
	const step = await prisma.emailStep.update({
		where: { id: sequence.emailSteps[0]!.id },
		data: { sentAt: new Date(Date.now() - daysAgo * DAY) },
	})
	const token = /\/t\/([\w-]+)"/.exec(rewriteLinksForTracking(bodyHtml, step.id))![1]!
	return { owner, sequence, step, token }
}

function clickCount(stepId: string) {
	return prisma.sequenceEvent.count({ where: { emailStepId: stepId, type: 'LINK_CLICK' } })
}

function expectLandingPage(response: Awaited<ReturnType<typeof send>>) {
	expect(response.status).toBe(200)
	expect(response.headers.get('Location')).toBeNull()
	expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
	expect(response.headers.get('Cache-Control')).toBe('no-store')
	expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
	expect(response.text).toContain('<h1>Check where this link goes</h1>')
	expect(response.text).not.toContain('<script')
}

describe('a link older than TRACKED_LINK_DAYS', () => {
	test('shows its destination and a link to it, with no redirect and no click recorded', async () => {
		const url = 'https://acme.test/pricing?plan=pro&x="1"'
		const { step, token, owner } = await sentLink(url, 366)
		const response = await send('GET', `/t/${token}`)
		expectLandingPage(response)
		// The destination in full, escaped, and the way on.
		expect(response.text).toContain('https://acme.test/pricing?plan=pro&amp;x=&quot;1&quot;')
		expect(response.text).toContain(
			'<a class="button" href="https://acme.test/pricing?plan=pro&amp;x=&quot;1&quot;" rel="noreferrer noopener">Continue to acme.test</a>',
		)
		expect(response.text).toContain(owner.organization.name)
		expect(response.text).toContain('Links older than 365 days')
		expect(await clickCount(step.id)).toBe(0)
	})

	test('a year minus a day still redirects', async () => {
		const { token } = await sentLink('https://acme.test/a', 364)
		const response = await send('GET', `/t/${token}`)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('https://acme.test/a')
	})

	test('the time is configurable and counted from the send', async () => {
		// The model, not the route: the router's app holds its own copy of the environment.
		process.env.TRACKED_LINK_DAYS = '30'
		resetEnvCache()
		const old = await sentLink('https://acme.test/old', 31)
		expect(await followTrackedLink(old.token)).toMatchObject({ kind: 'landing', reason: 'expired' })
		const recent = await sentLink('https://acme.test/recent', 29)
		expect(await followTrackedLink(recent.token)).toEqual({
			kind: 'redirect',
			url: 'https://acme.test/recent',
		})
	})

	test('an internationalised host is shown as DNS sees it, so a look-alike shows as what it is', async () => {
		const { token } = await sentLink('https://exаmple.test/login', 400) // Cyrillic "а"
		const response = await send('GET', `/t/${token}`)
		expectLandingPage(response)
		expect(response.text).toContain('Continue to xn--exmple-4nf.test</a>')
	})
})

describe('a link clicked more than one reader does', () => {
	test(`after ${CLICK_BURST_LIMIT} clicks in a day on its email, readers see the page first`, async () => {
		const { step, sequence, owner, token } = await sentLink('https://acme.test/offer', 1)
		const event = {
			type: 'LINK_CLICK' as const,
			url: 'https://acme.test/offer',
			emailStepId: step.id,
			sequenceId: sequence.id,
			organizationId: owner.organization.id,
		}
		// Clicks older than a day do not count.
		await prisma.sequenceEvent.createMany({
			data: Array.from({ length: CLICK_BURST_LIMIT }, () => ({
				...event,
				createdAt: new Date(Date.now() - 2 * DAY),
			})),
		})
		await prisma.sequenceEvent.createMany({
			data: Array.from({ length: CLICK_BURST_LIMIT - 1 }, () => event),
		})
		expect((await send('GET', `/t/${token}`)).status).toBe(302)
		const busy = await send('GET', `/t/${token}`)
		expectLandingPage(busy)
		expect(busy.text).toContain('was opened more often today than one reader of an email does')
		expect(busy.text).toContain('href="https://acme.test/offer"')
		expect(await clickCount(step.id)).toBe(2 * CLICK_BURST_LIMIT)
	})
})

test('a link that is not valid answers a small 404 page', async () => {
	const response = await send('GET', '/t/not-a-token')
	expect(response.status).toBe(404)
	expect(response.headers.get('Location')).toBeNull()
	expect(response.text).toContain('<h1>Link not valid</h1>')
})
