import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { SMTPServer } from 'smtp-server'

/**
 * A local SMTP server that accepts (and records) every message: what "the internet" receives in
 * tests. Optional AUTH (PLAIN/LOGIN; a wrong password gets 535), given recipients can be
 * refused with 550 as a mail server does for an unknown mailbox, every message body can be
 * refused with 554 at the end of DATA, and STARTTLS can be offered (a fresh self-signed
 * certificate for localhost/127.0.0.1, `certificate` to trust it). `unusedPort()` gives a port
 * nothing listens on: an unreachable server.
 *
 * In-process: `const sink = await startSmtpSink()`. For worker processes in other processes:
 *   node --import tsx tests/fakes/smtp-sink.ts --port 2525 [--http-port 2580] [--user u:p] [--reject a@b]
 * prints one JSON line per event (`listening`, `message`) and, with --http-port, answers
 * GET /count ({ count, uniqueMessageIds }), GET /messages (headers, no bodies), GET /logins,
 * DELETE /messages. Also --reject-data and --starttls.
 */

export type SinkMessage = {
	raw: string
	envelopeFrom: string
	envelopeTo: string[]
	/** Header fields by lower-case name, unfolded, in order of appearance. */
	headers: Record<string, string[]>
	messageId: string | null
	subject: string | null
	/** The decoded text/plain and text/html parts (quoted-printable and base64 undone). */
	text: string | null
	html: string | null
	/** The user that authenticated for this message, if any. */
	user: string | null
	receivedAt: Date
}

export type SmtpSinkOptions = {
	port?: number
	host?: string
	/** When given, AUTH is required and must match one of these user → password pairs. */
	users?: Record<string, string>
	/** Recipients refused with 550 at RCPT TO. */
	rejectRecipients?: string[]
	/** Refuse every message at the end of DATA with 554 (a content filter). */
	rejectData?: boolean
	/** Offer STARTTLS (else the command is unknown, as on a server without TLS). */
	starttls?: boolean
	onMessage?: (message: SinkMessage) => void
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>

export async function startSmtpSink(options: SmtpSinkOptions = {}) {
	const messages: SinkMessage[] = []
	const rejected = new Set((options.rejectRecipients ?? []).map((address) => address.toLowerCase()))
	const waiters = new Set<() => void>()
	/** Every AUTH the sink received, and whether the connection was encrypted by then. */
	const logins: Array<{ user: string; secure: boolean }> = []
	const tls = options.starttls ? selfSignedCertificate() : null

	const server = new SMTPServer({
		logger: false,
		secure: false,
		...(tls ? { key: tls.key, cert: tls.cert } : { disabledCommands: ['STARTTLS'] }),
		allowInsecureAuth: true,
		authOptional: !options.users,
		authMethods: ['PLAIN', 'LOGIN'],
		size: 25 * 1024 * 1024,
		// Clients with pooled connections (the app server) do not hold close() for 30 s.
		closeTimeout: 1000,
		onAuth(auth, session, callback) {
			logins.push({ user: auth.username ?? '', secure: Boolean(session.secure) })
			const expected = options.users?.[auth.username ?? '']
			if (expected === undefined || expected !== auth.password) {
				return callback(Object.assign(new Error('5.7.8 Authentication failed'), { responseCode: 535 }))
			}
			callback(null, { user: auth.username })
		},
		onRcptTo(address, _session, callback) {
			if (rejected.has(address.address.toLowerCase())) {
				return callback(
					Object.assign(new Error(`No such user here: ${address.address}`), { responseCode: 550 }),
				)
			}
			callback()
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('error', callback)
			stream.on('end', () => {
				if (options.rejectData)
					return callback(Object.assign(new Error('5.7.1 Message refused by policy'), { responseCode: 554 }))
				const raw = Buffer.concat(chunks).toString('utf8')
				const headers = parseHeaders(raw)
				const bodies = decodeBodies(raw)
				const message: SinkMessage = {
					raw,
					envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
					headers,
					messageId: headers['message-id']?.[0]?.trim() ?? null,
					subject: headers.subject?.[0] ?? null,
					text: bodies.text,
					html: bodies.html,
					user: typeof session.user === 'string' ? session.user : null,
					receivedAt: new Date(),
				}
				messages.push(message)
				options.onMessage?.(message)
				for (const wake of waiters) wake()
				callback()
			})
		},
	})

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
	})
	const port = (server.server.address() as AddressInfo).port

	return {
		port,
		host: options.host ?? '127.0.0.1',
		messages,
		logins,
		/** The PEM certificate STARTTLS presents (to trust in tests), when offered. */
		certificate: tls?.cert ?? null,
		/** The first value of a header of a message (case-insensitive name). */
		header(message: SinkMessage, name: string) {
			return message.headers[name.toLowerCase()]?.[0] ?? null
		},
		reject(address: string) {
			rejected.add(address.toLowerCase())
		},
		clear() {
			messages.length = 0
		},
		/** Resolves once at least `count` messages arrived. */
		async waitForMessages(count: number, timeoutMs = 10_000) {
			if (messages.length >= count) return messages
			return new Promise<SinkMessage[]>((resolve, reject) => {
				const timer = setTimeout(() => {
					waiters.delete(check)
					reject(new Error(`SMTP sink: ${messages.length} of ${count} messages after ${timeoutMs} ms`))
				}, timeoutMs)
				function check() {
					if (messages.length < count) return
					clearTimeout(timer)
					waiters.delete(check)
					resolve(messages)
				}
				waiters.add(check)
			})
		},
		close() {
			return new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

/** A port on 127.0.0.1 that nothing listens on (bound, then closed): connections are refused. */
export async function unusedPort() {
	const probe = createNetServer()
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()))
	const { port } = probe.address() as AddressInfo
	await new Promise<void>((resolve) => probe.close(() => resolve()))
	return port
}

/** A throwaway self-signed certificate for localhost and 127.0.0.1 (openssl, two days). */
function selfSignedCertificate() {
	const dir = mkdtempSync(join(tmpdir(), 'smtp-sink-'))
	try {
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-days',
				'2',
				'-subj',
				'/CN=localhost',
				'-addext',
				'subjectAltName=DNS:localhost,IP:127.0.0.1',
				'-keyout',
				join(dir, 'key.pem'),
				'-out',
				join(dir, 'cert.pem'),
			],
			{ stdio: 'ignore' },
		)
		return {
			key: readFileSync(join(dir, 'key.pem'), 'utf8'),
			cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
		}
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
}

/** RFC 5322 header section: unfolded (CRLF before whitespace removed), names lower-cased. */
export function parseHeaders(raw: string) {
	const end = raw.search(/\r?\n\r?\n/)
	const section = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n(?=[ \t])/g, '')
	const headers: Record<string, string[]> = {}
	for (const line of section.split(/\r?\n/)) {
		const colon = line.indexOf(':')
		if (colon <= 0) continue
		const name = line.slice(0, colon).trim().toLowerCase()
		const value = line.slice(colon + 1).trim()
		;(headers[name] ??= []).push(value)
	}
	return headers
}

/** The first text/plain and text/html parts of a MIME message, decoded to strings. */
export function decodeBodies(raw: string): { text: string | null; html: string | null } {
	const found: { text: string | null; html: string | null } = { text: null, html: null }
	const visit = (entity: string) => {
		const split = entity.search(/\r?\n\r?\n/)
		const headers = parseHeaders(entity)
		const body = split === -1 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '')
		const contentType = headers['content-type']?.[0] ?? 'text/plain'
		const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
		if (/^multipart\//i.test(contentType) && boundary) {
			const parts = body.split(`--${boundary}`).slice(1)
			for (const part of parts) {
				if (part.startsWith('--')) break
				visit(part.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))
			}
			return
		}
		const decoded = decodeTransfer(body, headers['content-transfer-encoding']?.[0] ?? '7bit')
		if (/^text\/plain/i.test(contentType)) found.text ??= decoded
		else if (/^text\/html/i.test(contentType)) found.html ??= decoded
	}
	visit(raw)
	return found
}

function decodeTransfer(body: string, encoding: string) {
	if (/^base64$/i.test(encoding.trim()))
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
	if (/^quoted-printable$/i.test(encoding.trim())) {
		const unwrapped = body.replace(/=\r?\n/g, '')
		const bytes: number[] = []
		for (let index = 0; index < unwrapped.length; index++) {
			const hex = unwrapped.slice(index + 1, index + 3)
			if (unwrapped[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
				bytes.push(parseInt(hex, 16))
				index += 2
			} else {
				bytes.push(...Buffer.from(unwrapped[index]!, 'utf8'))
			}
		}
		return Buffer.from(bytes).toString('utf8')
	}
	return body
}

function summary(message: SinkMessage) {
	return {
		messageId: message.messageId,
		from: message.envelopeFrom,
		to: message.envelopeTo,
		subject: message.subject,
		headers: message.headers,
		receivedAt: message.receivedAt.toISOString(),
	}
}

function startHttpEndpoint(sink: SmtpSink, port: number) {
	const server: HttpServer = createHttpServer((request, response) => {
		response.setHeader('Content-Type', 'application/json')
		if (request.method === 'GET' && request.url === '/count') {
			const uniqueMessageIds = new Set(sink.messages.map((message) => message.messageId)).size
			return response.end(JSON.stringify({ count: sink.messages.length, uniqueMessageIds }))
		}
		if (request.method === 'GET' && request.url === '/logins') {
			return response.end(JSON.stringify(sink.logins))
		}
		if (request.method === 'GET' && request.url === '/messages') {
			return response.end(JSON.stringify(sink.messages.map(summary)))
		}
		if (request.method === 'DELETE' && request.url === '/messages') {
			sink.clear()
			return response.end(JSON.stringify({ count: 0 }))
		}
		response.statusCode = 404
		response.end(JSON.stringify({ error: 'not_found' }))
	})
	return new Promise<HttpServer>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

async function main() {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: '0' },
			host: { type: 'string', default: '127.0.0.1' },
			'http-port': { type: 'string' },
			user: { type: 'string', multiple: true },
			reject: { type: 'string', multiple: true },
			'reject-data': { type: 'boolean' },
			starttls: { type: 'boolean' },
		},
	})
	const users = values.user?.length
		? Object.fromEntries(values.user.map((pair) => [pair.split(':')[0]!, pair.split(':').slice(1).join(':')]))
		: undefined
	const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`)
	const sink = await startSmtpSink({
		port: Number(values.port),
		host: values.host,
		users,
		rejectRecipients: values.reject,
		rejectData: values['reject-data'],
		starttls: values.starttls,
		onMessage: (message) => print({ event: 'message', ...summary(message), headers: undefined }),
	})
	const http = values['http-port'] ? await startHttpEndpoint(sink, Number(values['http-port'])) : null
	const httpPort = http ? (http.address() as AddressInfo).port : null
	print({ event: 'listening', port: sink.port, httpPort })
	const stop = () => {
		http?.close()
		void sink.close().then(() => process.exit(0))
	}
	process.on('SIGTERM', stop)
	process.on('SIGINT', stop)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	void main()
}
