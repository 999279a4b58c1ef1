import { randomUUID } from 'node:crypto'

/**
 * Message-IDs of the email we send (decision 015): a random id on the sender's own domain, as a
 * mail client makes them — nothing in it names the app, the step or the app's host. The id is
 * stored with the email (EmailStep.messageId, ConversationMessage.messageIdHeader), so replies
 * and retries find it there; nothing derives it again.
 */

/** The domain part of an address, lower-cased; the fallback when the address has none. */
export function addressDomain(address: string | null | undefined, fallback: string) {
	const at = address?.lastIndexOf('@') ?? -1
	const domain =
		at === -1
			? ''
			: address!
					.slice(at + 1)
					.trim()
					.toLowerCase()
	return domain || fallback
}

/** `<32 hex digits@sender's domain>`; FAST_CLAIM_MANY makes the same shape in SQL (gen_random_uuid()). */
export function newMessageId(senderAddress: string | null | undefined, fallbackDomain: string) {
	return `<${randomUUID().replaceAll('-', '')}@${addressDomain(senderAddress, fallbackDomain)}>`
}
