import { type SequenceDraft } from '../sequence-draft.ts'
import { type Facts } from './facts.ts'
import { type Picker } from './picker.ts'
import { asSentence } from './phrasing.ts'
import { type Wants } from './read-instruction.ts'

export function phoneCallStep(
	facts: Facts,
	wants: Wants,
	picker: Picker,
): SequenceDraft['phoneCallSteps'][number] {
	const points = [
		`Opener: introduce yourself (${facts.sender}, ${facts.orgName}) and mention the email about ${facts.angle.focus}.`,
		`Their context: ${[facts.role, facts.company].filter(Boolean).join(' at ') || facts.first}${facts.industryConcern ? `; ${facts.industry} teams juggle ${facts.industryConcern}` : ''}.`,
		facts.pain ? `Pain point to explore: ${facts.pain.text}.` : null,
		facts.offering ? `What we do: ${asSentence(facts.offering)}` : null,
		facts.outcome ? `Value for them: ${facts.outcome}.` : null,
		facts.proofs[0] ? `Proof: ${asSentence(facts.proofs[0])}` : null,
		`Question: ${picker.pick(facts.angle.questions)}`,
		'Ask: agree on a 20-minute follow-up call with the right people.',
	]
	return {
		talkingPoints: points
			.filter(Boolean)
			.map((point) => `- ${point}`)
			.join('\n'),
		daysAfter: 2,
	}
}
