import { createOutboxTransport } from '#app/integrations/mail/outbox-transport.server.ts'
import type { MailTransport, MailTransportKind } from '#app/integrations/mail/transport.server.ts'
import { createSmtpTransport } from '#app/integrations/smtp/smtp-transport.server.ts'
import { createGmailTransport, isGmailConnected } from '#app/models/user/gmail-access.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { mailDomain } from '#app/utils/env.server.ts'
import { newMessageId } from '#app/utils/message-id.ts'
import { smtpConfigForMailbox } from './smtp-senders.server.ts'

/**
 * Which way a mailbox sends: a user's own address through Gmail when their Google grant
 * includes Gmail; a sender address through its SMTP server; otherwise the organization's
 * default SMTP server (or SMTP_URL); otherwise the local outbox. Resolved transports are
 * kept briefly per mailbox so a busy dispatcher does not re-read settings per email.
 */
const CACHE_MS = 30_000
// The promise is kept, so the many sends a worker starts at once for one mailbox (its first batch
// after a start) resolve its transport once rather than each reading the settings.
const cache = new Map<string, { transport: Promise<MailTransport>; expiresAt: number }>()

export async function transportForMailbox(mailboxId: string): Promise<MailTransport> {
	const cached = cache.get(mailboxId)
	if (cached && cached.expiresAt > Date.now()) return cached.transport
	const transport = resolveTransport(mailboxId)
	cache.set(mailboxId, { transport, expiresAt: Date.now() + CACHE_MS })
	// A failed resolution is not kept: the next send tries again.
	transport.catch(() => {
		if (cache.get(mailboxId)?.transport === transport) cache.delete(mailboxId)
	})
	return transport
}

/** Forgets resolved transports (settings changed, Google grant changed, tests). */
export function forgetMailboxTransports(mailboxId?: string) {
	for (const [id, entry] of cache) {
		if (mailboxId && id !== mailboxId) continue
		void entry.transport.then((transport) => transport.close?.()).catch(() => {})
		cache.delete(id)
	}
}

async function resolveTransport(mailboxId: string): Promise<MailTransport> {
	const mailbox = await prisma.mailbox.findUniqueOrThrow({
		where: { id: mailboxId },
		select: {
			id: true,
			kind: true,
			userId: true,
			organizationId: true,
			smtpTransportId: true,
		},
	})
	if (mailbox.kind === 'USER' && mailbox.userId && (await isGmailConnected(mailbox.userId))) {
		return createGmailTransport({ userId: mailbox.userId })
	}
	// The mailbox's own SMTP server, else the organization's default (or SMTP_URL).
	const config = await smtpConfigForMailbox(mailbox)
	if (config) return createSmtpTransport(config)
	return createOutboxTransport({ organizationId: mailbox.organizationId, mailboxId: mailbox.id })
}

export async function transportKindForMailbox(mailboxId: string): Promise<MailTransportKind> {
	return (await transportForMailbox(mailboxId)).kind
}

/**
 * `POST /emails`: a test email from one of the user's usable mailboxes, outside any
 * sequence (no tracking, no daily count).
 */
export async function sendTestEmail({
	organizationId,
	userId,
	mailboxId,
	to,
	subject,
	html,
	text,
}: {
	organizationId: string
	userId?: string
	mailboxId: string
	to: string | string[]
	subject: string
	html: string
	text: string
}) {
	const mailbox = await prisma.mailbox.findFirstOrThrow({
		where: { id: mailboxId, organizationId },
		select: { address: true, name: true },
	})
	const sender = userId
		? await prisma.user.findUnique({ where: { id: userId }, select: { name: true } })
		: null
	const fromName = mailbox.name ?? sender?.name ?? null
	const transport = await transportForMailbox(mailboxId)
	const results = []
	for (const address of Array.isArray(to) ? to : [to]) {
		results.push(
			await transport.send({
				from: { address: mailbox.address, name: fromName },
				to: { address },
				subject,
				html,
				text,
				messageId: newMessageId(mailbox.address, mailDomain()),
			}),
		)
	}
	return { transport: transport.kind, sent: results.length }
}

export { mailDomain }
