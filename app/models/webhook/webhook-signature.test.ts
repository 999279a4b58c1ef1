import { describe, expect, test } from 'vitest'
import { nextAttemptAt, MAX_ATTEMPTS } from './webhook-retry.ts'
import { computeSignature, signatureHeader, verifyWebhookSignature } from './webhook-signature.ts'

const SECRET = 'whsec_test-secret'
const BODY = '{"id":"evt_1","type":"step.sent","created":1764240000,"data":{"stepId":"s1"}}'

describe('webhook signatures', () => {
	test('a header signed now verifies; the signature is HMAC-SHA256 over "t.body"', () => {
		const now = 1_764_240_000_000
		const header = signatureHeader(SECRET, BODY, now / 1000)
		expect(header).toBe(`t=${now / 1000},v1=${computeSignature(SECRET, now / 1000, BODY)}`)
		expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
		expect(verifyWebhookSignature(SECRET, header, BODY, { now })).toEqual({ valid: true, timestamp: now / 1000 })
	})

	test('a changed body, another secret, an old timestamp or a junk header is refused', () => {
		const now = 1_764_240_000_000
		const header = signatureHeader(SECRET, BODY, now / 1000)
		expect(verifyWebhookSignature(SECRET, header, BODY.replace('s1', 's2'), { now })).toMatchObject({
			valid: false,
			reason: 'Signature does not match',
		})
		expect(verifyWebhookSignature('whsec_other', header, BODY, { now }).valid).toBe(false)
		expect(verifyWebhookSignature(SECRET, header, BODY, { now: now + 301_000 })).toMatchObject({
			valid: false,
			reason: 'Timestamp outside the tolerance',
		})
		expect(verifyWebhookSignature(SECRET, 'v1=abc', BODY, { now }).valid).toBe(false)
		expect(verifyWebhookSignature(SECRET, null, BODY, { now }).valid).toBe(false)
		// A timestamp moved forward with the old signature: the timestamp is signed too.
		const forged = header.replace(`t=${now / 1000}`, `t=${now / 1000 + 10}`)
		expect(verifyWebhookSignature(SECRET, forged, BODY, { now }).valid).toBe(false)
	})

	test('several v1 signatures (a rotated secret): one matching is enough', () => {
		const now = 1_764_240_000_000
		const t = now / 1000
		const header = `t=${t},v1=${computeSignature('whsec_old', t, BODY)},v1=${computeSignature(SECRET, t, BODY)}`
		expect(verifyWebhookSignature(SECRET, header, BODY, { now }).valid).toBe(true)
	})
})

describe('the retry schedule', () => {
	const createdAt = new Date('2026-11-27T00:00:00Z')
	test('backs off 1 min, 5 min, 15 min … 12 h, then gives up', () => {
		let now = createdAt
		const delays: number[] = []
		for (let attempts = 1; ; attempts++) {
			const at = nextAttemptAt(attempts, { now, createdAt, random: () => 0.5 })
			if (!at) break
			delays.push((at.getTime() - now.getTime()) / 1000)
			now = at
		}
		expect(delays).toEqual([60, 300, 900, 3600, 10800, 21600, 43200])
		expect(delays.length + 1).toBe(MAX_ATTEMPTS)
		// Every attempt falls within a day of the event.
		expect(now.getTime() - createdAt.getTime()).toBeLessThan(24 * 3600 * 1000)
	})

	test('never plans an attempt more than a day after the event', () => {
		const late = new Date(createdAt.getTime() + 23.95 * 3600 * 1000)
		expect(nextAttemptAt(2, { now: late, createdAt })).toBeNull()
		expect(nextAttemptAt(1, { now: late, createdAt })).not.toBeNull()
	})
})
