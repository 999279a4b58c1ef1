import { type SequenceDraft } from '../sequence-draft.ts'
import { teamsLike, type Facts } from './facts.ts'
import { callToAction, offerSentence } from './lines.ts'
import { type Picker } from './picker.ts'
import { type Wants } from './read-instruction.ts'

export function linkedInSteps(facts: Facts, wants: Wants, picker: Picker): SequenceDraft['linkedInSteps'] {
	const note = picker.pick([
		`Hi ${facts.first}, I work with ${teamsLike(facts)} on ${facts.angle.focus} and would be glad to connect.`,
		`Hi ${facts.first} — I enjoy following ${facts.company ?? 'your work'} and talk with ${facts.angle.audience} about ${facts.angle.focus} most days. Happy to connect?`,
	])
	const message = [
		`Thanks for connecting, ${facts.first}.`,
		wants.shorter
			? ''
			: facts.outcome
				? `We help ${teamsLike(facts)} get ${facts.outcome}.`
				: (offerSentence(facts) ?? ''),
		callToAction(facts, wants, picker),
	]
		.filter(Boolean)
		.join(' ')
	return [
		{ requestNote: note, message: null, daysAfter: 0 },
		{ requestNote: null, message, daysAfter: 2 },
	]
}
