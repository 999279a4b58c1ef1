import { describe, expect, test } from 'vitest'
import { legacySignedToken, sealToken } from '#app/models/tracking/signed-token.server.ts'
import {
	UNSUBSCRIBED_REASON,
	addUnsubscribeFooter,
	listUnsubscribeHeaders,
	unsubscribeByToken,
	unsubscribeUrl,
} from '#app/models/unsubscribe/unsubscribe.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { appUrl } from '#app/utils/env.server.ts'
import { setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

const send = setupApiRouter()

function tokenOf(url: string) {
	return url.slice(`${appUrl()}/unsubscribe/`.length)
}

/** A contact with an ACTIVE sequence (one email sent), a PAUSED and a COMPLETED one; and the same address in another org. */
async function contactWithSequences() {
	const { user, organization } = await createSignedInUser()
	const email = `lead-${Math.random().toString(36).slice(2, 8)}@example.org`
	const contact = await insertContact(organization.id, { email })
	const active = await insertSequence({
		organizationId: organization.id,
		user,
		contactId: contact.id,
		status: 'ACTIVE',
		steps: [{ status: 'SENT' }, { status: 'SCHEDULED', daysAfter: 3 }, { status: 'PENDING', daysAfter: 4 }],
	})
	const paused = await insertSequence({
		organizationId: organization.id,
		user,
		contactId: contact.id,
		status: 'PAUSED',
		steps: [{ status: 'SCHEDULED' }],
	})
	const completed = await insertSequence({
		organizationId: organization.id,
		user,
		contactId: contact.id,
		status: 'COMPLETED',
		steps: [{ status: 'SENT' }],
	})
	const other = await createSignedInUser()
	const otherContact = await insertContact(other.organization.id, { email })
	const otherSequence = await insertSequence({
		organizationId: other.organization.id,
		user: other.user,
		contactId: otherContact.id,
		status: 'ACTIVE',
		steps: [{ status: 'SENT' }, { status: 'SCHEDULED' }],
	})
	return { organization, contact, active, paused, completed, otherContact, otherSequence }
}

describe('List-Unsubscribe headers and footer', () => {
	test('point at the sealed unsubscribe URL and announce one-click POST (RFC 8058)', () => {
		const url = unsubscribeUrl('step_1')
		// One opaque base64url token: neither the step id nor anything readable in it.
		expect(url).toMatch(new RegExp(`^${appUrl()}/unsubscribe/[\\w-]+$`))
		const token = tokenOf(url)
		expect(token).not.toContain('step_1')
		expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('step_1')
		expect(listUnsubscribeHeaders(url)).toEqual({
			'List-Unsubscribe': `<${url}>`,
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		})
		expect(unsubscribeUrl('step_2')).not.toBe(url)
		// The same step, the same link (a re-sent email carries what the first one did).
		expect(unsubscribeUrl('step_1')).toBe(url)
		expect(unsubscribeUrl('step_1', 'https://track.acme.test')).toBe(
			`https://track.acme.test/unsubscribe/${token}`,
		)
	})

	test('the footer adds a link to the HTML (inside <body>) and a line to the text', () => {
		const url = unsubscribeUrl('step_1')
		const plain = addUnsubscribeFooter({ html: '<p>Hi</p>', text: 'Hi\n' }, url)
		expect(plain.html).toMatch(new RegExp(`^<p>Hi</p><p[^>]*>.*<a href="${url}"[^>]*>Unsubscribe</a></p>$`))
		expect(plain.text).toBe(`Hi\n\n--\nUnsubscribe: ${url}\n`)
		const documentHtml = addUnsubscribeFooter({ html: '<html><body><p>Hi</p></body></html>', text: '' }, url)
		expect(documentHtml.html).toMatch(/<p>Hi<\/p><p[^>]*>.*Unsubscribe<\/a><\/p><\/body><\/html>$/)
	})
})

describe('/unsubscribe/:token', () => {
	test('GET asks to confirm and changes nothing', async () => {
		const { organization, contact, active } = await contactWithSequences()
		const response = await send('GET', `/unsubscribe/${tokenOf(unsubscribeUrl(active.emailSteps[0]!.id))}`)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toContain('text/html')
		expect(response.text).toContain(`Stop receiving emails from ${organization.name}?`)
		expect(response.text).toMatch(/<form method="post">.*<button type="submit">Unsubscribe<\/button>/s)
		const after = await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })
		expect(after.unsubscribedAt).toBeNull()
	})

	test('one-click POST flags the contact, cancels their running sequences with the reason, and nothing else', async () => {
		const { contact, active, paused, completed, otherContact, otherSequence } = await contactWithSequences()
		const sentStep = active.emailSteps[0]!
		const token = tokenOf(unsubscribeUrl(sentStep.id))
		// As a mail provider sends it: no cookie, the RFC 8058 body.
		const response = await send('POST', `/unsubscribe/${token}`, {
			form: { 'List-Unsubscribe': 'One-Click' },
		})
		expect(response.status).toBe(200)
		expect(response.text).toContain('You are unsubscribed')

		const flagged = await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })
		expect(flagged.unsubscribedAt).toBeInstanceOf(Date)
		const events = await prisma.sequenceEvent.findMany({
			where: { type: 'UNSUBSCRIBE', sequenceId: active.id },
		})
		expect(events).toEqual([
			expect.objectContaining({ emailStepId: sentStep.id, organizationId: contact.organizationId }),
		])

		const steps = await prisma.emailStep.findMany({
			where: { sequenceId: { in: [active.id, paused.id, completed.id] } },
			select: { sequenceId: true, order: true, status: true, failureReason: true },
			orderBy: [{ sequenceId: 'asc' }, { order: 'asc' }],
		})
		const bySequence = (id: string) => steps.filter((step) => step.sequenceId === id)
		expect(bySequence(active.id).map(({ status, failureReason }) => ({ status, failureReason }))).toEqual([
			{ status: 'SENT', failureReason: null },
			{ status: 'CANCELED', failureReason: UNSUBSCRIBED_REASON },
			{ status: 'CANCELED', failureReason: UNSUBSCRIBED_REASON },
		])
		expect(bySequence(paused.id).map((step) => step.status)).toEqual(['CANCELED'])
		expect(bySequence(completed.id).map((step) => step.status)).toEqual(['SENT'])
		const sequences = await prisma.sequence.findMany({
			where: { id: { in: [active.id, paused.id, completed.id] } },
			select: { id: true, status: true },
		})
		expect(Object.fromEntries(sequences.map((s) => [s.id, s.status]))).toEqual({
			[active.id]: 'CANCELLED',
			[paused.id]: 'CANCELLED',
			[completed.id]: 'COMPLETED',
		})

		// The same address in another organization is another contact: untouched.
		expect(
			(await prisma.contact.findUniqueOrThrow({ where: { id: otherContact.id } })).unsubscribedAt,
		).toBeNull()
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: otherSequence.id } })).status).toBe(
			'ACTIVE',
		)
		expect(
			(
				await prisma.emailStep.findMany({
					where: { sequenceId: otherSequence.id },
					orderBy: { order: 'asc' },
				})
			).map((step) => step.status),
		).toEqual(['SENT', 'SCHEDULED'])

		// Again (a second click, a retried POST): still fine, recorded once; the page says so.
		expect((await send('POST', `/unsubscribe/${token}`, { form: {} })).status).toBe(200)
		expect(await prisma.sequenceEvent.count({ where: { type: 'UNSUBSCRIBE', sequenceId: active.id } })).toBe(
			1,
		)
		const page = await send('GET', `/unsubscribe/${token}`)
		expect(page.text).toContain('You are unsubscribed')
		expect(page.text).not.toContain('<form')
	})

	test('a link in email sent before sealed tokens (readable payload) still unsubscribes', async () => {
		const { contact, active } = await contactWithSequences()
		const old = legacySignedToken('unsubscribe', active.emailSteps[0]!.id)
		expect(old).toContain('.')
		const page = await send('GET', `/unsubscribe/${old}`)
		expect(page.status).toBe(200)
		expect(page.text).toContain('Stop receiving emails from')
		expect((await send('POST', `/unsubscribe/${old}`, { form: {} })).status).toBe(200)
		expect(
			(await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt,
		).toBeInstanceOf(Date)
	})

	test('a forged token or one issued for links is a 404, GET and POST', async () => {
		const { contact, active } = await contactWithSequences()
		const stepId = active.emailSteps[0]!.id
		const token = tokenOf(unsubscribeUrl(stepId))
		const legacy = legacySignedToken('unsubscribe', stepId)
		const [, signature] = legacy.split('.')
		const otherStep = Buffer.from(JSON.stringify(active.emailSteps[1]!.id)).toString('base64url')
		// One bit of the sealed token flipped: the tag no longer matches.
		const bytes = Buffer.from(token, 'base64url')
		bytes[14]! ^= 1
		const forgedCandidates = [
			`${otherStep}.${signature}`,
			'nope',
			bytes.toString('base64url'),
			sealToken('link', stepId),
			legacySignedToken('link', stepId),
		]
		for (const forged of forgedCandidates) {
			expect((await send('GET', `/unsubscribe/${forged}`)).status).toBe(404)
			expect(
				(await send('POST', `/unsubscribe/${forged}`, { form: { 'List-Unsubscribe': 'One-Click' } })).status,
			).toBe(404)
		}
		expect((await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).toBeNull()
	})

	test('waits for a dispatcher holding the sequence lock: a step it claimed stays claimed', async () => {
		const { active } = await contactWithSequences()
		const claimed = active.emailSteps[1]!
		let release!: () => void
		const released = new Promise<void>((resolve) => (release = resolve))
		expect(claimed.status).toBe('SCHEDULED')
		let locked!: () => void
		const lockHeld = new Promise<void>((resolve) => (locked = resolve))
		// The dispatcher: lock the sequence, and while the unsubscribe waits, claim the due step (SENDING).
		const dispatcher = prisma.$transaction(async (tx) => {
			await tx.$queryRaw`SELECT id FROM "Sequence" WHERE id = ${active.id} AND status = 'ACTIVE' FOR UPDATE`
			locked()
			await released
			await tx.emailStep.updateMany({
				where: { id: claimed.id, status: 'SCHEDULED' },
				data: { status: 'SENDING' },
			})
		})
		await lockHeld
		const unsubscribing = unsubscribeByToken(tokenOf(unsubscribeUrl(active.emailSteps[0]!.id)))
		await new Promise((resolve) => setTimeout(resolve, 200))
		release()
		await dispatcher
		expect(await unsubscribing).toMatchObject({ newlyUnsubscribed: true })
		const steps = await prisma.emailStep.findMany({
			where: { sequenceId: active.id },
			orderBy: { order: 'asc' },
		})
		expect(steps.map((step) => step.status)).toEqual(['SENT', 'SENDING', 'CANCELED'])
	})
})
