import { teamsLike, type Facts } from './facts.ts'
import { type NonEmpty, type Picker } from './picker.ts'
import { asSentence, clause, lowerFirst, midSentence, withArticle } from './phrasing.ts'
import { type Wants } from './read-instruction.ts'

// The lines an email is made of: subject, opener, value, proof and call to action.

/** The opening line: which ones apply depends on what we know about the contact and company. */
export function hook(facts: Facts, wants: Wants, picker: Picker): string {
	const company = facts.company ?? 'your team'
	const options: string[] = [
		`I am reaching out because ${facts.company ? `${facts.company} looks` : 'you look'} like a close fit for what we do at ${facts.orgName}.`,
		`I have been talking with ${teamsLike(facts)} about ${facts.angle.focus}, and ${facts.company ? `${facts.company} kept coming up as a team` : 'your name came up as someone'} worth writing to.`,
	]
	if (facts.role) {
		options.push(
			`As ${withArticle(facts.role)} at ${company}, you are probably the first to hear about it when there is pressure on ${facts.angle.focus}.`,
			`Most people in your seat${facts.company ? ` at companies like ${facts.company}` : ''} tell me they spend more of their week on ${facts.angle.focus} than they would like.`,
		)
	}
	if (facts.pain) {
		options.push(
			facts.pain.kind === 'noun'
				? `Many ${facts.angle.audience} I speak with say they lose more time to ${facts.pain.text} than they would like, and I wondered whether that is true at ${company} too.`
				: `I hear from many ${facts.angle.audience} that ${facts.pain.text.replace(/^your /, 'their ')}, and I wondered whether that is true at ${company} too.`,
		)
	}
	if (facts.industryConcern && facts.industry) {
		options.push(
			`${facts.industry} teams like ${company} juggle ${facts.industryConcern} while trying to keep ${facts.angle.focus} on track.`,
		)
	}
	if (facts.companyFact && facts.company && !wants.shorter) {
		options.push(
			`I read that ${clause(facts.companyFact)}, and it made me think of what we do at ${facts.orgName}.`,
		)
	}
	if (facts.roleClause && !wants.shorter) {
		options.push(`I noticed that ${facts.roleClause}, so I thought it was worth writing to you directly.`)
	}
	const [firstOption, ...rest] = options
	return picker.pick([firstOption ?? '', ...rest])
}

export function valueLine(facts: Facts, wants: Wants, picker: Picker): string {
	const forWhom = facts.company ? `a team like ${facts.company}` : 'a team like yours'
	// The offer names us and what we sell, however short the email: it is what the reader answers.
	const offer = offerSentence(facts)
	if (wants.shorter)
		return (
			offer ?? `At ${facts.orgName} we help ${teamsLike(facts)} get ${facts.outcome ?? facts.angle.outcome}.`
		)
	const outcome = facts.outcome ? ` For ${forWhom}, that usually means ${facts.outcome}.` : ''
	if (offer) {
		return `${picker.pick(['In short:', 'A quick word on us:', 'About us in one line:'])} ${midSentence(offer)}${outcome}`
	}
	return `At ${facts.orgName} we work with ${teamsLike(facts)} on ${facts.angle.focus}.${outcome}`
}

/**
 * What we sell, as a sentence that names us: a clause ("We help…", "Ledgerly automates…") as written;
 * a summary with no verb ("Route planning for regional carriers") is what we offer.
 */
export function offerSentence(facts: Pick<Facts, 'offering' | 'orgName'>): string | null {
	const { offering, orgName } = facts
	if (!offering) return null
	if (offering.includes(orgName)) return asSentence(offering)
	if (!CLAUSE.test(offering)) return `At ${orgName} we offer ${asSentence(lowerFirst(offering))}`
	return `At ${orgName}, ${midSentence(asSentence(offering))}`
}

// A subject we write about ourselves, or a verb a summary of what a company sells tends to use.
const CLAUSE =
	/\b(we|our|us|is|are|helps?|builds?|makes?|sells?|offers?|provides?|gives?|lets?|turns?|cuts?|saves?|reduces?|automates?|runs?|plans?|connects?|brings?|keeps?|finds?|writes?|sends?|tracks?|manages?|delivers?|enables?|powers?|handles?|creates?|designs?|develops?|supports?|works?|books?|schedules?|moves?|ships?|protects?|stores?)\b/i

const PASSIVE_FRAGMENT =
	/^(used|trusted|loved|chosen|relied on|backed|funded|rated|recommended) (by|in|across)\b/i

export function proofLine(facts: Facts, picker: Picker, index = 0): string {
	const proof = facts.proofs[index % Math.max(facts.proofs.length, 1)]
	if (!proof)
		return `Happy to share how teams similar to ${facts.company ?? 'yours'} use ${facts.orgName} today.`
	// "Used by 80 retailers." has no subject: it is said of us.
	const sentence = PASSIVE_FRAGMENT.test(proof) ? `${facts.orgName} is ${lowerFirst(proof)}` : proof
	return `${picker.pick(['For context,', 'A quick data point:', 'One example:'])} ${midSentence(asSentence(sentence))}`
}

export function callToAction(facts: Facts, wants: Wants, picker: Picker): string {
	if (wants.call) {
		return picker.pick([
			`Would you be open to a 15-minute call next week to see whether this fits ${facts.company ?? 'your team'}?`,
			'Could we schedule a short call, say on Tuesday or Thursday, so I can walk you through it?',
			'If it is worth a look, let us book a 20-minute call. Just reply with a time that suits you.',
		])
	}
	if (wants.casual) return picker.pick(['Worth a quick chat?', 'Open to swapping notes on this?'])
	return `${picker.pick(facts.angle.questions)} ${picker.pick([
		'Happy to share what we have seen work.',
		'If it is useful, I can send a short example.',
		'A one-line reply is plenty.',
	])}`
}

export function subjectLine(facts: Facts, wants: Wants, picker: Picker): string {
	const focus = facts.angle.focus
	if (wants.call)
		return picker.pick([`15 minutes next week, ${facts.first}?`, `A short call about ${focus}?`])
	if (wants.casual)
		return picker.pick([`quick question, ${facts.first}`, `${focus} at ${facts.company ?? 'your end'}`])
	const company = facts.company
	const options: NonEmpty<string> = company
		? [
				`Idea for ${company}`,
				`${facts.first}, a question about ${focus}`,
				`${company} + ${facts.orgName}`,
				`Helping ${company} with ${focus}`,
			]
		: [`${facts.first}, a question about ${focus}`, `An idea about ${focus}`]
	const subject = picker.pick(options)
	return subject.charAt(0).toUpperCase() + subject.slice(1)
}
