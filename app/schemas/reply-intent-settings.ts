import { z } from 'zod'
import { type ReplyIntent } from './reply-intent.ts'

// What the product does after a reply of each kind is the organization's to choose (issue 17,
// decision 052). The defaults are what it did before the choice existed, plus the task and the
// owner's notification.

export const REPLY_INTENT_ACTION_CHOICES = {
	OUT_OF_OFFICE: ['PAUSE_UNTIL_RETURN', 'CONTINUE', 'STOP'],
	NOT_NOW: ['RESUME_ON_DATE', 'STOP'],
	UNSUBSCRIBE: ['SUPPRESS', 'STOP'],
	REFERRAL: ['STOP_AND_TASK', 'STOP'],
	INTERESTED: ['STOP_AND_NOTIFY', 'STOP'],
	NEGATIVE: ['STOP_AND_NOTIFY', 'STOP'],
} as const satisfies Partial<Record<ReplyIntent, readonly [string, ...string[]]>>

export type ConfigurableIntent = keyof typeof REPLY_INTENT_ACTION_CHOICES
export const CONFIGURABLE_INTENTS = Object.keys(REPLY_INTENT_ACTION_CHOICES) as ConfigurableIntent[]

export type ReplyIntentActions = {
	[I in ConfigurableIntent]: (typeof REPLY_INTENT_ACTION_CHOICES)[I][number]
}

export const DEFAULT_REPLY_INTENT_ACTIONS: ReplyIntentActions = {
	OUT_OF_OFFICE: 'PAUSE_UNTIL_RETURN',
	NOT_NOW: 'RESUME_ON_DATE',
	UNSUBSCRIBE: 'SUPPRESS',
	REFERRAL: 'STOP_AND_TASK',
	INTERESTED: 'STOP_AND_NOTIFY',
	NEGATIVE: 'STOP_AND_NOTIFY',
}

/** What each choice does, as the settings page words it. */
export const REPLY_INTENT_ACTION_LABELS: Record<string, string> = {
	PAUSE_UNTIL_RETURN: 'Pause until the day after the return, then go on',
	CONTINUE: 'Keep sending as planned',
	STOP: 'Stop the sequence',
	RESUME_ON_DATE: 'Stop, and go on by itself on the day they give',
	SUPPRESS: 'Unsubscribe the contact from every sequence',
	STOP_AND_TASK: 'Stop, and add a task to contact the person named',
	STOP_AND_NOTIFY: 'Stop, and email the sequence’s owner',
}

const choiceOf = <const T extends readonly [string, ...string[]]>(choices: T) =>
	z.enum(choices, { message: 'Choose what happens after a reply of this kind' })

/** The form and the API: every intent optional (the API may change one), each among its choices. */
export const ReplyIntentActionsSchema = z
	.object({
		OUT_OF_OFFICE: choiceOf(REPLY_INTENT_ACTION_CHOICES.OUT_OF_OFFICE),
		NOT_NOW: choiceOf(REPLY_INTENT_ACTION_CHOICES.NOT_NOW),
		UNSUBSCRIBE: choiceOf(REPLY_INTENT_ACTION_CHOICES.UNSUBSCRIBE),
		REFERRAL: choiceOf(REPLY_INTENT_ACTION_CHOICES.REFERRAL),
		INTERESTED: choiceOf(REPLY_INTENT_ACTION_CHOICES.INTERESTED),
		NEGATIVE: choiceOf(REPLY_INTENT_ACTION_CHOICES.NEGATIVE),
	})
	.partial()

/** The stored choice (JSON, possibly from an older set of choices) read safely over the defaults. */
export function replyIntentActionsOf(stored: unknown): ReplyIntentActions {
	const actions = { ...DEFAULT_REPLY_INTENT_ACTIONS }
	if (!stored || typeof stored !== 'object') return actions
	for (const intent of CONFIGURABLE_INTENTS) {
		const value = (stored as Record<string, unknown>)[intent]
		if ((REPLY_INTENT_ACTION_CHOICES[intent] as readonly unknown[]).includes(value))
			(actions as Record<string, unknown>)[intent] = value
	}
	return actions
}

export const REPLY_ACTIONS_FORBIDDEN = 'Only owners and admins can change what happens after replies'
