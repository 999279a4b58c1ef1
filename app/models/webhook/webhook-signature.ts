import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Delivery signatures, as Stripe signs its webhooks (decision 042): HMAC-SHA256, keyed with the
 * endpoint's secret, over `${timestamp}.${rawBody}`, sent as `Reachout-Signature: t=<unix
 * seconds>,v1=<hex>`. The timestamp is signed with the body, so a captured delivery cannot be
 * replayed later than the receiver's tolerance.
 */

export const SIGNATURE_HEADER = 'Reachout-Signature'
export const EVENT_ID_HEADER = 'Reachout-Event-Id'
export const EVENT_TYPE_HEADER = 'Reachout-Event-Type'
/** Receivers should refuse signatures older than this (what verifyWebhookSignature does by default). */
export const DEFAULT_TOLERANCE_SECONDS = 300

export function newWebhookSecret() {
	return `whsec_${randomBytes(24).toString('base64url')}`
}

export function computeSignature(secret: string, timestamp: number, rawBody: string) {
	return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')
}

export function signatureHeader(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)) {
	return `t=${timestamp},v1=${computeSignature(secret, timestamp, rawBody)}`
}

export type SignatureCheck = { valid: true; timestamp: number } | { valid: false; reason: string }

/**
 * What a receiver runs on the raw body (before any JSON parsing): the header's timestamp within
 * the tolerance and one of its `v1` signatures equal, compared in constant time.
 */
export function verifyWebhookSignature(
	secret: string,
	header: string | null | undefined,
	rawBody: string,
	{ toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Date.now() } = {},
): SignatureCheck {
	if (!header) return { valid: false, reason: 'No signature header' }
	const parts = header.split(',').map((part) => part.trim().split('='))
	const timestamp = Number(parts.find(([key]) => key === 't')?.[1])
	const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!)
	if (!Number.isInteger(timestamp) || signatures.length === 0) {
		return { valid: false, reason: 'Malformed signature header' }
	}
	if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) {
		return { valid: false, reason: 'Timestamp outside the tolerance' }
	}
	const expected = Buffer.from(computeSignature(secret, timestamp, rawBody), 'hex')
	const matches = signatures.some((signature) => {
		const given = Buffer.from(signature, 'hex')
		return given.length === expected.length && timingSafeEqual(given, expected)
	})
	return matches ? { valid: true, timestamp } : { valid: false, reason: 'Signature does not match' }
}
