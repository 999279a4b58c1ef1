import { randomUUID } from 'node:crypto'
import { type MailTransport } from '#app/integrations/mail/transport.server.ts'
import { mailDomain, transportForMailbox } from '#app/models/mailbox/mail-transport.server.ts'
import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { CONVERSATION_MESSAGES, REPLY_MAX_LENGTH } from '#app/schemas/conversation.ts'
import { type ReplyIntentView } from '#app/schemas/reply-intent.ts'
import { SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { prisma } from '#app/utils/db.server.ts'
import { escapeHtml } from '#app/utils/editor-json/safe-html.ts'
import { newMessageId } from '#app/utils/message-id.ts'
import { recordInboundMessage, type InboundOutcome } from './reply-detection.server.ts'

/** A message of a sequence's thread as the drawer and `GET /conversations` show it. */
export type ConversationEntry = {
	id: string
	type: 'EMAIL' | 'LINKEDIN'
	from: string
	to: string | null
	subject: string | null
	date: Date
	/** Plain text without the quoted history a reply carries. */
	body: string
	html: string
	isFromUser: boolean
	/** Written by a machine (an out-of-office, a delay notice): shown, never the contact's reply. */
	automatic: 'AUTO_REPLY' | 'DELAY_NOTICE' | null
	/** What a reply meant (reply intent); null for our own messages and older ones. */
	intent: ReplyIntentView | null
	emailStepId: string | null
	metadata: { conversationId: string | null }
}

const SENT_STATUSES = ['SENT', 'REPLIED', 'FAILED'] as const

/**
 * The sequence's thread, oldest first: the email steps we sent (read from the steps, so the
 * dispatcher records nothing extra) and the ConversationMessage rows (the contact's replies,
 * replies sent from the drawer, messages the user wrote in Gmail). Null when the sequence is
 * not the organization's.
 */
export async function listConversation(
	organizationId: string,
	sequenceId: string,
): Promise<ConversationEntry[] | null> {
	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: {
			threadId: true,
			mailbox: { select: { address: true } },
			contact: { select: { email: true } },
			emailSteps: {
				where: { sentAt: { not: null }, status: { in: [...SENT_STATUSES] } },
				select: {
					id: true,
					subject: true,
					bodyHtml: true,
					bodyText: true,
					sentAt: true,
					providerThreadId: true,
					emailAddress: { select: { address: true } },
				},
			},
			messages: {
				select: {
					id: true,
					type: true,
					fromAddress: true,
					toAddress: true,
					subject: true,
					bodyHtml: true,
					bodyText: true,
					isFromUser: true,
					automatic: true,
					intent: true,
					intentReason: true,
					intentDate: true,
					intentReferral: true,
					intentSource: true,
					date: true,
					emailStepId: true,
					metadata: true,
				},
			},
		},
	})
	if (!sequence) return null
	const sentSteps: ConversationEntry[] = sequence.emailSteps.map((step) => ({
		id: step.id,
		type: 'EMAIL',
		from: step.emailAddress?.address ?? sequence.mailbox?.address ?? '',
		to: sequence.contact.email,
		subject: step.subject,
		date: step.sentAt!,
		body: step.bodyText || htmlToText(step.bodyHtml),
		html: step.bodyHtml,
		isFromUser: true,
		automatic: null,
		intent: null,
		emailStepId: step.id,
		metadata: { conversationId: step.providerThreadId ?? sequence.threadId },
	}))
	const messages: ConversationEntry[] = sequence.messages.map((message) => ({
		id: message.id,
		type: message.type,
		from: message.fromAddress,
		to: message.toAddress,
		subject: message.subject,
		date: message.date,
		body: withoutQuotedText(message.bodyText || htmlToText(message.bodyHtml)),
		html: message.bodyHtml,
		isFromUser: message.isFromUser,
		automatic: message.automatic,
		intent: message.intent
			? {
					intent: message.intent,
					reason: message.intentReason,
					date: message.intentDate?.toISOString().slice(0, 10) ?? null,
					referral: (message.intentReferral as ReplyIntentView['referral']) ?? null,
					source: message.intentSource,
				}
			: null,
		emailStepId: message.emailStepId,
		metadata: { conversationId: conversationIdOf(message.metadata) ?? sequence.threadId },
	}))
	return [...sentSteps, ...messages].sort((a, b) => a.date.getTime() - b.date.getTime())
}

/**
 * `POST /sequences/reply`: sends the user's reply in the sequence's thread, from the sequence's
 * mailbox, answering the latest message (In-Reply-To) with the whole chain in References, and
 * keeps it in the conversation. Throws SequenceRuleError (400 empty, 404 not found, 422 the
 * contact cannot be emailed) and GoogleScopeError (Gmail access must be granted again).
 */
export async function sendReply({
	organizationId,
	userId,
	sequenceId,
	body,
}: {
	organizationId: string
	userId: string
	sequenceId: string
	body: string
}): Promise<ConversationEntry> {
	const text = replyText(body)

	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: {
			id: true,
			subject: true,
			threadId: true,
			contact: {
				select: { email: true, firstName: true, lastName: true, unsubscribedAt: true, emailBouncedAt: true },
			},
			mailbox: { select: { id: true, address: true, name: true, kind: true, userId: true } },
			emailSteps: {
				orderBy: { order: 'asc' },
				select: { subject: true, messageId: true, sentAt: true, providerThreadId: true },
			},
			messages: { select: { messageIdHeader: true, date: true } },
		},
	})
	if (!sequence) throw new SequenceRuleError(SEQUENCE_MESSAGES.sequenceNotFound, 404)
	const { contact, mailbox } = sequence
	if (!mailbox) throw new SequenceRuleError('The sender mailbox was removed', 422)
	// A personal mailbox (its owner's Gmail) sends only for its owner.
	if (mailbox.kind === 'USER' && mailbox.userId !== userId)
		throw new SequenceRuleError(`Only the owner of ${mailbox.address} can reply from it`, 422)
	if (!contact.email) throw new SequenceRuleError('The contact has no email address', 422)
	if (contact.unsubscribedAt) throw new SequenceRuleError('The contact unsubscribed', 422)
	if (contact.emailBouncedAt) throw new SequenceRuleError("The contact's address bounced", 422)

	const chain = [
		...sequence.emailSteps
			.filter((step) => step.messageId && step.sentAt)
			.map((step) => ({ id: step.messageId!, at: step.sentAt! })),
		...sequence.messages
			.filter((message) => message.messageIdHeader)
			.map((message) => ({ id: message.messageIdHeader!, at: message.date })),
	].sort((a, b) => a.at.getTime() - b.at.getTime())
	const references = [...new Set(chain.map((entry) => entry.id))]
	const threadId =
		sequence.threadId ??
		sequence.emailSteps.findLast((step) => step.providerThreadId)?.providerThreadId ??
		null
	const baseSubject = sequence.emailSteps[0]?.subject || sequence.subject
	const subject = /^re:/i.test(baseSubject) ? baseSubject : `Re: ${baseSubject}`
	const messageIdHeader = newMessageId(mailbox.address, mailDomain())
	const html = textToHtml(text)
	const contactName = `${contact.firstName} ${contact.lastName}`.trim()

	const transport: MailTransport = await transportForMailbox(mailbox.id)
	const sent = await transport.send({
		from: { address: mailbox.address, name: mailbox.name },
		to: { address: contact.email, name: contactName || null },
		subject,
		html,
		text,
		messageId: messageIdHeader,
		inReplyTo: references.at(-1) ?? null,
		references,
		threadId,
	})
	const date = new Date()
	const conversationId = sent.providerThreadId ?? threadId
	// A mailbox sync may have recorded the sent message first: one row per provider message.
	await prisma.conversationMessage.createMany({
		data: {
			type: 'EMAIL',
			fromAddress: mailbox.address,
			toAddress: contact.email,
			subject,
			bodyHtml: html,
			bodyText: text,
			isFromUser: true,
			date,
			providerMessageId: sent.providerMessageId,
			messageIdHeader,
			metadata: conversationId ? { conversationId } : {},
			organizationId,
			sequenceId: sequence.id,
		},
		skipDuplicates: true,
	})
	const stored = await prisma.conversationMessage.findUniqueOrThrow({
		where: {
			sequenceId_providerMessageId: { sequenceId: sequence.id, providerMessageId: sent.providerMessageId },
		},
		select: { id: true },
	})
	return {
		id: stored.id,
		type: 'EMAIL',
		from: mailbox.address,
		to: contact.email,
		subject,
		date,
		body: text,
		html,
		isFromUser: true,
		automatic: null,
		intent: null,
		emailStepId: null,
		metadata: { conversationId },
	}
}

/**
 * The local outbox has no inbox: this records the contact answering an outbox email, as a
 * mailbox sync would record a real reply (In-Reply-To the email's Message-ID), so the whole
 * reply path can be tried offline. Null when the email is not the organization's.
 */
export async function recordOutboxReply({
	organizationId,
	outboxMessageId,
	body,
}: {
	organizationId: string
	outboxMessageId: string
	body: string
}): Promise<{ sequenceId: string; outcome: InboundOutcome } | null> {
	const text = replyText(body)
	const email = await prisma.outboxMessage.findFirst({
		where: { id: outboxMessageId, organizationId },
		select: { messageId: true, fromAddress: true, toAddress: true, subject: true },
	})
	if (!email) return null
	// The step that went out with this Message-ID, else a reply sent from the drawer.
	const step = await prisma.emailStep.findFirst({
		where: { messageId: email.messageId, organizationId },
		select: { id: true, sequenceId: true },
	})
	const drawerReply = step
		? null
		: await prisma.conversationMessage.findFirst({
				where: { messageIdHeader: email.messageId, organizationId },
				select: { sequenceId: true },
			})
	const sequenceId = step?.sequenceId ?? drawerReply?.sequenceId
	if (!sequenceId) throw new SequenceRuleError('This email is not part of a sequence', 422)
	const { outcome } = await recordInboundMessage({
		organizationId,
		sequenceId,
		emailStepId: step?.id ?? null,
		providerMessageId: `outbox-reply-${randomUUID()}`,
		from: addressOf(email.toAddress),
		to: addressOf(email.fromAddress),
		date: new Date(),
		subject: /^re:/i.test(email.subject) ? email.subject : `Re: ${email.subject}`,
		text,
		html: textToHtml(text),
		messageIdHeader: `<contact-reply-${randomUUID()}@${mailDomain()}>`,
		inReplyTo: email.messageId,
		references: [email.messageId],
	})
	return { sequenceId, outcome }
}

/** The reply's text, or SequenceRuleError 400 when it has no visible character or is too long. */
function replyText(body: string) {
	const text = body.replace(/\r\n/g, '\n').trim()
	if (!text.replace(/[\s\u200B-\u200D\uFEFF]/g, ''))
		throw new SequenceRuleError(CONVERSATION_MESSAGES.replyEmpty, 400)
	if (text.length > REPLY_MAX_LENGTH) throw new SequenceRuleError(CONVERSATION_MESSAGES.replyTooLong, 400)
	return text
}

/** `"Name" <a@b>` → `a@b`. */
function addressOf(formatted: string) {
	return (/<([^>]+)>\s*$/.exec(formatted)?.[1] ?? formatted).trim().toLowerCase()
}

function conversationIdOf(metadata: unknown) {
	if (metadata && typeof metadata === 'object' && 'conversationId' in metadata) {
		const value = (metadata as { conversationId?: unknown }).conversationId
		return typeof value === 'string' ? value : null
	}
	return null
}

/**
 * A reply without the history it quotes: cut at "On … wrote:" (also wrapped over two lines) or
 * "-----Original Message-----", and drop trailing "> " lines. Falls back to the whole text.
 */
export function withoutQuotedText(text: string) {
	const lines = text.replace(/\r\n/g, '\n').split('\n')
	const cut = lines.findIndex((line, index) => {
		const trimmed = line.trim()
		if (/^-{2,}\s*Original Message\s*-{2,}$/i.test(trimmed)) return true
		if (!/^On\s/.test(trimmed)) return false
		return /wrote:$/.test(trimmed) || /wrote:$/.test(lines[index + 1]?.trim() ?? '')
	})
	const kept = cut >= 0 ? lines.slice(0, cut) : [...lines]
	while (kept.length && (kept.at(-1)!.trim() === '' || kept.at(-1)!.trimStart().startsWith('>'))) kept.pop()
	return kept.join('\n').trim() || text.trim()
}

export function htmlToText(html: string) {
	return html
		.replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<\/(p|div|li|h[1-6]|blockquote|tr)>/gi, '\n')
		.replace(/<[^>]+>/g, '')
		.replace(/&nbsp;/g, ' ')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/&amp;/g, '&')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

/** Paragraphs from blank lines, <br> from single newlines. */
export function textToHtml(text: string) {
	return text
		.split(/\n{2,}/)
		.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
		.join('')
}
