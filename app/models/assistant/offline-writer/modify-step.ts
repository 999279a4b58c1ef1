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

function shorten(middle: string[]): string[] {
	const [hookParagraph, ...rest] = middle
	const cta = rest.at(-1)
	const hookSentence = sentences(hookParagraph)[0]
	const ctaSentence = cta
		? (sentences(cta).find((sentence) => sentence.endsWith('?')) ?? sentences(cta)[0])
		: undefined
	return [hookSentence, ctaSentence].filter((part): part is string => Boolean(part))
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
	if (wants.shorter) content = shorten(content)
	const opening = wants.casual || wants.formal || !greetingLine ? greeting(facts, wants) : greetingLine
	const closing = signature && !wants.casual && !wants.formal ? signature : signOff(facts, wants)
	return {
		subject: index === 0 ? step.subject : '',
		body: [opening, ...content, closing].join('\n\n'),
		daysAfter: step.daysAfter,
	}
}
