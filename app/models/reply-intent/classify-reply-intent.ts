import { type ReplyIntentAnswer } from '#app/schemas/reply-intent.ts'
import { classifyInbound } from '../conversation/inbound-classification.ts'
import { foldText } from './fold-text.ts'
import { cutQuotedReply } from './quoted-reply.ts'
import { findNamedDays, type NamedDay } from './reply-dates.ts'
import {
	BARE_NO,
	INTERESTED_PHRASES,
	NEGATIVE_PHRASES,
	NOT_NOW_PHRASES,
	OUT_OF_OFFICE_PHRASES,
	OUT_OF_OFFICE_SUBJECT,
	REFERRAL_NAME_LEAD,
	REFERRAL_PHRASES,
	RETURN_CUE,
	UNSUBSCRIBE_PHRASES,
	UNTIL_CUE,
} from './reply-phrases.ts'

// The offline reply-intent classifier (issue 17): what a fresh install uses, and the model's
// fallback. Rules over the headers (a delivery report, Auto-Submitted, X-Autoreply, Precedence —
// through classifyInbound, which the mail syncs already use), then phrases in nine languages over
// the reply's own words (the quoted message cut), then the days it names. The evaluation set and
// its accuracy figure: evaluation/, classify-reply-intent.test.ts.

export type ReplyIntentInput = {
	headers?: Record<string, string>
	from?: string | null
	subject?: string | null
	contentType?: string | null
	/** A report's machine-readable parts, when the caller separated them. */
	reportText?: string | null
	text: string
	/** Relative days ("in two weeks", "in March") are read from here. */
	receivedAt: Date
}

export type ClassifiedReply = ReplyIntentAnswer & {
	/** high: headers or an unmistakable phrase; medium: a phrase; low: nothing clear, a person answered. */
	confidence: 'high' | 'medium' | 'low'
	/** rules: this classifier; model: read-reply-intent-with-model.server.ts. */
	source: 'rules' | 'model'
}

type Found = { phrase: string; index: number }

export function classifyReplyIntent(input: ReplyIntentInput): ClassifiedReply {
	const inbound = classifyInbound({
		headers: input.headers ?? {},
		from: input.from ?? undefined,
		subject: input.subject ?? undefined,
		contentType: input.contentType ?? undefined,
		reportText: input.reportText ?? undefined,
		text: input.text,
	})
	if (inbound.kind === 'BOUNCE' || inbound.kind === 'DELAY_NOTICE') {
		const detail = inbound.kind === 'BOUNCE' ? (inbound.diagnostic ?? inbound.status) : inbound.status
		return answer(
			'BOUNCE',
			'high',
			`A delivery report${detail ? `: ${detail}` : ' says the message was not delivered'}`,
		)
	}

	const body = cutQuotedReply(input.text)
	const folded = foldText(body)
	const subject = foldText((input.subject ?? '').replace(/^(re|aw|sv|fw|fwd|wg|tr|rv)\s*:\s*/i, '').trim())
	const find = (pattern: RegExp): Found | null => firstMatch(body, folded, pattern)
	const outOfOffice =
		find(OUT_OF_OFFICE_PHRASES) ?? subjectMatch(input.subject ?? '', subject, OUT_OF_OFFICE_SUBJECT)

	if (inbound.kind === 'AUTO_REPLY') {
		if (outOfOffice) return outOfOfficeAnswer(body, folded, input.receivedAt, outOfOffice, 'high')
		return answer('AUTO_REPLY', 'high', `Written by a machine (${inbound.signal}), not by a person`)
	}

	const unsubscribe = find(UNSUBSCRIBE_PHRASES)
	if (unsubscribe) return answer('UNSUBSCRIBE', 'high', `Asks to stop: “${unsubscribe.phrase}”`)

	const interested = find(INTERESTED_PHRASES)
	const notNow = find(NOT_NOW_PHRASES)
	// A person who is away but answers with interest or a later date is not an out-of-office notice.
	if (outOfOffice && !interested && !notNow)
		return outOfOfficeAnswer(body, folded, input.receivedAt, outOfOffice, 'medium')

	const referral = find(REFERRAL_PHRASES)
	if (referral) {
		const person = referredPerson(body, folded, input.from ?? null)
		if (person.name || person.email)
			return {
				...answer('REFERRAL', 'medium', `Points to ${person.name ?? person.email}: “${referral.phrase}”`),
				referral: person,
			}
	}

	if (notNow) {
		const day = resumeDay(findNamedDays(body, input.receivedAt), notNow)
		const when = day ? `; resume on ${day.day} (“${day.text}”)` : '; no date given'
		return {
			...answer('NOT_NOW', 'medium', `Asks to wait: “${notNow.phrase}”${when}`),
			date: day?.day ?? null,
		}
	}

	const negative = find(NEGATIVE_PHRASES)
	if (negative) return answer('NEGATIVE', 'medium', `Says no: “${negative.phrase}”`)
	const words = folded
		.replace(/[^\p{L}\s]/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim()
	if (BARE_NO.test(words)) return answer('NEGATIVE', 'high', `Says no: “${body.trim()}”`)

	if (interested) return answer('INTERESTED', 'medium', `Shows interest: “${interested.phrase}”`)
	if (body.includes('?')) return answer('INTERESTED', 'low', 'Answered with a question and no clear no')
	return answer('INTERESTED', 'low', 'A person answered without a clear yes or no')
}

function answer(
	intent: ReplyIntentAnswer['intent'],
	confidence: ClassifiedReply['confidence'],
	reason: string,
): ClassifiedReply {
	return { intent, reason: reason.slice(0, 300), date: null, referral: null, confidence, source: 'rules' }
}

function firstMatch(original: string, folded: string, pattern: RegExp): Found | null {
	pattern.lastIndex = 0
	const match = pattern.exec(folded)
	pattern.lastIndex = 0
	if (!match) return null
	return { phrase: original.slice(match.index, match.index + match[0].length).trim(), index: match.index }
}

function subjectMatch(original: string, folded: string, pattern: RegExp): Found | null {
	const found = firstMatch(folded, folded, pattern)
	return found ? { phrase: original.trim(), index: -1 } : null
}

function outOfOfficeAnswer(
	body: string,
	folded: string,
	receivedAt: Date,
	found: Found,
	confidence: ClassifiedReply['confidence'],
): ClassifiedReply {
	const day = returnDay(findNamedDays(body, receivedAt), folded)
	const when = day ? `, back on ${day.day} (“${day.text}”)` : ', no return date given'
	return {
		...answer('OUT_OF_OFFICE', confidence, `An out-of-office reply (“${found.phrase}”)${when}`),
		date: day?.day ?? null,
	}
}

/** The day the writer is back: after "back on", "wieder ab"…; else the day they are away until. */
function returnDay(days: NamedDay[], folded: string): NamedDay | null {
	let best: { day: NamedDay; score: number } | null = null
	for (const day of days) {
		const before = folded.slice(Math.max(0, day.index - 40), day.index)
		const score = RETURN_CUE.test(before) ? 3 : UNTIL_CUE.test(before) ? 2 : 1
		if (!best || score > best.score) best = { day, score }
	}
	return best?.day ?? null
}

/** The day to resume: the first day named after the words that asked to wait, else the first. */
function resumeDay(days: NamedDay[], notNow: Found): NamedDay | null {
	return days.find((day) => day.index >= notNow.index) ?? days[0] ?? null
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g
const TITLE =
	'(?:(?:frau|herrn?|mr|mrs|ms|dr|madame|monsieur|mme|m|sr|sra|senor|senora|mevrouw|meneer|dhr|mevr)\\.?\\s+)?'
const NAME =
	/^((?:\p{Lu}[\p{L}'’-]+)(?:\s+(?:(?:de|van|von|der|den|da|di|del|la|le|du|dos|das|ter|ten)\s+)*\p{Lu}[\p{L}'’-]+){1,3})/u

function referredPerson(
	body: string,
	folded: string,
	from: string | null,
): { name: string | null; email: string | null } {
	const sender = from?.toLowerCase() ?? ''
	const email = [...body.matchAll(EMAIL)]
		.map((match) => match[0].replace(/\.$/, ''))
		.find((address) => address.toLowerCase() !== sender)
	let name: string | null = null
	for (const lead of folded.matchAll(REFERRAL_NAME_LEAD)) {
		const after = folded.slice(lead.index + lead[0].length)
		const title = new RegExp(`^\\s+${TITLE}`).exec(after)
		if (!title) continue
		const start = lead.index + lead[0].length + title[0].length
		const found = NAME.exec(body.slice(start))
		if (found) {
			name = found[1]!
			break
		}
	}
	return { name, email: email ?? null }
}
