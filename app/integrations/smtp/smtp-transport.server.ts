import { createTransport } from 'nodemailer'
import {
	PermanentDeliveryError,
	type MailAddress,
	type MailTransport,
	type OutgoingEmail,
} from '#app/integrations/mail/transport.server.ts'

export type SmtpConfig =
	| { host: string; port: number; secure: boolean; username?: string | null; password?: string | null }
	/** `smtp://user:pass@host:587` or `smtps://…` (SMTP_URL). */
	| { url: string }

type SmtpError = Error & { code?: string; command?: string; responseCode?: number; response?: string }

/**
 * Sends through an SMTP server with nodemailer, over a small connection pool (one transport
 * per server, reused across sends). The Message-ID, threading headers and extra headers are
 * sent exactly as the dispatcher fixed them.
 *
 * `findSent` always answers null: plain SMTP keeps no record we could ask whether a Message-ID
 * went out. A retry of a step left SENDING therefore cannot be checked with the provider; the
 * dispatcher decides (see its notes) — a receiving server that deduplicates by Message-ID makes
 * a resend harmless.
 */
export function createSmtpTransport(config: SmtpConfig): MailTransport {
	const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }
	const transporter = createTransport({
		...connectionOptions(config),
		pool: true,
		maxConnections: 3,
		...timeouts,
	})

	return {
		kind: 'SMTP',
		async send(email: OutgoingEmail) {
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
	const transporter = createTransport({
		...connectionOptions(config),
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 15_000,
	})
	try {
		await transporter.verify()
		return null
	} catch (error) {
		return connectionFailureReason(error, connectionOptions(config))
	} finally {
		transporter.close()
	}
}

function connectionOptions(config: SmtpConfig) {
	if ('url' in config) return smtpUrlOptions(config.url)
	return {
		host: config.host,
		port: config.port,
		secure: config.secure,
		auth: config.username ? { user: config.username, pass: config.password ?? '' } : undefined,
	}
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

/** `smtp(s)://user:pass@host:port` as nodemailer options (credentials percent-decoded). */
function smtpUrlOptions(url: string) {
	const parsed = new URL(url)
	const secure = parsed.protocol === 'smtps:'
	return {
		host: parsed.hostname,
		port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
		secure,
		auth: parsed.username
			? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
			: undefined,
	}
}

function formatAddress(address: MailAddress) {
	return address.name ? { name: address.name, address: address.address } : address.address
}

/** A 5xx on RCPT TO means the server refuses this recipient for good: a bounce. Anything else may pass. */
function asDeliveryError(error: unknown) {
	const smtpError = error as SmtpError
	const permanentRecipientRejection =
		smtpError?.code === 'EENVELOPE' &&
		smtpError.command === 'RCPT TO' &&
		typeof smtpError.responseCode === 'number' &&
		smtpError.responseCode >= 500 &&
		smtpError.responseCode < 600
	if (permanentRecipientRejection) {
		return new PermanentDeliveryError(smtpError.response ?? smtpError.message, { cause: error })
	}
	return error
}
