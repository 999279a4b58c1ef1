import { type SequenceDraft } from '../sequence-draft.ts'
import { type Facts } from './facts.ts'
import { callToAction, hook, proofLine, subjectLine, valueLine } from './lines.ts'
import { type Picker } from './picker.ts'
import { clause } from './phrasing.ts'
import { type Wants } from './read-instruction.ts'
import { greeting, signOff } from './voice.ts'

export type EmailStep = SequenceDraft['emailSteps'][number]

/** Days after the previous email; strictly increasing, as the rules require. */
const EMAIL_DAYS = [0, 3, 4, 5, 6, 7] as const

function firstEmail(facts: Facts, wants: Wants, picker: Picker): EmailStep {
	const paragraphs = [greeting(facts, wants), hook(facts, wants, picker)]
	paragraphs.push(valueLine(facts, wants, picker))
	const pain = facts.pain
	if (!wants.shorter && pain && !paragraphs[1]?.includes(pain.text.replace(/^your /, ''))) {
		paragraphs.push(
			pain.kind === 'noun'
				? `When it comes to ${pain.text}, that is where we tend to help most.`
				: `If ${pain.text}, that is where we tend to help most.`,
		)
	}
	if (wants.socialProof || (!wants.shorter && facts.proofs.length > 0 && picker.random() < 0.5)) {
		paragraphs.push(proofLine(facts, picker))
	}
	if (wants.topic) paragraphs.push(`One more thing worth mentioning: ${clause(wants.topic)}.`)
	paragraphs.push(callToAction(facts, wants, picker), signOff(facts, wants))
	return {
		subject: subjectLine(facts, wants, picker),
		body: paragraphs.join('\n\n'),
		daysAfter: EMAIL_DAYS[0],
	}
}

function followUpEmail(facts: Facts, wants: Wants, picker: Picker, index: number, total: number): EmailStep {
	const opener = wants.casual
		? picker.pick([
				'Bumping this up in case it got buried.',
				'Just floating this back to the top of your inbox.',
			])
		: picker.pick([
				'Following up on my note from a few days ago.',
				'Circling back on my last email.',
				'I wanted to add one thought to my earlier message.',
			])
	const points = [
		facts.industryConcern &&
			`With ${facts.industryConcern} on the table, it is easy for ${facts.angle.focus} to slip down the list.`,
		facts.pain &&
			(facts.pain.kind === 'noun'
				? `Teams usually come to us when ${facts.pain.text} starts to slow everything else down.`
				: `Teams usually come to us when ${facts.pain.text.replace(/^your /, 'their ')}.`),
		facts.proofs.length > 0 || wants.socialProof ? proofLine(facts, picker, index) : null,
		facts.outcome && `The usual result is ${facts.outcome}.`,
	].filter((point): point is string => Boolean(point))
	if (points.length === 0) points.push(proofLine(facts, picker, index))
	const isLast = total >= 3 && index === total - 1
	const middle = isLast
		? `I will not keep filling your inbox. If now is not the right time to look at ${facts.angle.focus}, no problem — and if it is, just reply and I will send over a few times.`
		: `${opener} ${points[(index - 1) % points.length] ?? ''}`.trim()
	const paragraphs = [greeting(facts, wants), middle]
	if (!isLast || wants.call) paragraphs.push(callToAction(facts, wants, picker))
	paragraphs.push(signOff(facts, wants))
	return { subject: '', body: paragraphs.join('\n\n'), daysAfter: EMAIL_DAYS[index] ?? index + 1 }
}

/** The first email and its follow-ups, in order. */
export function writeEmails(facts: Facts, wants: Wants, picker: Picker, total: number): EmailStep[] {
	const emails = [firstEmail(facts, wants, picker)]
	for (let index = 1; index < total; index++) emails.push(followUpEmail(facts, wants, picker, index, total))
	return emails
}
