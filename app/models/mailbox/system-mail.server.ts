import { createOutboxTransport } from '#app/integrations/mail/outbox-transport.server.ts'
import type { MailAddress, MailTransportKind } from '#app/integrations/mail/transport.server.ts'
import { createSmtpTransport } from '#app/integrations/smtp/smtp-transport.server.ts'
import { getEnv, mailDomain } from '#app/utils/env.server.ts'
import { newMessageId } from '#app/utils/message-id.ts'

/**
 * The app's own emails (invitations), not an organization's outreach: sent from MAIL_FROM through
 * the server in SMTP_URL. Without SMTP_URL (development, tests, a fresh install) they go to the
 * outbox of the organization they concern, where /outbox shows them — nothing leaves the machine.
 */
export type SystemEmail = {
	/** The organization the email is about: its outbox holds it when no SMTP server is set. */
	organizationId: string
	to: string
	subject: string
	text: string
	html: string
}

export type SystemEmailResult =
	{ ok: true; transport: MailTransportKind } | { ok: false; transport: MailTransportKind; message: string }

export async function sendSystemEmail(email: SystemEmail): Promise<SystemEmailResult> {
	const url = getEnv().SMTP_URL
	const from = systemSender()
	const transport = url
		? createSmtpTransport({ url })
		: createOutboxTransport({ organizationId: email.organizationId })
	try {
		await transport.send({
			from,
			to: { address: email.to },
			subject: email.subject,
			text: email.text,
			html: email.html,
			messageId: newMessageId(from.address, mailDomain()),
		})
		return { ok: true, transport: transport.kind }
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error)
		return { ok: false, transport: transport.kind, message }
	} finally {
		await transport.close?.()
	}
}

/** MAIL_FROM as an address (`Name <address>` or a bare address), else Reachout at the mail domain. */
export function systemSender(mailFrom = getEnv().MAIL_FROM): MailAddress {
	const value = mailFrom?.trim()
	if (!value) return { address: `no-reply@${mailDomain()}`, name: 'Reachout' }
	const named = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(value)
	if (!named) return { address: value, name: null }
	const name = named[1]!.trim().replace(/^"(.*)"$/, '$1')
	return { address: named[2]!, name: name || null }
}
