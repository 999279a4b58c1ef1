import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	PermanentDeliveryError,
	SendRefusedError,
	ServerUnreachableError,
	type OutgoingEmail,
} from '#app/integrations/mail/transport.server.ts'
import { createSmtpTransport } from '#app/integrations/smtp/smtp-transport.server.ts'
import { listUnsubscribeHeaders, unsubscribeUrl } from '#app/models/unsubscribe/unsubscribe.server.ts'
import { startSmtpSink, unusedPort, type SmtpSink } from '#tests/fakes/smtp-sink.ts'

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
		security: 'NONE',
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

	test('wrong credentials are refused for good, an unreachable server is worth a retry; neither is a bounce', async () => {
		const wrongPassword = createSmtpTransport({ url: `smtp://mailer:nope@${sink.host}:${sink.port}` })
		const unreachable = createSmtpTransport({ host: '127.0.0.1', port: await unusedPort(), security: 'NONE' })
		try {
			const authError = await wrongPassword.send(email()).catch((error: unknown) => error)
			expect(authError).toBeInstanceOf(SendRefusedError)
			expect((authError as Error).message).toBe(
				'The SMTP server refused the login (535 5.7.8 Authentication failed)',
			)
			const connectionError = await unreachable.send(email()).catch((error: unknown) => error)
			expect(connectionError).toBeInstanceOf(ServerUnreachableError)
			expect((connectionError as Error).message).toMatch(
				/^The SMTP server could not be reached \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/,
			)
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
			const smtp = createSmtpTransport({ host: '127.0.0.1', port: Number(listening.port), security: 'NONE' })
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

describe('transport security', () => {
	test('STARTTLS is required: a server that does not offer it never sees the password', async () => {
		const plainOnly = await startSmtpSink({ users: { mailer: 'secret' } })
		const smtp = createSmtpTransport({
			host: plainOnly.host,
			port: plainOnly.port,
			security: 'STARTTLS',
			username: 'mailer',
			password: 'secret',
		})
		try {
			const refused = await smtp.send(email()).catch((error: unknown) => error)
			expect(refused).toBeInstanceOf(SendRefusedError)
			expect((refused as Error).message).toMatch(
				/^The SMTP server does not offer STARTTLS, so nothing was sent in clear/,
			)
			expect(plainOnly.logins).toEqual([])
			expect(plainOnly.messages).toEqual([])
		} finally {
			await smtp.close?.()
			await plainOnly.close()
		}
	})

	test('with STARTTLS offered, the login and the message travel encrypted', async () => {
		const tlsSink = await startSmtpSink({ users: { mailer: 'secret' }, starttls: true })
		const smtp = createSmtpTransport({
			host: tlsSink.host,
			port: tlsSink.port,
			security: 'STARTTLS',
			username: 'mailer',
			password: 'secret',
			tls: { ca: tlsSink.certificate! },
		})
		try {
			const sent = email()
			await smtp.send(sent)
			expect(tlsSink.logins).toEqual([{ user: 'mailer', secure: true }])
			expect(tlsSink.messages.map((message) => message.messageId)).toEqual([sent.messageId])
		} finally {
			await smtp.close?.()
			await tlsSink.close()
		}
	})

	test('plain SMTP to another host is refused before connecting; to this machine it is allowed', async () => {
		const remote = createSmtpTransport({
			host: 'smtp.example.com',
			port: 25,
			security: 'NONE',
			username: 'mailer',
			password: 'secret',
		})
		const refused = await remote.send(email()).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(SendRefusedError)
		expect((refused as Error).message).toMatch(
			/^Without TLS the password and the emails would cross the network in clear/,
		)
		await remote.close?.()
		const local = createSmtpTransport({
			url: `smtp://mailer:${encodeURIComponent('p@ss:word')}@localhost:${sink.port}`,
		})
		try {
			const sent = email()
			await local.send(sent)
			expect(sink.messages.some((message) => message.messageId === sent.messageId)).toBe(true)
		} finally {
			await local.close?.()
		}
	})

	test('an smtp:// SMTP_URL to this machine may stay plain (the development sink)', async () => {
		const plainOnly = await startSmtpSink({ users: { mailer: 'secret' } })
		const smtp = createSmtpTransport({ url: `smtp://mailer:secret@127.0.0.1:${plainOnly.port}` })
		try {
			await smtp.send(email())
			expect(plainOnly.logins).toEqual([{ user: 'mailer', secure: false }])
		} finally {
			await smtp.close?.()
			await plainOnly.close()
		}
	})

	test('a refused message body is refused for good, not a bounce', async () => {
		const filter = await startSmtpSink({ rejectData: true })
		const smtp = createSmtpTransport({ host: filter.host, port: filter.port, security: 'NONE' })
		try {
			const refused = await smtp.send(email()).catch((error: unknown) => error)
			expect(refused).toBeInstanceOf(SendRefusedError)
			expect((refused as Error).message).toBe(
				'The SMTP server refused the message (554 5.7.1 Message refused by policy)',
			)
		} finally {
			await smtp.close?.()
			await filter.close()
		}
	})
})
