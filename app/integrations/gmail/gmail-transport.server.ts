import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import {
	PermanentDeliveryError,
	type MailTransport,
	type OutgoingEmail,
	type SentEmail,
} from '#app/integrations/mail/transport.server.ts'
import { googleErrorMessage, googleErrorStatus, type GmailAccess } from './gmail-client.server.ts'

/**
 * Sends as the user through users.messages.send, with the user's Gmail client (connectGmail,
 * which throws GoogleScopeError without a usable grant).
 */
export function gmailTransport(gmail: GmailAccess): MailTransport {
	return {
		kind: 'GMAIL',
		send: (email) => sendThroughGmail(gmail, email),
		findSent: (messageId) => findSentInGmail(gmail, messageId),
	}
}

async function sendThroughGmail(gmail: GmailAccess, email: OutgoingEmail): Promise<SentEmail> {
	const raw = (await composeRfc822(email)).toString('base64url')
	try {
		return await sendRaw(gmail, raw, email.threadId ?? null)
	} catch (error) {
		// The thread was deleted in Gmail: nothing was sent, start a new thread.
		if (email.threadId && googleErrorStatus(error) === 404) return sendRaw(gmail, raw, null)
		throw error
	}
}

async function sendRaw(gmail: GmailAccess, raw: string, threadId: string | null): Promise<SentEmail> {
	try {
		const { data } = await gmail.call(() =>
			gmail.api.users.messages.send({
				userId: 'me',
				requestBody: { raw, ...(threadId ? { threadId } : {}) },
			}),
		)
		if (!data.id) throw new Error('Gmail accepted the message but returned no id')
		return { providerMessageId: data.id, providerThreadId: data.threadId ?? null }
	} catch (error) {
		// Gmail refuses a malformed recipient with 400 (a nonexistent one bounces later).
		if (googleErrorStatus(error) === 400 && /to header|recipient/i.test(googleErrorMessage(error)))
			throw new PermanentDeliveryError(googleErrorMessage(error), { cause: error })
		throw error
	}
}

/** The message with this Message-ID in the user's Gmail (sent by an attempt that died), else null. */
async function findSentInGmail(gmail: GmailAccess, messageId: string): Promise<SentEmail | null> {
	const { data } = await gmail.call(() =>
		gmail.api.users.messages.list({
			userId: 'me',
			q: `rfc822msgid:${messageId}`,
			includeSpamTrash: true,
			maxResults: 1,
		}),
	)
	const found = data.messages?.[0]
	return found?.id ? { providerMessageId: found.id, providerThreadId: found.threadId ?? null } : null
}

/** The RFC 822 message we hand Gmail: our Message-ID, the thread headers and the extra headers. */
export function composeRfc822(email: OutgoingEmail): Promise<Buffer> {
	return new MailComposer({
		from: { name: email.from.name ?? '', address: email.from.address },
		to: { name: email.to.name ?? '', address: email.to.address },
		subject: email.subject,
		html: email.html,
		text: email.text,
		messageId: email.messageId,
		...(email.inReplyTo ? { inReplyTo: email.inReplyTo } : {}),
		...(email.references?.length ? { references: email.references } : {}),
		headers: email.headers ?? {},
	})
		.compile()
		.build()
}
