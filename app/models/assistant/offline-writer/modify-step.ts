import { type EmailStep } from './emails.ts'
import { type Facts } from './facts.ts'
import { callToAction, proofLine } from './lines.ts'
import { type Picker } from './picker.ts'
import { clause, sentences } from './phrasing.ts'
import { type Wants } from './read-instruction.ts'
import { greeting, signOff } from './voice.ts'

const GREETING_LINE = /^(hi|hello|hey|dear|greetings)\b[^\n]*$/i

/** Split a body into greeting, content paragraphs and sign-off so edits keep the frame. */
function splitBody(body: string, senderName: string) {
	const paragraphs = body.trim().split(/\n\s*\n/)
	const greetingLine = GREETING_LINE.test(paragraphs[0] ?? '') ? (paragraphs.shift() ?? null) : null
	const last = paragraphs.at(-1) ?? ''
	const signature = senderName && last.trimEnd().endsWith(senderName) ? (paragraphs.pop() ?? null) : null
	return { greetingLine, middle: paragraphs, signature }
}

/** A sentence that says what we sell: it names us, or says what we do for teams like theirs. */
function isOffer(sentence: string, facts: Facts) {
	return sentence.includes(facts.orgName) || /\bwe (help|work with|build|automate|write)\b/i.test(sentence)
}

const isCallToAction = (sentence: string) => sentence.endsWith('?') || /\breply\b/i.test(sentence)

/**
 * The opening sentence, the offer and the call to action, in that order: a shorter email still says
 * who we are, what we sell and what we ask (issue 19: "shorter" used to drop the offer).
 */
function shorten(middle: string[], facts: Facts): string[] {
	const all = middle.flatMap(sentences)
	const opening = all[0]
	const offer = all.slice(1).find((sentence) => isOffer(sentence, facts))
	const ask = all.slice(1).findLast(isCallToAction)
	const kept = [opening, offer, ask].filter(
		(part, index, parts): part is string => Boolean(part) && parts.indexOf(part) === index,
	)
	// Nothing to cut but the opening ("I will not keep filling your inbox."): the ask carries the email.
	return kept.length === all.length && kept.length > 1 ? kept.slice(1) : kept
}

export function modifyStep(
	step: EmailStep,
	index: number,
	facts: Facts,
	wants: Wants,
	picker: Picker,
): EmailStep {
	const { greetingLine, middle, signature } = splitBody(step.body, facts.sender)
	let content = [...middle]
	if (wants.socialProof && (index === 0 || facts.proofs[index])) {
		content.splice(Math.max(content.length - 1, 0), 0, proofLine(facts, picker, index))
	}
	if (wants.topic && index === 0) {
		content.splice(
			Math.max(content.length - 1, 0),
			0,
			`One more thing worth mentioning: ${clause(wants.topic)}.`,
		)
	}
	if (wants.call && !/\bcall\b/i.test(content.join(' '))) {
		const cta = callToAction(facts, wants, picker)
		content = content.at(-1)?.includes('?') ? [...content.slice(0, -1), cta] : [...content, cta]
	}
	if (wants.shorter) content = shorten(content, facts)
	const opening = wants.casual || wants.formal || !greetingLine ? greeting(facts, wants) : greetingLine
	const closing = signature && !wants.casual && !wants.formal ? signature : signOff(facts, wants)
	return {
		subject: index === 0 ? step.subject : '',
		body: [opening, ...content, closing].join('\n\n'),
		daysAfter: step.daysAfter,
	}
}
