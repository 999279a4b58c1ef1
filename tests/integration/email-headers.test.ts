import { Logger, runOnce } from 'graphile-worker'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readTrackedLink } from '#app/models/tracking/tracked-links.server.ts'
import { readUnsubscribeToken } from '#app/models/unsubscribe/unsubscribe.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { appUrl, mailDomain } from '#app/utils/env.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'
import { startSmtpSink, type SinkMessage, type SmtpSink } from '#tests/fakes/smtp-sink.ts'

// What a recipient's server receives from a sequence sent over SMTP (decision 015): Message-IDs
// on the sender's domain with nothing of ours in them, no header of ours, opaque link tokens on
// the organization's tracking domain, and links whose text is a URL left as written.

const quietLogger = new Logger(() => () => {})
let sink: SmtpSink

beforeAll(async () => {
	sink = await startSmtpSink()
})
afterAll(() => sink.close())

async function runDueJobs() {
	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		concurrency: 4,
		logger: quietLogger,
	})
}

/** An organization whose default SMTP server is the sink, and a user on sales.acme.test. */
async function smtpOrganization() {
	const unique = Math.random().toString(36).slice(2, 10)
	const owner = await createSignedInUser({ email: `ada-${unique}@Sales.Acme.test` })
	await prisma.smtpTransport.create({
		data: {
			organizationId: owner.organization.id,
			name: 'Sink',
			host: sink.host,
			port: sink.port,
			security: 'NONE',
			isDefault: true,
		},
	})
	return owner
}

function receivedFor(stepMessageIds: string[]) {
	return stepMessageIds.map((id) => sink.messages.find((message) => message.messageId === id)!)
}

/** Header names and values as received, with the body cut off. */
function headerSection(message: SinkMessage) {
	return message.raw.slice(0, message.raw.search(/\r?\n\r?\n/))
}

const BODY = [
	'<p>Hi, <a href="https://example.com/pricing?plan=pro">see our pricing</a>',
	' or visit <a href="https://example.com/demo">https://example.com/demo</a>.</p>',
].join('')

describe('a sequence sent over SMTP', () => {
	test('Message-IDs are random ids on the sender’s domain, threaded, with no header of ours', async () => {
		const { user, organization } = await smtpOrganization()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ daysAfter: 0, bodyHtml: BODY }, { daysAfter: 0 }],
		})
		await activateSequences(organization.id, [sequence.id])
		await runDueJobs()
		await runDueJobs()
		const steps = await prisma.emailStep.findMany({
			where: { sequenceId: sequence.id },
			orderBy: { order: 'asc' },
		})
		expect(steps.map((step) => step.status)).toEqual(['SENT', 'SENT'])
		const [first, second] = receivedFor(steps.map((step) => step.messageId!))
		expect(first && second).toBeTruthy()
		for (const [index, message] of [first!, second!].entries()) {
			expect(message.messageId).toMatch(/^<[0-9a-f]{32}@sales\.acme\.test>$/)
			expect(message.messageId).not.toContain(steps[index]!.id)
			const headers = headerSection(message)
			expect(headers).not.toMatch(/reachout/i)
			expect(headers).not.toContain(steps[index]!.id)
			// The app's host only in the unsubscribe link (a tracking domain replaces it, below).
			expect(headers.replace(/^List-Unsubscribe:\s*<[^>]*>/m, '')).not.toContain(new URL(appUrl()).host)
			expect(Object.keys(message.headers).filter((name) => name.startsWith('x-'))).toEqual([])
		}
		expect(first!.messageId).not.toBe(second!.messageId)
		// Replies still match: the stored id is the one sent, and the follow-up answers it.
		expect(sink.header(second!, 'In-Reply-To')).toBe(first!.messageId)
		expect(sink.header(second!, 'References')).toBe(first!.messageId)
	})

	test('links carry opaque tokens; a link whose text is a URL goes out as written', async () => {
		const { user, organization } = await smtpOrganization()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ daysAfter: 0, bodyHtml: BODY }],
		})
		await activateSequences(organization.id, [sequence.id])
		await runDueJobs()
		const step = await prisma.emailStep.findFirstOrThrow({ where: { sequenceId: sequence.id } })
		const [message] = receivedFor([step.messageId!])
		const html = message!.html!
		expect(html).toContain('<a href="https://example.com/demo">https://example.com/demo</a>')
		const tracked = new RegExp(`href="${appUrl()}/t/([\\w-]+)">see our pricing</a>`).exec(html)?.[1]
		expect(readTrackedLink(tracked!)).toEqual({
			emailStepId: step.id,
			url: 'https://example.com/pricing?plan=pro',
		})
		const unsubscribe = /^<(.+)\/unsubscribe\/([\w-]+)>$/.exec(sink.header(message!, 'List-Unsubscribe')!)
		expect(unsubscribe?.[1]).toBe(appUrl())
		expect(readUnsubscribeToken(unsubscribe![2]!)).toEqual({ emailStepId: step.id })
		// Nothing readable anywhere in the message names the step.
		expect(message!.raw).not.toContain(step.id)
		expect(Buffer.from(tracked!, 'base64url').toString('latin1')).not.toContain('pricing')
	})

	test('with a tracking domain, tracked and unsubscribe links use it', async () => {
		const { user, organization } = await smtpOrganization()
		await prisma.organization.update({
			where: { id: organization.id },
			data: { trackingDomain: 'links.acme.test' },
		})
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ daysAfter: 0, bodyHtml: BODY }],
		})
		await activateSequences(organization.id, [sequence.id])
		await runDueJobs()
		const step = await prisma.emailStep.findFirstOrThrow({ where: { sequenceId: sequence.id } })
		const [message] = receivedFor([step.messageId!])
		const base = `${new URL(appUrl()).protocol}//links.acme.test`
		expect(message!.html).toMatch(new RegExp(`href="${base}/t/[\\w-]+">see our pricing</a>`))
		expect(message!.html).toContain(`${base}/unsubscribe/`)
		expect(message!.text).toContain(`Unsubscribe: ${base}/unsubscribe/`)
		expect(sink.header(message!, 'List-Unsubscribe')).toMatch(new RegExp(`^<${base}/unsubscribe/[\\w-]+>$`))
		expect(message!.raw).not.toContain(new URL(appUrl()).host)
	})

	test('the careful path and steps planned before this change get the same kind of Message-ID', async () => {
		const { user, organization } = await smtpOrganization()
		// An invalid time zone makes the one-statement claim fail: every step goes the careful way.
		const contact = await insertContact(organization.id, {
			email: `lead-${Math.random().toString(36).slice(2, 8)}@example.org`,
			timeZone: 'Mars/Base',
		})
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			contactId: contact.id,
			steps: [{ daysAfter: 0 }],
		})
		await activateSequences(organization.id, [sequence.id])
		const step = sequence.emailSteps[0]!
		// As activation fixed it before decision 015: the step id in clear, on the app's host.
		await prisma.emailStep.update({
			where: { id: step.id },
			data: { messageId: `<${step.id}@${mailDomain()}>` },
		})
		await runDueJobs()
		const sent = await prisma.emailStep.findUniqueOrThrow({ where: { id: step.id } })
		expect(sent.status).toBe('SENT')
		expect(sent.messageId).toMatch(/^<[0-9a-f]{32}@sales\.acme\.test>$/)
		expect(receivedFor([sent.messageId!])[0]).toBeTruthy()
	})

	test('activation fixes a random Message-ID on the sender’s domain; the fast claim keeps it', async () => {
		const { user, organization } = await smtpOrganization()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ daysAfter: 0 }],
		})
		await activateSequences(organization.id, [sequence.id])
		const planned = await prisma.emailStep.findFirstOrThrow({ where: { sequenceId: sequence.id } })
		expect(planned.messageId).toMatch(/^<[0-9a-f]{32}@sales\.acme\.test>$/)
		await runDueJobs()
		const sent = await prisma.emailStep.findFirstOrThrow({ where: { sequenceId: sequence.id } })
		expect(sent).toMatchObject({ status: 'SENT', messageId: planned.messageId })
	})
})
