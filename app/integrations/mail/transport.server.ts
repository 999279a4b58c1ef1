/**
 * The one shape every way of sending email takes: Gmail (the user's connected mailbox),
 * SMTP (a verified sender address) and the local outbox (the offline default).
 * The dispatcher fixes `messageId` before sending, so a retry can ask the provider
 * whether that email already went out (`findSent`) instead of sending it twice.
 */
export type MailAddress = { address: string; name?: string | null }

export type OutgoingEmail = {
	from: MailAddress
	to: MailAddress
	subject: string
	html: string
	text: string
	/** RFC 5322 Message-ID with angle brackets, e.g. `<step-abc@reachout.local>`. */
	messageId: string
	/** Follow-ups: the Message-ID they answer and the whole chain, oldest first. */
	inReplyTo?: string | null
	references?: string[]
	/** The provider's thread to post into (Gmail threadId), when a previous email started one. */
	threadId?: string | null
	/** Extra headers: List-Unsubscribe, List-Unsubscribe-Post, X-Reachout-Step … */
	headers?: Record<string, string>
}

export type SentEmail = {
	providerMessageId: string
	providerThreadId?: string | null
}

export type MailTransportKind = 'GMAIL' | 'SMTP' | 'OUTBOX'

export interface MailTransport {
	kind: MailTransportKind
	send(email: OutgoingEmail): Promise<SentEmail>
	/**
	 * The email with this Message-ID if the provider already has it (sent by an attempt that
	 * died before recording it), else null. Transports that cannot tell (plain SMTP) return null.
	 */
	findSent(messageId: string): Promise<SentEmail | null>
	/** Releases pooled connections. */
	close?(): Promise<void>
}

/**
 * The mailbox's Google grant is missing or revoked (invalid_grant, 401/403 insufficient scope).
 * The UI shows "Additional permissions required" and retries after sign-in.
 */
export class GoogleScopeError extends Error {
	name = 'GoogleScopeError'
}

/** The provider refused the recipient for good (SMTP 5xx on RCPT, Gmail 400 invalid to): a bounce. */
export class PermanentDeliveryError extends Error {
	name = 'PermanentDeliveryError'
}

/**
 * The provider refused for good, but not the recipient (wrong credentials, the sender or the
 * message refused, a connection that would send the password in clear): retrying cannot help,
 * and the contact's address is not at fault. The message is short and meant for the user.
 */
export class SendRefusedError extends Error {
	name = 'SendRefusedError'
}

/** The server could not be reached (refused, timed out, unknown host): worth trying again later. */
export class ServerUnreachableError extends Error {
	name = 'ServerUnreachableError'
}
