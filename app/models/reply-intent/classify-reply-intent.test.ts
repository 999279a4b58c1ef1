import { describe, expect, test } from 'vitest'
import { REPLY_INTENTS } from '#app/schemas/reply-intent.ts'
import { classifyReplyIntent } from './classify-reply-intent.ts'
import {
	REPLY_INTENT_EVALUATION_SET as FIRST_SET,
	EVALUATION_RECEIVED_AT,
} from './evaluation/reply-intent-evaluation-set.ts'
import { REPLY_INTENT_HELD_OUT_SET } from './evaluation/reply-intent-held-out-set.ts'

const REPLY_INTENT_EVALUATION_SET = [...FIRST_SET, ...REPLY_INTENT_HELD_OUT_SET]

function evaluate() {
	return REPLY_INTENT_EVALUATION_SET.map((reply) => ({
		reply,
		got: classifyReplyIntent({ ...reply, receivedAt: EVALUATION_RECEIVED_AT }),
	}))
}

describe('the offline reply-intent classifier on the evaluation set', () => {
	const results = evaluate()
	const misses = results.filter(({ reply, got }) => got.intent !== reply.intent)
	const accuracy = (rows: typeof results) =>
		rows.filter(({ reply, got }) => got.intent === reply.intent).length / rows.length

	test('the set has at least 60 replies, in several languages, for every intent', () => {
		expect(REPLY_INTENT_EVALUATION_SET.length).toBeGreaterThanOrEqual(60)
		expect(new Set(REPLY_INTENT_EVALUATION_SET.map((reply) => reply.language)).size).toBeGreaterThanOrEqual(6)
		for (const intent of REPLY_INTENTS)
			expect(
				REPLY_INTENT_EVALUATION_SET.some((reply) => reply.intent === intent),
				intent,
			).toBe(true)
	})

	test('≥ 90 % of intents right overall', () => {
		console.info(
			`reply intent accuracy ${(accuracy(results) * 100).toFixed(1)} % (${results.length} replies)`,
			misses.map(({ reply, got }) => `${reply.id}: ${got.intent}`),
		)
		expect(accuracy(results)).toBeGreaterThanOrEqual(0.9)
	})

	test('≥ 98 % on out of office and unsubscribe requests', () => {
		for (const intent of ['OUT_OF_OFFICE', 'UNSUBSCRIBE'] as const)
			expect(accuracy(results.filter(({ reply }) => reply.intent === intent)), intent).toBeGreaterThanOrEqual(
				0.98,
			)
	})

	test('the days named: return days and days to resume', () => {
		const dated = results.filter(({ reply, got }) => reply.date && got.intent === reply.intent)
		const right = dated.filter(({ reply, got }) => got.date === reply.date)
		console.info(
			`dates right ${right.length} / ${dated.length}`,
			dated.filter((row) => !right.includes(row)).map(({ reply, got }) => `${reply.id}: ${got.date}`),
		)
		expect(right.length / dated.length).toBeGreaterThanOrEqual(0.9)
	})

	test('the people referred to', () => {
		const referrals = results.filter(({ reply, got }) => reply.referral && got.intent === 'REFERRAL')
		for (const { reply, got } of referrals) {
			if (reply.referral!.name) expect(got.referral?.name, reply.id).toBe(reply.referral!.name)
			if (reply.referral!.email) expect(got.referral?.email, reply.id).toBe(reply.referral!.email)
		}
		expect(referrals.length).toBeGreaterThanOrEqual(6)
	})
})

describe('classifyReplyIntent', () => {
	const receivedAt = new Date('2026-11-27T10:00:00Z')

	test('our own quoted email never decides: the reply’s words do', () => {
		const got = classifyReplyIntent({
			text: 'Sounds good, Tuesday works.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Sam <sam@x.example> wrote:\n> Reply unsubscribe to stop.',
			receivedAt,
		})
		expect(got.intent).toBe('INTERESTED')
	})

	test('a person away who still answers with interest is not an out-of-office notice', () => {
		expect(
			classifyReplyIntent({
				text: "I'm on vacation this week but interested - let's talk Monday.",
				receivedAt,
			}).intent,
		).toBe('INTERESTED')
	})

	test('the reason quotes the reply’s own words', () => {
		const got = classifyReplyIntent({ text: 'Not a priority right now. Ping me in March.', receivedAt })
		expect(got).toMatchObject({ intent: 'NOT_NOW', date: '2027-03-01' })
		expect(got.reason).toContain('“Not a priority”')
		expect(got.reason).toContain('2027-03-01')
	})

	test('"may" is a month only beside a day', () => {
		const got = classifyReplyIntent({
			subject: 'Out of office',
			headers: { 'Auto-Submitted': 'auto-replied' },
			text: 'I am out of the office and replies may be delayed.',
			receivedAt,
		})
		expect(got).toMatchObject({ intent: 'OUT_OF_OFFICE', date: null })
	})

	test('a referral with no person named falls through to what else it says', () => {
		expect(
			classifyReplyIntent({ text: "I'm not the right person, sorry. Not interested.", receivedAt }).intent,
		).toBe('NEGATIVE')
	})
})

describe('what is not an unsubscribe request', () => {
	test('"Please stop, I will call you" is a person answering; "Stop." alone asks to be removed', () => {
		const receivedAt = new Date('2026-11-27T10:00:00Z')
		expect(classifyReplyIntent({ text: 'Please stop, I will call you.', receivedAt }).intent).not.toBe(
			'UNSUBSCRIBE',
		)
		expect(classifyReplyIntent({ text: 'Stop.', receivedAt }).intent).toBe('UNSUBSCRIBE')
	})
})
