import { prisma } from '#app/utils/db.server.ts'
import type { MailTransport, OutgoingEmail, SentEmail } from './transport.server.ts'

/**
 * The offline default: "sending" stores the email in OutboxMessage, shown on /outbox.
 * The Message-ID is unique there, so sending the same email twice stores it once.
 */
export function createOutboxTransport({
	organizationId,
	mailboxId,
}: {
	organizationId: string
	mailboxId?: string | null
}): MailTransport {
	return {
		kind: 'OUTBOX',
		async send(email: OutgoingEmail): Promise<SentEmail> {
			const headers = {
				...(email.headers ?? {}),
				...(email.references?.length ? { References: email.references.join(' ') } : {}),
			}
			const rows = await prisma.$queryRaw<Array<{ id: string }>>`
				INSERT INTO "OutboxMessage" (id, "messageId", "inReplyTo", "fromAddress", "toAddress", subject, html, text,
					headers, "organizationId", "mailboxId")
				VALUES (${'out_' + crypto.randomUUID().replaceAll('-', '')}, ${email.messageId}, ${email.inReplyTo ?? null},
					${formatAddress(email.from)}, ${formatAddress(email.to)}, ${email.subject}, ${email.html}, ${email.text},
					${JSON.stringify(headers)}::jsonb, ${organizationId}, ${mailboxId ?? null})
				ON CONFLICT ("messageId") DO UPDATE SET "messageId" = EXCLUDED."messageId"
				RETURNING id`
			return { providerMessageId: rows[0]!.id, providerThreadId: email.threadId ?? rows[0]!.id }
		},
		async findSent(messageId: string) {
			const row = await prisma.outboxMessage.findUnique({ where: { messageId }, select: { id: true } })
			return row ? { providerMessageId: row.id } : null
		},
	}
}

function formatAddress({ address, name }: { address: string; name?: string | null }) {
	return name ? `"${name.replaceAll('"', '')}" <${address}>` : address
}
