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

export type OutboxItem = { email: OutgoingEmail; organizationId: string; mailboxId: string | null }

/** The INSERT of outbox rows from eleven arrays, the first at parameter `$<first>`. */
export function insertOutboxRowsSql(first: number) {
	const types = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'jsonb', 'text', 'text']
	const arrays = types.map((type, index) => `$${first + index}::${type}[]`).join(', ')
	return `INSERT INTO "OutboxMessage" (id, "messageId", "inReplyTo", "fromAddress", "toAddress", subject, html, text,
		headers, "organizationId", "mailboxId")
	SELECT * FROM unnest(${arrays})
	ON CONFLICT ("messageId") DO UPDATE SET "messageId" = EXCLUDED."messageId"`
}

/** The eleven arrays of insertOutboxRowsSql, one row per item, and the ids the rows get. */
export function outboxRowValues(items: OutboxItem[]) {
	const ids = items.map(() => `out_${crypto.randomUUID().replaceAll('-', '')}`)
	const column = <T>(pick: (item: OutboxItem) => T) => items.map(pick)
	const values = [
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
	]
	return { ids, values }
}

// Concurrent sends share one INSERT. No wait for the disk: the outbox is our own database, and a
// crash that loses these rows also loses the SENT records written after them (one WAL), so the
// retry finds the steps SENDING, finds no row here, and stores them again.
const storeInOutbox = createMicroBatch(async (requested: OutboxItem[]): Promise<SentEmail[]> => {
	// One row per Message-ID, even if two attempts at one email share a batch.
	const items = [...new Map(requested.map((item) => [item.email.messageId, item])).values()]
	const { values } = outboxRowValues(items)
	const { rows } = await lazyCommitSqlPool().query<{ id: string; messageId: string }>({
		name: 'outbox-insert-many',
		text: `${insertOutboxRowsSql(1)} RETURNING id, "messageId"`,
		values,
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
