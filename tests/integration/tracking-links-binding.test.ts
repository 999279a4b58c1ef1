import { describe, expect, test } from 'vitest'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { changeSequenceStatus } from '#app/models/sequence/sequence-status.server.ts'
import { legacySignedToken, sealToken } from '#app/models/tracking/signed-token.server.ts'
import { rewriteLinksForTracking } from '#app/models/tracking/tracked-links.server.ts'
import { type StepStatus } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'
import { appUrl } from '#app/utils/env.server.ts'
import { setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// A tracked link redirects only if it was in an email that went out (decision 020): the step was
// sent and the URL is one of the links of its stored body. Anything else is a 404, recording nothing.

const send = setupApiRouter()

const BODY = '<p>Hi, <a href="https://acme.test/pricing?plan=pro&amp;x=1">our pricing</a>.</p>'
const PRICING = 'https://acme.test/pricing?plan=pro&x=1'

function trackedTokens(html: string) {
	return [...html.matchAll(/href="[^"]*\/t\/([\w-]+)"/g)].map((match) => match[1]!)
}

/** A one-step sequence in this state; `sentAt` set for the statuses of a sent step. */
async function stepIn(status: StepStatus, bodyHtml = BODY) {
	const owner = await createSignedInUser()
	const sequence = await insertSequence({
		organizationId: owner.organization.id,
		user: owner.user,
		status: 'ACTIVE',
		steps: [{ bodyHtml, status }],
	})
	const sent = status === 'SENT' || status === 'REPLIED'
	const step = await prisma.emailStep.update({
		where: { id: sequence.emailSteps[0]!.id },
		data: { sentAt: sent ? new Date() : null },
	})
	return { owner, sequence, step }
}

async function clicksOf(stepId: string) {
	return prisma.sequenceEvent.findMany({
		where: { emailStepId: stepId, type: 'LINK_CLICK' },
		select: { url: true, organizationId: true, sequenceId: true },
	})
}

describe('GET /t/:token — only links of sent email', () => {
	test('a link sent by the dispatcher redirects once, and the click is recorded for its organization', async () => {
		const owner = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: owner.organization.id,
			user: owner.user,
			steps: [{ bodyHtml: BODY }],
		})
		await changeSequenceStatus({
			organizationId: owner.organization.id,
			sequenceId: sequence.id,
			status: 'ACTIVE',
			now: new Date(),
		})
		const stepId = sequence.emailSteps[0]!.id
		// Minted by the send itself; before it went out the token named an unsent step.
		const [early] = trackedTokens(rewriteLinksForTracking(BODY, stepId))
		expect((await send('GET', `/t/${early}`)).status).toBe(404)

		expect(await sendEmailStep(stepId)).toBe('sent')
		const outbox = await prisma.outboxMessage.findFirstOrThrow({
			where: { organizationId: owner.organization.id },
		})
		const [token] = trackedTokens(outbox.html)
		expect(token).toBe(early)
		const response = await send('GET', `/t/${token}`)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(PRICING)
		expect(await clicksOf(stepId)).toEqual([
			{ url: PRICING, organizationId: owner.organization.id, sequenceId: sequence.id },
		])
	})

	test.each<StepStatus>(['PENDING', 'SCHEDULED', 'SENDING', 'FAILED', 'CANCELED'])(
		'a link minted for a %s step is a 404 and records nothing',
		async (status) => {
			const { step } = await stepIn(status)
			const [token] = trackedTokens(rewriteLinksForTracking(BODY, step.id))
			const response = await send('GET', `/t/${token}`)
			expect(response.status).toBe(404)
			expect(response.headers.get('Location')).toBeNull()
			expect(await clicksOf(step.id)).toEqual([])
		},
	)

	test('a replied step was sent: its links still redirect', async () => {
		const { step } = await stepIn('REPLIED')
		const [token] = trackedTokens(rewriteLinksForTracking(BODY, step.id))
		expect((await send('GET', `/t/${token}`)).status).toBe(302)
	})

	test('a token we sealed for a URL that is not in the sent email is a 404', async () => {
		const { step } = await stepIn('SENT')
		// As a preview or any other path that sealed a token without sending it would have.
		for (const url of ['https://evil.example/', 'https://acme.test/pricing', `${PRICING}#more`]) {
			const response = await send('GET', `/t/${sealToken('link', [step.id, url])}`)
			expect(response.status, url).toBe(404)
			expect(response.headers.get('Location')).toBeNull()
		}
		expect(await clicksOf(step.id)).toEqual([])
	})

	test('old tokens (before sealing) keep working while their step is sent, including links left untracked since', async () => {
		const body = `${BODY}<a href="https://acme.test/demo">https://acme.test/demo</a>`
		const { step } = await stepIn('SENT', body)
		for (const url of [PRICING, 'https://acme.test/demo']) {
			const response = await send('GET', `/t/${legacySignedToken('link', [step.id, url])}`)
			expect(response.status, url).toBe(302)
			expect(response.headers.get('Location')).toBe(url)
		}
		expect(await clicksOf(step.id)).toHaveLength(2)
		const forged = legacySignedToken('link', [step.id, 'https://evil.example/'])
		expect((await send('GET', `/t/${forged}`)).status).toBe(404)

		const unsent = await stepIn('SCHEDULED')
		expect((await send('GET', `/t/${legacySignedToken('link', [unsent.step.id, PRICING])}`)).status).toBe(404)
	})

	test('a link is bound to its own step: the same URL sent by another organization does not open it', async () => {
		const victim = await stepIn('SCHEDULED', '<p>No link</p>')
		const attacker = await stepIn('SENT', '<a href="https://evil.example/">click</a>')
		// The attacker's sent email holds the URL; a token naming the other organization's step does not pass.
		const crossed = sealToken('link', [victim.step.id, 'https://evil.example/'])
		expect((await send('GET', `/t/${crossed}`)).status).toBe(404)
		// Their own link works, and its click is theirs alone.
		const [own] = trackedTokens(rewriteLinksForTracking(attacker.step.bodyHtml, attacker.step.id))
		expect((await send('GET', `/t/${own}`)).status).toBe(302)
		expect(
			await prisma.sequenceEvent.count({ where: { organizationId: victim.owner.organization.id } }),
		).toBe(0)
		expect(
			await prisma.sequenceEvent.count({ where: { organizationId: attacker.owner.organization.id } }),
		).toBe(1)
	})

	test('a test email carries no tracked link', async () => {
		const owner = await createSignedInUser()
		const mailbox = await ensureUserMailbox({
			organizationId: owner.organization.id,
			userId: owner.user.id,
			email: owner.user.email,
			name: owner.user.name,
		})
		const result = await send('POST', '/api/v1/emails', {
			cookie: owner.cookie,
			json: { mailbox_id: mailbox.id, to: owner.user.email, subject: 'Pricing test', body: BODY },
		})
		expect(result.status, result.text).toBe(200)
		const outbox = await prisma.outboxMessage.findFirstOrThrow({
			where: { organizationId: owner.organization.id },
		})
		expect(outbox.html).toContain('https://acme.test/pricing')
		expect(outbox.html).not.toContain(`${appUrl()}/t/`)
		expect(trackedTokens(outbox.html)).toEqual([])
	})
})
