import { type Facts } from './facts.ts'
import { createPicker } from './picker.ts'
import { type Wants } from './read-instruction.ts'

// Greeting and sign-off: seeded from the facts alone so they stay the same in every email.

export function greeting(facts: Facts, wants: Wants) {
	const picker = createPicker(facts.voiceSeed)
	if (wants.casual) return picker.pick([`Hey ${facts.first},`, `Hi ${facts.first}!`])
	if (wants.formal) return `Dear ${facts.first},`
	return picker.pick([`Hi ${facts.first},`, `Hello ${facts.first},`])
}

export function signOff(facts: Facts, wants: Wants) {
	const picker = createPicker(facts.voiceSeed + 1)
	const word = wants.casual
		? picker.pick(['Cheers,', 'Thanks,', 'Talk soon,'])
		: wants.formal
			? 'Kind regards,'
			: picker.pick(['Best,', 'Best regards,', 'Thanks,', 'All the best,'])
	return `${word}\n${facts.sender}`
}
