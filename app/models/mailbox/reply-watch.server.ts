import { prisma } from '#app/utils/db.server.ts'
import { transportKindForMailbox } from './mail-transport.server.ts'

/**
 * Whether anything reads a mailbox's replies: Gmail (its sync), IMAP (its settings), the local
 * outbox (replies are simulated there). 'none' is an SMTP mailbox without IMAP: a reply to it
 * stops nothing, and the screens say so.
 */
export type ReplyWatch = 'gmail' | 'imap' | 'outbox' | 'none'

export async function replyWatchForMailbox(mailboxId: string | null): Promise<ReplyWatch> {
	if (!mailboxId) return 'outbox'
	const kind = await transportKindForMailbox(mailboxId)
	if (kind === 'GMAIL') return 'gmail'
	if (kind === 'OUTBOX') return 'outbox'
	const mailbox = await prisma.mailbox.findUnique({ where: { id: mailboxId }, select: { imapHost: true } })
	return mailbox?.imapHost ? 'imap' : 'none'
}
