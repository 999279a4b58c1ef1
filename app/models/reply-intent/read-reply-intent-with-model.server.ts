import { z } from 'zod'
import {
	AssistantError,
	createStructuredCompletion,
	isAssistantAbort,
	isModelConfigured,
} from '#app/integrations/openai/openai-client.server.ts'
import { REPLY_INTENTS } from '#app/schemas/reply-intent.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { type ClassifiedReply, type ReplyIntentInput } from './classify-reply-intent.ts'
import { cutQuotedReply } from './quoted-reply.ts'

// The model's reading of a reply (issue 17): structured output over the reply's own words, asked only
// when a model is configured and the rules are not already sure (a delivery report, an Auto-Submitted
// header, "please remove me"). It runs before the reply is recorded, so it is bounded: past
// REPLY_MODEL_BUDGET_MS (8 s), or on any model failure, the rules' reading stands — a reply is never
// held up long waiting for a model. Decision 048.
/** Replies are short; a long thread's quoted history is cut before this. */
const REPLY_TEXT_MAX_CHARS = 6_000

// No length or pattern constraints: OpenAI's strict structured output refuses some. Checked below.
const ModelReplyIntentSchema = z.object({
	intent: z.enum(REPLY_INTENTS),
	reason: z.string(),
	date: z.string().nullable(),
	referralName: z.string().nullable(),
	referralEmail: z.string().nullable(),
})

const SYSTEM_PROMPT = [
	'You read one reply to a sales email and say what it means for the outreach sequence that got it.',
	'intent is one of: INTERESTED (wants to talk, asks a question, says yes), NOT_NOW (interested later or',
	'busy now; date = the day to try again if the reply names one), REFERRAL (points to someone else who',
	'should be contacted; referralName and referralEmail when given), OUT_OF_OFFICE (away; date = the day they',
	'are back), UNSUBSCRIBE (asks to be removed or not emailed again), BOUNCE (a report that the email was not',
	'delivered), AUTO_REPLY (a machine answered, not a person, and it is not an out-of-office notice), NEGATIVE',
	'(not interested, no). Replies may be in any language. Dates are YYYY-MM-DD, worked out from the day the',
	'reply was received (a month with no year is its next occurrence); null when none is given.',
	'reason: one short sentence in English quoting what in the reply gave it away.',
].join(' ')

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** The model's reading when it is configured, useful and answers in time; otherwise the rules'. */
export async function readReplyIntentWithModel(
	input: ReplyIntentInput & { organizationId: string },
	rules: ClassifiedReply,
): Promise<ClassifiedReply> {
	if (!isModelConfigured() || rules.confidence === 'high') return rules
	const text = cutQuotedReply(input.text).slice(0, REPLY_TEXT_MAX_CHARS).trim()
	if (!text) return rules
	try {
		const answer = await createStructuredCompletion({
			schema: ModelReplyIntentSchema,
			schemaName: 'reply_intent',
			system: SYSTEM_PROMPT,
			user: [
				`Received: ${input.receivedAt.toISOString().slice(0, 10)}`,
				`Subject: ${input.subject ?? ''}`,
				'',
				text,
			].join('\n'),
			organizationId: input.organizationId,
			signal: AbortSignal.timeout(getEnv().REPLY_MODEL_BUDGET_MS),
		})
		const date = answer.date && ISO_DAY.test(answer.date) ? answer.date : null
		const referral =
			answer.intent === 'REFERRAL' && (answer.referralName || answer.referralEmail)
				? {
						name: answer.referralName?.trim().slice(0, 120) || null,
						email: answer.referralEmail?.trim().toLowerCase().slice(0, 254) || null,
					}
				: null
		// A referral with nobody named is no referral to act on: the rules' reading stands.
		if (answer.intent === 'REFERRAL' && !referral) return rules
		return {
			intent: answer.intent,
			reason: answer.reason.trim().slice(0, 300) || rules.reason,
			date: answer.intent === 'NOT_NOW' || answer.intent === 'OUT_OF_OFFICE' ? date : null,
			referral,
			confidence: 'medium',
			source: 'model',
		}
	} catch (error) {
		if (!(error instanceof AssistantError) && !isAssistantAbort(error)) throw error
		console.warn(`reply intent: the model could not be used (${error.message}); the rules' reading stands`)
		return rules
	}
}
