import { randomBytes } from 'node:crypto'

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

/**
 * `<32 hex digits@sender's domain>`: the time in milliseconds (12 digits), then 80 random bits, as
 * mail servers commonly make them. Time first keeps the unique index on EmailStep.messageId
 * appending rather than splitting pages at random (activation writes thousands at once).
 * FAST_CLAIM_MANY makes the same shape in SQL, from gen_random_uuid(), in the rare case it replaces one.
 */
export function newMessageId(senderAddress: string | null | undefined, fallbackDomain: string) {
	const id = Date.now().toString(16).padStart(12, '0') + randomBytes(10).toString('hex')
	return `<${id}@${addressDomain(senderAddress, fallbackDomain)}>`
}
