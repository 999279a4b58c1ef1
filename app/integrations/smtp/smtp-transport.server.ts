import { createTransport } from 'nodemailer'
import {
	PermanentDeliveryError,
	SendRefusedError,
	ServerUnreachableError,
	type MailAddress,
	type MailTransport,
	type OutgoingEmail,
} from '#app/integrations/mail/transport.server.ts'
import { isLoopbackHost, plainSmtpRefusal, type SmtpSecurity } from '#app/schemas/sending.ts'

export type SmtpConfig =
	| {
			host: string
			port: number
			security: SmtpSecurity
			username?: string | null
			password?: string | null
			/** Extra trust for a private CA (tests: the sink's own certificate). */
			tls?: { ca?: string | Buffer }
	  }
	/** `smtp://user:pass@host:587` (STARTTLS; plain only to this machine) or `smtps://…` (TLS). */
	| { url: string }

type SmtpError = Error & { code?: string; command?: string; responseCode?: number; response?: string }

/**
 * Sends through an SMTP server with nodemailer, over a small connection pool (one transport
 * per server, reused across sends). The Message-ID, threading headers and extra headers are
 * sent exactly as the dispatcher fixed them.
 *
 * Security (decision 013): STARTTLS is required before anything is sent (`requireTLS`), or TLS
 * from the start (465); plain SMTP only to a server on this machine. A server set to plain on
 * another host is refused before connecting, so a password never crosses the network in clear.
 *
 * Errors come out classified: PermanentDeliveryError (the recipient refused: a bounce),
 * SendRefusedError (login, sender or message refused, TLS missing: retrying cannot help),
 * ServerUnreachableError (worth trying later), anything else temporary.
 *
 * `findSent` always answers null: plain SMTP keeps no record we could ask whether a Message-ID
 * went out. A retry of a step left SENDING therefore cannot be checked with the provider; the
 * dispatcher decides (see its notes) — a receiving server that deduplicates by Message-ID makes
 * a resend harmless.
 */
export function createSmtpTransport(config: SmtpConfig): MailTransport {
	const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }
	const options = connectionOptions(config)
	const refusal = options.security === 'NONE' ? plainSmtpRefusal(options.host) : null
	const transporter = createTransport({ ...options.nodemailer, pool: true, maxConnections: 3, ...timeouts })

	return {
		kind: 'SMTP',
		async send(email: OutgoingEmail) {
			if (refusal) throw new SendRefusedError(refusal)
			try {
				const info = await transporter.sendMail({
					from: formatAddress(email.from),
					to: formatAddress(email.to),
					subject: email.subject,
					html: email.html,
					text: email.text,
					messageId: email.messageId,
					inReplyTo: email.inReplyTo ?? undefined,
					references: email.references?.length ? email.references : undefined,
					headers: email.headers,
				})
				return { providerMessageId: info.messageId || email.messageId, providerThreadId: null }
			} catch (error) {
				throw asDeliveryError(error)
			}
		},
		async findSent() {
			return null
		},
		async close() {
			transporter.close()
		},
	}
}

/**
 * Connects and logs in as a send would (nodemailer's `verify()`: greeting, EHLO, TLS, AUTH), then
 * quits: null when the server accepts, else the server's reason, for the settings form to show.
 */
export async function testSmtpConnection(config: SmtpConfig): Promise<string | null> {
	const options = connectionOptions(config)
	const refusal = options.security === 'NONE' ? plainSmtpRefusal(options.host) : null
	if (refusal) return refusal
	const transporter = createTransport({
		...options.nodemailer,
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 15_000,
	})
	try {
		await transporter.verify()
		return null
	} catch (error) {
		return connectionFailureReason(error, options.nodemailer)
	} finally {
		transporter.close()
	}
}

function connectionOptions(config: SmtpConfig) {
	return 'url' in config ? smtpUrlOptions(config.url) : serverOptions(config)
}

function connectionFailureReason(error: unknown, { host, port }: { host: string; port: number }) {
	const smtpError = error as SmtpError
	const detail = (smtpError?.response ?? smtpError?.message ?? String(error)).trim()
	if (smtpError?.code === 'EAUTH') return `The server refused the user name or password: ${detail}`
	if (smtpError?.code === 'ENOAUTH') return 'The server asks for a user name and password'
	if (['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS'].includes(smtpError?.code ?? ''))
		return `Could not connect to ${host}:${port}: ${detail}`
	return detail
}

type Auth = { user: string; pass: string } | undefined

/** nodemailer's options for a security choice: STARTTLS required, TLS from the start, or plain. */
function securityOptions(security: SmtpSecurity) {
	if (security === 'TLS') return { secure: true }
	if (security === 'STARTTLS') return { secure: false, requireTLS: true }
	return { secure: false, ignoreTLS: true }
}

function serverOptions(config: Extract<SmtpConfig, { host: string }>) {
	const auth: Auth = config.username ? { user: config.username, pass: config.password ?? '' } : undefined
	return {
		host: config.host,
		security: config.security,
		nodemailer: {
			host: config.host,
			port: config.port,
			auth,
			...securityOptions(config.security),
			...(config.tls ? { tls: config.tls } : {}),
		},
	}
}

/** `smtp(s)://user:pass@host:port` as nodemailer options (credentials percent-decoded). */
function smtpUrlOptions(url: string) {
	const parsed = new URL(url)
	const host = parsed.hostname
	// smtp:// to this machine is the development sink; anywhere else it must upgrade to TLS.
	const security: SmtpSecurity =
		parsed.protocol === 'smtps:' ? 'TLS' : isLoopbackHost(host) ? 'NONE' : 'STARTTLS'
	const auth: Auth = parsed.username
		? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
		: undefined
	return {
		host,
		security,
		nodemailer: {
			host,
			port: parsed.port ? Number(parsed.port) : security === 'TLS' ? 465 : 587,
			auth,
			...securityOptions(security),
		},
	}
}

function formatAddress(address: MailAddress) {
	return address.name ? { name: address.name, address: address.address } : address.address
}

const UNREACHABLE = /ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN/
const TLS_FAILURE = /certificate|SSL|TLS|wrong version number|self.signed/i

/** The server's answer ("535 5.7.8 Authentication failed"), else the error's message, kept short. */
function detail(error: SmtpError) {
	const text = (error.response ?? error.message ?? String(error)).replace(/\s+/g, ' ').trim()
	return text.length > 200 ? `${text.slice(0, 199)}…` : text
}

/** Sorts nodemailer's error into what the dispatcher does with it (see createSmtpTransport). */
export function asDeliveryError(error: unknown) {
	const smtpError = (error ?? {}) as SmtpError
	const { code, command, responseCode } = smtpError
	const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600
	const reason = detail(smtpError)
	if (code === 'EENVELOPE' && command === 'RCPT TO' && permanent)
		return new PermanentDeliveryError(reason, { cause: error })
	if (code === 'EAUTH')
		return new SendRefusedError(`The SMTP server refused the login (${reason})`, { cause: error })
	if (code === 'ETLS' && typeof responseCode === 'number')
		return new SendRefusedError(
			`The SMTP server does not offer STARTTLS, so nothing was sent in clear (${reason})`,
			{ cause: error },
		)
	if (code === 'ETLS' || (command === 'CONN' && TLS_FAILURE.test(smtpError.message ?? '')))
		return new SendRefusedError(`The TLS connection to the SMTP server failed (${reason})`, { cause: error })
	if (permanent && command === 'MAIL FROM')
		return new SendRefusedError(`The SMTP server refused the sender (${reason})`, { cause: error })
	if (permanent && (code === 'EMESSAGE' || command === 'DATA'))
		return new SendRefusedError(`The SMTP server refused the message (${reason})`, { cause: error })
	if (permanent) return new SendRefusedError(`The SMTP server refused to send (${reason})`, { cause: error })
	if (command === 'CONN' || code === 'EDNS' || UNREACHABLE.test(smtpError.message ?? ''))
		return new ServerUnreachableError(`The SMTP server could not be reached (${reason})`, { cause: error })
	return error
}
