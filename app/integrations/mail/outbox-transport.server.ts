import { lazyCommitSqlPool, prisma } from '#app/utils/db.server.ts'
import { createMicroBatch } from '#app/utils/micro-batch.ts'
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
		send: (email) => storeInOutbox({ email, organizationId, mailboxId: mailboxId ?? null }),
		async findSent(messageId: string) {
			const row = await prisma.outboxMessage.findUnique({ where: { messageId }, select: { id: true } })
			return row ? { providerMessageId: row.id } : null
		},
	}
}

type OutboxItem = { email: OutgoingEmail; organizationId: string; mailboxId: string | null }

// Concurrent sends share one INSERT. No wait for the disk: the outbox is our own database, and a
// crash that loses these rows also loses the SENT records written after them (one WAL), so the
// retry finds the steps SENDING, finds no row here, and stores them again.
const storeInOutbox = createMicroBatch(async (requested: OutboxItem[]): Promise<SentEmail[]> => {
	// One row per Message-ID, even if two attempts at one email share a batch.
	const items = [...new Map(requested.map((item) => [item.email.messageId, item])).values()]
	const ids = items.map(() => `out_${crypto.randomUUID().replaceAll('-', '')}`)
	const column = <T>(pick: (item: OutboxItem) => T) => items.map(pick)
	const { rows } = await lazyCommitSqlPool().query<{ id: string; messageId: string }>({
		name: 'outbox-insert-many',
		text: `
			INSERT INTO "OutboxMessage" (id, "messageId", "inReplyTo", "fromAddress", "toAddress", subject, html, text,
				headers, "organizationId", "mailboxId")
			SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
				$8::text[], $9::jsonb[], $10::text[], $11::text[])
			ON CONFLICT ("messageId") DO UPDATE SET "messageId" = EXCLUDED."messageId"
			RETURNING id, "messageId"`,
		values: [
			ids,
			column((item) => item.email.messageId),
			column((item) => item.email.inReplyTo ?? null),
			column((item) => formatAddress(item.email.from)),
			column((item) => formatAddress(item.email.to)),
			column((item) => item.email.subject),
			column((item) => item.email.html),
			column((item) => item.email.text),
			column((item) => JSON.stringify(headersOf(item.email))),
			column((item) => item.organizationId),
			column((item) => item.mailboxId),
		],
	})
	const byMessageId = new Map(rows.map((row) => [row.messageId, row.id]))
	return requested.map((item) => {
		const id = byMessageId.get(item.email.messageId)!
		// The first email of a thread starts it; follow-ups name it.
		return { providerMessageId: id, providerThreadId: item.email.threadId ?? id }
	})
})

function headersOf(email: OutgoingEmail) {
	return {
		...(email.headers ?? {}),
		...(email.references?.length ? { References: email.references.join(' ') } : {}),
	}
}

function formatAddress({ address, name }: { address: string; name?: string | null }) {
	return name ? `"${name.replaceAll('"', '')}" <${address}>` : address
}
