import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { syncImapMailbox } from '#app/models/conversation/imap-sync.server.ts'
import { forgetMailboxTransports } from '#app/models/mailbox/mail-transport.server.ts'
import { removeImapSettings, saveImapSettings } from '#app/models/mailbox/imap-settings.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { startImapServer, type ImapServer } from '#tests/fakes/imap-server.ts'
import { startSmtpSink, type SmtpSink } from '#tests/fakes/smtp-sink.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// Replies and bounces of SMTP-sent steps, read from a real IMAP server (Dovecot on loopback):
// each test has its own IMAP account, so one test's inbox never feeds another's.

const IMAP_PASSWORD = 'imap secret'
const ACCOUNTS = ['reply', 'quote', 'bounce', 'own', 'incremental', 'isolation', 'settings'] as const
type Account = (typeof ACCOUNTS)[number]
const address = (account: Account) => `${account}@acme.test`

let imap: ImapServer
let sink: SmtpSink

beforeAll(async () => {
	imap = await startImapServer({
		users: Object.fromEntries(ACCOUNTS.map((account) => [address(account), IMAP_PASSWORD])),
	})
	sink = await startSmtpSink()
})
afterAll(async () => {
	await imap?.stop()
	await sink?.close()
	forgetMailboxTransports()
})

/** An organization whose verified sender `account@acme.test` sends through the SMTP sink and reads its inbox over IMAP. */
async function senderWithImap(account: Account, { imapPassword = IMAP_PASSWORD } = {}) {
	const { user, organization, cookie } = await createSignedInUser()
	await prisma.organization.update({ where: { id: organization.id }, data: { sendWindowEnabled: false } })
	const server = await prisma.smtpTransport.create({
		data: {
			organizationId: organization.id,
			name: 'Sink',
			host: sink.host,
			port: sink.port,
			security: 'NONE',
		},
	})
	const mailbox = await prisma.mailbox.create({
		data: {
			organizationId: organization.id,
			address: address(account),
			kind: 'SENDER',
			verifiedAt: new Date(),
			smtpTransportId: server.id,
		},
	})
	const saved = await saveImapSettings(organization.id, {
		mailboxId: mailbox.id,
		imapHost: imap.host,
		imapPort: imap.port,
		imapSecure: false,
		imapUsername: address(account),
		imapPassword,
	})
	return { user, organization, cookie, mailbox, saved }
}

/** An active two-step sequence from the sender whose first step went out through SMTP. */
async function sentFirstStep(setup: Awaited<ReturnType<typeof senderWithImap>>, contactEmail?: string) {
	const sequence = await insertSequence({
		organizationId: setup.organization.id,
		user: setup.user,
		steps: [{ daysAfter: 0 }, { daysAfter: 0 }],
		data: { mailboxId: setup.mailbox.id },
	})
	await prisma.emailStep.updateMany({
		where: { sequenceId: sequence.id },
		data: { emailAddressId: setup.mailbox.id },
	})
	if (contactEmail)
		await prisma.contact.update({ where: { id: sequence.contactId }, data: { email: contactEmail } })
	await activateSequences(setup.organization.id, [sequence.id])
	const [first, second] = sequence.emailSteps
	expect(await sendEmailStep(first!.id)).toBe('sent')
	const sent = await prisma.emailStep.findUniqueOrThrow({ where: { id: first!.id } })
	const contact = await prisma.contact.findUniqueOrThrow({ where: { id: sequence.contactId } })
	return { sequence, first: sent, secondId: second!.id, contactEmail: contact.email! }
}

function rawMail({
	from,
	to,
	subject,
	messageId,
	inReplyTo,
	body,
	extraHeaders = '',
}: {
	from: string
	to: string
	subject: string
	messageId: string
	inReplyTo?: string
	body: string
	extraHeaders?: string
}) {
	return [
		`From: ${from}`,
		`To: ${to}`,
		`Subject: ${subject}`,
		`Date: ${new Date().toUTCString()}`,
		`Message-ID: ${messageId}`,
		...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
		'MIME-Version: 1.0',
		'Content-Type: text/plain; charset=utf-8',
		...(extraHeaders ? [extraHeaders] : []),
		'',
		body,
		'',
	].join('\r\n')
}

async function sequenceState(sequenceId: string) {
	return prisma.sequence.findUniqueOrThrow({
		where: { id: sequenceId },
		select: {
			status: true,
			contact: { select: { emailBouncedAt: true } },
			emailSteps: { orderBy: { order: 'asc' }, select: { status: true } },
		},
	})
}

describe('IMAP reply sync', () => {
	test('a reply to an SMTP-sent step stops the sequence before its follow-up goes out', async () => {
		const setup = await senderWithImap('reply')
		expect(setup.saved).toEqual({ ok: true })
		const { sequence, first, secondId, contactEmail } = await sentFirstStep(setup)
		const sentBefore = sink.messages.length
		await imap.append(
			address('reply'),
			rawMail({
				from: `Lead <${contactEmail}>`,
				to: address('reply'),
				subject: 'Re: Quick question',
				messageId: '<answer-1@example.org>',
				inReplyTo: first.messageId!,
				body: 'Sounds good, call me.',
			}),
		)
		// The follow-up is due now: the dispatcher reads the inbox first and finds the reply.
		expect(await sendEmailStep(secondId)).toBe('stopped')
		expect(sink.messages.length).toBe(sentBefore)
		const state = await sequenceState(sequence.id)
		expect(state.status).toBe('PAUSED')
		expect(state.emailSteps.map((step) => step.status)).toEqual(['REPLIED', 'SCHEDULED'])
		const reply = await prisma.conversationMessage.findFirstOrThrow({ where: { sequenceId: sequence.id } })
		expect(reply).toMatchObject({
			isFromUser: false,
			fromAddress: contactEmail,
			messageIdHeader: '<answer-1@example.org>',
		})
		expect(reply.bodyText).toContain('Sounds good')
	})

	test('a reply in a new thread that quotes our Message-ID stops the sequence (cron sync)', async () => {
		const setup = await senderWithImap('quote')
		const { sequence, first, contactEmail } = await sentFirstStep(setup)
		await imap.append(
			address('quote'),
			rawMail({
				from: contactEmail,
				to: address('quote'),
				subject: 'About your email',
				messageId: '<new-thread@example.org>',
				body: `Yes, let's talk.\n\n> Original message ${first.messageId} from ${address('quote')}`,
			}),
		)
		// Mail from someone else that quotes nothing is left alone.
		await imap.append(
			address('quote'),
			rawMail({
				from: 'news@example.net',
				to: address('quote'),
				subject: 'Newsletter',
				messageId: '<n1@example.net>',
				body: 'Hi',
			}),
		)
		const result = await syncImapMailbox(setup.mailbox.id)
		expect(result.outcomes).toEqual({ REPLY: 1 })
		expect((await sequenceState(sequence.id)).status).toBe('PAUSED')
	})

	test('a bounce report (multipart/report) marks the contact bounced and fails the sequence', async () => {
		const setup = await senderWithImap('bounce')
		const { sequence, first, contactEmail } = await sentFirstStep(setup)
		const boundary = 'report-boundary'
		await imap.append(
			address('bounce'),
			[
				'From: Mail Delivery System <MAILER-DAEMON@mx.example.org>',
				`To: ${address('bounce')}`,
				'Subject: Undelivered Mail Returned to Sender',
				`Date: ${new Date().toUTCString()}`,
				'Message-ID: <dsn-1@mx.example.org>',
				'Auto-Submitted: auto-replied',
				'MIME-Version: 1.0',
				`Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
				'',
				`--${boundary}`,
				'Content-Type: text/plain; charset=us-ascii',
				'',
				'Your message could not be delivered to one or more recipients.',
				`--${boundary}`,
				'Content-Type: message/delivery-status',
				'',
				'Reporting-MTA: dns; mx.example.org',
				'',
				`Final-Recipient: rfc822; ${contactEmail}`,
				'Action: failed',
				'Status: 5.1.1',
				`--${boundary}`,
				'Content-Type: text/rfc822-headers',
				'',
				`Message-ID: ${first.messageId}`,
				'Subject: Quick question',
				`--${boundary}--`,
				'',
			].join('\r\n'),
		)
		const result = await syncImapMailbox(setup.mailbox.id)
		expect(result.outcomes).toEqual({ BOUNCE: 1 })
		const state = await sequenceState(sequence.id)
		expect(state.status).toBe('FAILED')
		expect(state.contact.emailBouncedAt).not.toBeNull()
		expect(state.emailSteps.map((step) => step.status)).toEqual(['FAILED', 'CANCELED'])
	})

	test("the user's own mail in the thread (and a copy of our step) stops nothing", async () => {
		const setup = await senderWithImap('own')
		const { sequence, first } = await sentFirstStep(setup)
		await imap.append(
			address('own'),
			rawMail({
				from: address('own'),
				to: 'lead@example.org',
				subject: 'Re: Quick question',
				messageId: '<own-note@acme.test>',
				inReplyTo: first.messageId!,
				body: 'Adding a note from my mail client.',
			}),
		)
		await imap.append(
			address('own'),
			rawMail({
				from: address('own'),
				to: 'lead@example.org',
				subject: 'Quick question',
				messageId: first.messageId!,
				body: 'copy',
			}),
		)
		// The note is kept in the conversation as the user's; the copy references nothing and is not even opened.
		const result = await syncImapMailbox(setup.mailbox.id)
		expect(result.outcomes).toEqual({ OWN: 1 })
		const kept = await prisma.conversationMessage.findMany({ where: { sequenceId: sequence.id } })
		expect(kept.map((message) => message.isFromUser)).toEqual([true])
		expect((await sequenceState(sequence.id)).status).toBe('ACTIVE')
	})

	test('an incremental sync reads only the mail that arrived since the last one', async () => {
		const setup = await senderWithImap('incremental')
		const one = await sentFirstStep(setup)
		const two = await sentFirstStep(setup)
		await imap.append(
			address('incremental'),
			rawMail({
				from: one.contactEmail,
				to: address('incremental'),
				subject: 'Re',
				messageId: '<inc-1@example.org>',
				inReplyTo: one.first.messageId!,
				body: 'First answer',
			}),
		)
		expect((await syncImapMailbox(setup.mailbox.id)).outcomes).toEqual({ REPLY: 1 })
		const afterFirst = await prisma.mailbox.findUniqueOrThrow({ where: { id: setup.mailbox.id } })
		expect(afterFirst.imapLastUid).toBe(1n)
		expect(afterFirst.imapUidValidity).not.toBeNull()
		// Nothing new: nothing read.
		expect(await syncImapMailbox(setup.mailbox.id)).toMatchObject({ fetched: 0, outcomes: {} })
		await imap.append(
			address('incremental'),
			rawMail({
				from: two.contactEmail,
				to: address('incremental'),
				subject: 'Re',
				messageId: '<inc-2@example.org>',
				inReplyTo: two.first.messageId!,
				body: 'Second answer',
			}),
		)
		expect(await syncImapMailbox(setup.mailbox.id)).toMatchObject({ fetched: 1, outcomes: { REPLY: 1 } })
		expect((await prisma.mailbox.findUniqueOrThrow({ where: { id: setup.mailbox.id } })).imapLastUid).toBe(2n)
		expect((await sequenceState(two.sequence.id)).status).toBe('PAUSED')
	})

	test("one organization's inbox never touches another's sequences", async () => {
		const mine = await senderWithImap('isolation')
		const theirs = await senderWithImap('settings')
		const theirSequence = await sentFirstStep(theirs)
		// A reply to THEIR step lands in MY inbox (forwarded, say): my sync does not know it.
		await imap.append(
			address('isolation'),
			rawMail({
				from: theirSequence.contactEmail,
				to: address('isolation'),
				subject: 'Re',
				messageId: '<cross@example.org>',
				inReplyTo: theirSequence.first.messageId!,
				body: 'Hello',
			}),
		)
		await sentFirstStep(mine)
		expect((await syncImapMailbox(mine.mailbox.id)).outcomes).toEqual({})
		expect((await sequenceState(theirSequence.sequence.id)).status).toBe('ACTIVE')
		// Nor can one organization change another's IMAP settings.
		expect(await removeImapSettings(mine.organization.id, theirs.mailbox.id)).toBe(false)
		expect(
			await saveImapSettings(mine.organization.id, {
				mailboxId: theirs.mailbox.id,
				imapHost: imap.host,
				imapPort: imap.port,
				imapSecure: false,
				imapUsername: address('isolation'),
				imapPassword: IMAP_PASSWORD,
			}),
		).toEqual({ ok: false, reason: 'not_found' })
		expect((await prisma.mailbox.findUniqueOrThrow({ where: { id: theirs.mailbox.id } })).imapUsername).toBe(
			address('settings'),
		)
	})
})

describe('IMAP settings', () => {
	test('a wrong password is refused with the reason and nothing is saved', async () => {
		const setup = await senderWithImap('settings', { imapPassword: 'wrong' })
		expect(setup.saved).toMatchObject({ ok: false, reason: 'login_failed' })
		if (setup.saved.ok || setup.saved.reason !== 'login_failed') throw new Error('expected a login failure')
		expect(setup.saved.message).toMatch(/refused the user name or password/)
		const stored = await prisma.mailbox.findUniqueOrThrow({ where: { id: setup.mailbox.id } })
		expect(stored).toMatchObject({ imapHost: null, imapUsername: null, imapPasswordEncrypted: null })
	})

	test('an unreachable server is refused too', async () => {
		const setup = await senderWithImap('settings')
		const refused = await saveImapSettings(setup.organization.id, {
			mailboxId: setup.mailbox.id,
			imapHost: '127.0.0.1',
			imapPort: 1,
			imapSecure: false,
			imapUsername: address('settings'),
			imapPassword: IMAP_PASSWORD,
		})
		expect(refused).toMatchObject({
			ok: false,
			reason: 'login_failed',
			message: expect.stringMatching(/connection refused/),
		})
		// The settings saved before stay as they were.
		expect((await prisma.mailbox.findUniqueOrThrow({ where: { id: setup.mailbox.id } })).imapPort).toBe(
			imap.port,
		)
	})
})
