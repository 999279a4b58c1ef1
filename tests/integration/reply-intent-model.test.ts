import { afterAll, beforeEach, expect, test } from 'vitest'
import { recordInboundMessage } from '#app/models/conversation/reply-detection.server.ts'
import { listFollowUpTasks } from '#app/models/follow-up-task/follow-up-tasks.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { inboundReply, sentSequence } from '#tests/factories/sent-sequence.ts'
import {
	type FakeChatMessage,
	startFakeOpenAI,
	pointModelAt,
	unsetModel,
} from '#tests/fakes/openai-server.ts'

// Reply intent by the model (issue 17 item 1): with a key, a person's reply the rules are not sure of
// is read by the model with structured output, and what follows is the model's reading; a reply the
// rules are sure of is not sent to it; a model that fails or is slow leaves the rules' reading, so a
// reply is recorded (and its sequence stopped) within the budget whatever the model does.

const fake = await startFakeOpenAI()
pointModelAt(fake, { OPENAI_TIMEOUT_MS: '5000', REPLY_MODEL_BUDGET_MS: '1500' })

afterAll(async () => {
	await fake.close()
	unsetModel()
})
beforeEach(() => fake.reset())

// "Loop in Dana" names nobody the rules can pick out as a referral: they would read a person's
// question ("low": interested). The model reads who is meant.
const VAGUE_REFERRAL = 'Honestly this sits with our ops lead. Loop in Dana Whitfield, dana@orbit.example?'

async function replyOf(sequenceId: string) {
	return prisma.conversationMessage.findFirstOrThrow({ where: { sequenceId, isFromUser: false } })
}

test('the model’s reading decides: a referral it found becomes the task, marked as the model’s', async () => {
	let asked: FakeChatMessage[] = []
	fake.setHandler((messages) => {
		asked = messages
		return {
			intent: 'REFERRAL',
			reason: 'Points to Dana Whitfield, their ops lead.',
			date: null,
			referralName: 'Dana Whitfield',
			referralEmail: 'Dana@Orbit.example',
		}
	})
	const context = await sentSequence(1)
	await recordInboundMessage(inboundReply(context, { text: VAGUE_REFERRAL, html: null }))
	const message = await replyOf(context.sequence.id)
	expect(message).toMatchObject({ intent: 'REFERRAL', intentSource: 'model' })
	expect(message.intentReason).toContain('Points to Dana Whitfield')
	expect(asked[1]!.content).toContain('Loop in Dana Whitfield')
	expect(asked[1]!.content).toMatch(/^Received: \d{4}-\d{2}-\d{2}/)
	const { tasks } = await listFollowUpTasks(context.organization.id)
	expect(tasks).toHaveLength(1)
	expect(tasks[0]).toMatchObject({ personName: 'Dana Whitfield', personEmail: 'dana@orbit.example' })
	// The sequence stopped, as for every reply.
	const sequence = await prisma.sequence.findUniqueOrThrow({ where: { id: context.sequence.id } })
	expect(sequence.status).not.toBe('ACTIVE')
})

test('a reply the rules are sure of is not sent to the model', async () => {
	const context = await sentSequence(1)
	await recordInboundMessage(
		inboundReply(context, { text: 'Please remove me from your mailing list.', html: null }),
	)
	expect(fake.requests()).toHaveLength(0)
	expect(await replyOf(context.sequence.id)).toMatchObject({ intent: 'UNSUBSCRIBE', intentSource: 'rules' })
})

test('a model that does not answer in time, or answers nonsense, leaves the rules’ reading', async () => {
	fake.queue('timeout')
	const slow = await sentSequence(1)
	const started = Date.now()
	await recordInboundMessage(
		inboundReply(slow, { text: 'Sounds good, does Tuesday work for a call?', html: null }),
	)
	expect(Date.now() - started).toBeLessThan(5_000)
	expect(await replyOf(slow.sequence.id)).toMatchObject({ intent: 'INTERESTED', intentSource: 'rules' })

	// A referral with nobody named is nothing to act on.
	fake.setHandler(() => ({
		intent: 'REFERRAL',
		reason: 'Someone else',
		date: null,
		referralName: null,
		referralEmail: null,
	}))
	const vague = await sentSequence(1)
	await recordInboundMessage(inboundReply(vague, { text: 'Does Tuesday work for a call?', html: null }))
	expect(await replyOf(vague.sequence.id)).toMatchObject({ intent: 'INTERESTED', intentSource: 'rules' })
})

test('a reply seen again by the next sync is not sent to the model again', async () => {
	fake.setHandler(() => ({
		intent: 'REFERRAL',
		reason: 'Points to Dana Whitfield.',
		date: null,
		referralName: 'Dana Whitfield',
		referralEmail: 'dana@orbit.example',
	}))
	const context = await sentSequence(1)
	const reply = inboundReply(context, { text: VAGUE_REFERRAL, html: null })
	expect(await recordInboundMessage(reply)).toEqual({ outcome: 'REPLY' })
	expect(fake.requests()).toHaveLength(1)
	expect(await recordInboundMessage(reply)).toEqual({ outcome: 'DUPLICATE' })
	expect(fake.requests()).toHaveLength(1)
})
