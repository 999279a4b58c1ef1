import { sendSystemEmail } from '#app/models/mailbox/system-mail.server.ts'
import { REPLY_INTENT_LABELS, type ReplyIntent } from '#app/schemas/reply-intent.ts'
import { prisma } from '#app/utils/db.server.ts'
import { escapeHtml } from '#app/utils/editor-json/safe-html.ts'
import { appUrl } from '#app/utils/env.server.ts'

export type ReplyNotificationResult =
	{ status: 'sent' | 'no_owner' | 'not_found' } | { status: 'failed'; message: string }

/**
 * Tells a sequence's owner (who created it; without one, the organization's owners) that its
 * contact answered, with what the answer means and a link to the sequence. Through the app's own
 * mail (SMTP_URL, else the organization's outbox), never the sales mailbox.
 */
export async function notifyReplyOwner(messageId: string): Promise<ReplyNotificationResult> {
	const message = await prisma.conversationMessage.findUnique({
		where: { id: messageId },
		select: {
			organizationId: true,
			intent: true,
			intentReason: true,
			bodyText: true,
			sequence: {
				select: {
					id: true,
					creator: { select: { email: true } },
					contact: { select: { firstName: true, lastName: true, email: true } },
				},
			},
		},
	})
	if (!message?.sequence) return { status: 'not_found' }
	const { sequence, organizationId } = message
	const recipients = sequence.creator
		? [sequence.creator.email]
		: (
				await prisma.membership.findMany({
					where: { organizationId, role: 'OWNER' },
					select: { user: { select: { email: true } } },
				})
			).map((membership) => membership.user.email)
	if (recipients.length === 0) return { status: 'no_owner' }
	const contact = [sequence.contact.firstName, sequence.contact.lastName].filter(Boolean).join(' ')
	const label = message.intent ? REPLY_INTENT_LABELS[message.intent as ReplyIntent] : 'Replied'
	const link = `${appUrl()}/sequences/${sequence.id}`
	const excerpt = (message.bodyText ?? '').trim().split('\n').slice(0, 8).join('\n').slice(0, 600)
	const subject = `${contact || sequence.contact.email} replied: ${label.toLowerCase()}`
	for (const to of recipients) {
		const result = await sendSystemEmail({
			organizationId,
			to,
			subject,
			text: `${contact} (${sequence.contact.email}) replied to your sequence.\n\n${message.intentReason ?? label}\n\n${excerpt}\n\nOpen the sequence: ${link}\n`,
			html:
				`<p>${escapeHtml(contact)} (${escapeHtml(sequence.contact.email ?? '')}) replied to your sequence.</p>` +
				`<p><strong>${escapeHtml(label)}</strong>: ${escapeHtml(message.intentReason ?? '')}</p>` +
				`<blockquote>${escapeHtml(excerpt).replace(/\n/g, '<br>')}</blockquote>` +
				`<p><a href="${escapeHtml(link)}">Open the sequence</a></p>`,
		})
		if (!result.ok) return { status: 'failed', message: result.message }
	}
	return { status: 'sent' }
}
