import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PermanentDeliveryError, type OutgoingEmail } from '#app/integrations/mail/transport.server.ts'
import { createSmtpTransport } from '#app/integrations/smtp/smtp-transport.server.ts'
import { listUnsubscribeHeaders, unsubscribeUrl } from '#app/models/unsubscribe/unsubscribe.server.ts'
import { startSmtpSink, type SmtpSink } from '#tests/fakes/smtp-sink.ts'

let sink: SmtpSink

beforeAll(async () => {
	sink = await startSmtpSink({ users: { mailer: 'p@ss:word' }, rejectRecipients: ['nobody@example.org'] })
})

afterAll(() => sink.close())

function email(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
	const unique = Math.random().toString(36).slice(2, 10)
	return {
		from: { address: 'sales@reachout.test', name: 'Ada Sales' },
		to: { address: 'lead@example.org', name: 'Lead Person' },
		subject: 'Quick question',
		html: '<p>Hello <b>there</b></p>',
		text: 'Hello there',
		messageId: `<step-${unique}@reachout.test>`,
		...overrides,
	}
}

function transport() {
	return createSmtpTransport({
		host: sink.host,
		port: sink.port,
		secure: false,
		username: 'mailer',
		password: 'p@ss:word',
	})
}

describe('createSmtpTransport', () => {
	test('delivers with the Message-ID, threading and List-Unsubscribe headers exactly as given', async () => {
		const smtp = transport()
		try {
			const unsubscribe = listUnsubscribeHeaders(unsubscribeUrl('step_abc123'))
			const first = email({ headers: unsubscribe })
			const sent = await smtp.send(first)
			expect(sent.providerMessageId).toBe(first.messageId)

			const followUp = email({
				subject: 'Re: Quick question',
				inReplyTo: first.messageId,
				references: [first.messageId],
				headers: unsubscribe,
			})
			await smtp.send(followUp)

			const received = (await sink.waitForMessages(2)).filter((message) =>
				[first.messageId, followUp.messageId].includes(message.messageId ?? ''),
			)
			expect(received).toHaveLength(2)
			const [original, reply] = received
			expect(original!.user).toBe('mailer')
			expect(original!.envelopeTo).toEqual(['lead@example.org'])
			expect(sink.header(original!, 'List-Unsubscribe')).toBe(unsubscribe['List-Unsubscribe'])
			expect(sink.header(original!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
			// nodemailer adds no header naming itself (no X-Mailer).
			expect(Object.keys(original!.headers).filter((name) => name.startsWith('x-'))).toEqual([])
			expect(sink.header(original!, 'In-Reply-To')).toBeNull()
			expect(sink.header(reply!, 'Message-ID')).toBe(followUp.messageId)
			expect(sink.header(reply!, 'In-Reply-To')).toBe(first.messageId)
			expect(sink.header(reply!, 'References')).toBe(first.messageId)
			expect(sink.header(reply!, 'List-Unsubscribe')).toBe(unsubscribe['List-Unsubscribe'])
			expect(sink.header(reply!, 'From')).toBe('Ada Sales <sales@reachout.test>')
			expect(reply!.html).toBe('<p>Hello <b>there</b></p>')
			expect(reply!.text).toBe('Hello there')
		} finally {
			await smtp.close?.()
		}
	})

	test('a 550 on RCPT TO is a PermanentDeliveryError; findSent cannot tell and answers null', async () => {
		const smtp = transport()
		try {
			const before = sink.messages.length
			const refused = smtp.send(email({ to: { address: 'nobody@example.org' } }))
			await expect(refused).rejects.toBeInstanceOf(PermanentDeliveryError)
			await expect(refused).rejects.toThrow(/550/)
			expect(sink.messages.length).toBe(before)
			expect(await smtp.findSent('<anything@reachout.test>')).toBeNull()
		} finally {
			await smtp.close?.()
		}
	})

	test('wrong credentials or an unreachable server are not bounces', async () => {
		const wrongPassword = createSmtpTransport({ url: `smtp://mailer:nope@${sink.host}:${sink.port}` })
		const unreachable = createSmtpTransport({ host: '127.0.0.1', port: 1, secure: false })
		try {
			const authError = await wrongPassword.send(email()).catch((error: unknown) => error)
			expect(authError).toBeInstanceOf(Error)
			expect(authError).not.toBeInstanceOf(PermanentDeliveryError)
			const connectionError = await unreachable.send(email()).catch((error: unknown) => error)
			expect(connectionError).toBeInstanceOf(Error)
			expect(connectionError).not.toBeInstanceOf(PermanentDeliveryError)
		} finally {
			await wrongPassword.close?.()
			await unreachable.close?.()
		}
	})

	test('long, non-ASCII bodies arrive intact', async () => {
		const smtp = transport()
		try {
			const long = `Grüße aus Köln 😀 ${'https://example.com/a-rather-long-path?with=query&and=more '.repeat(8)}`
			const sent = email({ subject: 'Café ☕', text: long, html: `<p>${long}</p>` })
			await smtp.send(sent)
			const received = sink.messages.find((message) => message.messageId === sent.messageId)!
			expect(received.text).toBe(long)
			expect(received.html).toBe(`<p>${long}</p>`)
		} finally {
			await smtp.close?.()
		}
	})

	test('an SMTP_URL with percent-encoded credentials authenticates', async () => {
		const smtp = createSmtpTransport({
			url: `smtp://mailer:${encodeURIComponent('p@ss:word')}@${sink.host}:${sink.port}`,
		})
		try {
			const sent = email()
			await smtp.send(sent)
			const received = sink.messages.find((message) => message.messageId === sent.messageId)
			expect(received?.user).toBe('mailer')
		} finally {
			await smtp.close?.()
		}
	})
})

describe('the standalone SMTP sink', () => {
	test('runs as its own process, prints JSON lines and counts over HTTP', async () => {
		const child = spawn(
			process.execPath,
			['--import', 'tsx', 'tests/fakes/smtp-sink.ts', '--port', '0', '--http-port', '0'],
			{ stdio: ['ignore', 'pipe', 'inherit'] },
		)
		try {
			const events: Array<Record<string, unknown>> = []
			createInterface({ input: child.stdout! }).on('line', (line) => {
				events.push(JSON.parse(line) as Record<string, unknown>)
			})
			const next = async (event: string) => {
				await expect.poll(() => events.some((line) => line.event === event), { timeout: 15_000 }).toBe(true)
				return events.find((line) => line.event === event)!
			}
			const listening = await next('listening')
			const smtp = createSmtpTransport({ host: '127.0.0.1', port: Number(listening.port), secure: false })
			const sent = email()
			await smtp.send(sent)
			await smtp.close?.()
			const message = await next('message')
			expect(message.messageId).toBe(sent.messageId)
			const count = await fetch(`http://127.0.0.1:${String(listening.httpPort)}/count`).then((r) => r.json())
			expect(count).toEqual({ count: 1, uniqueMessageIds: 1 })
		} finally {
			child.kill('SIGTERM')
		}
	}, 30_000)
})
