import {
	REQUEST_NOTE_LIMIT,
	SUBJECT_MAX_LENGTH,
	type GenerationRequest,
	type SequenceDraft,
} from './sequence-draft.ts'

// The rules every draft must meet before it is saved, whichever writer produced it (issue 5, §4).
// Pure functions: the job, the API and the eval suite all share them.

export type DraftRule =
	| 'request-note-length'
	| 'days-after'
	| 'placeholder'
	| 'subject-length'
	| 'signature'
	| 'empty-body'
	| 'missing-name'
	| 'missing-company'

export type DraftProblem = { rule: DraftRule; step?: string; message: string }

/** What the rules need to know; a ModifyRequest fits as well as a GenerationRequest. */
export type DraftContext = Pick<GenerationRequest, 'contact' | 'company' | 'sender' | 'organization'>

// Leftovers of templates and models: {{firstName}}, {firstName}, [Company], <NAME>, XXX.
const PLACEHOLDER =
	/\{\{[^{}\n]{0,40}\}\}|\{\s*[A-Za-z_][\w .-]{0,40}\}|\[[A-Za-z][\w .'-]{0,40}\]|<[A-Za-z_][A-Za-z_ ]{0,30}>|\bX{3,}\b/g

const GREETING = /^(hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening))\b[^\n]*$/i
const SIGN_OFF =
	/^(best|thanks|thank you|cheers|regards|best regards|kind regards|warm regards|all the best|sincerely)[,.!]?$/i
const LEGAL_SUFFIX =
	/[\s,]+(inc|llc|ltd|limited|gmbh|ag|corp|corporation|co|plc|s\.?a|b\.?v|oy|ab|aps|nv|kg|sas|sarl|srl|spa|pty)\.?$/i
const DANGLING_END = /(?:[\s,;:\-–—([{"'“‘&/+]|\s(?:and|or|but|with|the|a|an|to|of|for|in|at|on))+$/iu

/** "Acme, Inc." → "Acme": what a person writes, and what the company rule looks for. */
export function shortCompanyName(name: string): string {
	let short = name.trim()
	while (LEGAL_SUFFIX.test(short)) short = short.replace(LEGAL_SUFFIX, '').trim()
	return short || name.trim()
}

/** LinkedIn and our subject limit count characters, not UTF-16 units. */
export function charCount(text: string): number {
	return Array.from(text).length
}

export function findPlaceholders(text: string): string[] {
	return text.match(PLACEHOLDER) ?? []
}

function normalized(text: string) {
	return text.normalize('NFC').toLocaleLowerCase()
}

export function mentions(text: string, needle: string): boolean {
	return normalized(text).includes(normalized(needle.trim()))
}

function endsWithSignature(body: string, senderName: string) {
	return normalized(body.trimEnd()).endsWith(normalized(senderName.trim()))
}

export function checkDraft(draft: SequenceDraft, request: DraftContext): DraftProblem[] {
	const problems: DraftProblem[] = []
	const add = (rule: DraftRule, step: string, message: string) => problems.push({ rule, step, message })
	const checkPlaceholders = (step: string, ...texts: Array<string | null>) => {
		const found = texts.flatMap((text) => findPlaceholders(text ?? ''))
		if (found.length) add('placeholder', step, `Unfilled placeholder ${found.join(', ')}`)
	}
	const checkDays = (step: string, days: number) => {
		if (!Number.isInteger(days) || days < 0) add('days-after', step, 'Days after must be 0 or more')
	}
	const senderName = request.sender.name.trim()

	draft.emailSteps.forEach((email, index) => {
		const step = `email ${index + 1}`
		const previous = draft.emailSteps[index - 1]
		checkDays(step, email.daysAfter)
		if (previous && email.daysAfter >= 0 && email.daysAfter <= previous.daysAfter) {
			add('days-after', step, 'Days after must increase from one email to the next')
		}
		if (index === 0 && !email.subject.trim()) add('subject-length', step, 'The first email needs a subject')
		if (charCount(email.subject.trim()) > SUBJECT_MAX_LENGTH) {
			add('subject-length', step, `The subject is longer than ${SUBJECT_MAX_LENGTH} characters`)
		}
		if (!email.body.trim()) add('empty-body', step, 'The email body is empty')
		else if (senderName && !endsWithSignature(email.body, senderName)) {
			add('signature', step, `The email does not end with the sender's name (${senderName})`)
		}
		checkPlaceholders(step, email.subject, email.body)
	})

	const first = draft.emailSteps[0]
	if (first) {
		const text = `${first.subject}\n${first.body}`
		const firstName = request.contact.firstName.trim()
		if (firstName && !mentions(text, firstName)) {
			add('missing-name', 'email 1', `The first email does not mention ${firstName}`)
		}
		const company = request.company ? shortCompanyName(request.company.name) : ''
		if (company && !mentions(text, company)) {
			add('missing-company', 'email 1', `The first email does not mention ${company}`)
		}
	}

	draft.linkedInSteps.forEach((linkedIn, index) => {
		const step = `linkedin ${index + 1}`
		checkDays(step, linkedIn.daysAfter)
		if (linkedIn.requestNote && charCount(linkedIn.requestNote) > REQUEST_NOTE_LIMIT) {
			add('request-note-length', step, `The request note is longer than ${REQUEST_NOTE_LIMIT} characters`)
		}
		if (index > 0 && !linkedIn.message?.trim()) add('empty-body', step, 'The LinkedIn message is empty')
		checkPlaceholders(step, linkedIn.requestNote, linkedIn.message)
	})

	draft.phoneCallSteps.forEach((call, index) => {
		const step = `phone call ${index + 1}`
		checkDays(step, call.daysAfter)
		if (!call.talkingPoints.trim()) add('empty-body', step, 'The talking points are empty')
		checkPlaceholders(step, call.talkingPoints)
	})
	return problems
}

/** Cut at a word (or late sentence) boundary, never mid-word, and drop what dangles at the end. */
export function truncateAtWord(text: string, limit: number): string {
	const trimmed = text.trim()
	const chars = Array.from(trimmed)
	if (chars.length <= limit) return trimmed
	let cut = chars.slice(0, limit).join('')
	if (!/\s/.test(chars[limit] ?? ' ')) {
		const lastSpace = cut.search(/\s\S*$/)
		if (lastSpace > 0) cut = cut.slice(0, lastSpace)
	}
	const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '))
	if (sentenceEnd >= limit * 0.6) cut = cut.slice(0, sentenceEnd + 1)
	return cut.replace(DANGLING_END, '').trim()
}

function placeholderValue(placeholder: string, request: DraftContext, aloneOnLine: boolean): string {
	const key = placeholder.toLowerCase().replace(/[^a-z]/g, '')
	const { contact, company, sender, organization } = request
	// A bare name on its own line is a signature: the sender's, not the contact's.
	if (aloneOnLine && key === 'name') return sender.name
	const values: Record<string, string> = {
		firstname: contact.firstName,
		fname: contact.firstName,
		name: contact.firstName,
		contactname: contact.firstName,
		contactfirstname: contact.firstName,
		recipientname: contact.firstName,
		prospectname: contact.firstName,
		lastname: contact.lastName,
		fullname: `${contact.firstName} ${contact.lastName}`.trim(),
		company: company ? shortCompanyName(company.name) : 'your company',
		companyname: company ? shortCompanyName(company.name) : 'your company',
		contactcompany: company ? shortCompanyName(company.name) : 'your company',
		theircompany: company ? shortCompanyName(company.name) : 'your company',
		role: contact.role ?? 'your role',
		title: contact.role ?? 'your role',
		jobtitle: contact.role ?? 'your role',
		industry: company?.industry ?? 'your industry',
		yourname: sender.name,
		yourfullname: sender.name,
		sendername: sender.name,
		myname: sender.name,
		sender: sender.name,
		signature: sender.name,
		youremail: sender.email,
		yourcompany: organization.name,
		mycompany: organization.name,
		ourcompany: organization.name,
		organization: organization.name,
		organizationname: organization.name,
	}
	return values[key] ?? ''
}

/** Fill known placeholders with real values; drop the rest and tidy the gaps they leave. */
export function fillPlaceholders(text: string, request: DraftContext): string {
	return text
		.split('\n')
		.map((line) =>
			line
				.replace(PLACEHOLDER, (match) => placeholderValue(match, request, line.trim() === match))
				.replace(/ {2,}/g, ' ')
				.replace(/ +([,.!?;:])/g, '$1')
				.replace(/\(\s*\)/g, '')
				.trimEnd(),
		)
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

function withGreeting(body: string, firstName: string): string {
	const [firstLine = '', ...rest] = body.split('\n')
	const greeting = GREETING.exec(firstLine.trim())
	if (greeting) return [`${greeting[1]} ${firstName},`, ...rest].join('\n')
	return `Hi ${firstName},\n\n${body}`
}

function withParagraphBeforeSignature(body: string, paragraph: string, senderName: string): string {
	const paragraphs = body.split(/\n\s*\n/)
	const last = paragraphs.at(-1) ?? ''
	if (paragraphs.length > 1 && senderName && endsWithSignature(last, senderName)) {
		return [...paragraphs.slice(0, -1), paragraph, last].join('\n\n')
	}
	return `${body}\n\n${paragraph}`
}

export function withSignature(body: string, senderName: string): string {
	const name = senderName.trim()
	if (!name || endsWithSignature(body, name)) return body
	const lastLine = body.trimEnd().split('\n').at(-1)?.trim() ?? ''
	return SIGN_OFF.test(lastLine) ? `${body.trimEnd()}\n${name}` : `${body.trimEnd()}\n\nBest,\n${name}`
}

/** Each email after the first must come strictly later than the one before it. */
function increasingDays(days: number[]): number[] {
	const result: number[] = []
	for (const day of days) {
		const clamped = Number.isFinite(day) ? Math.max(0, Math.round(day)) : 0
		const previous = result.at(-1)
		result.push(previous === undefined ? clamped : Math.max(clamped, previous + 1))
	}
	return result
}

function nonNegativeDays(day: number) {
	return Number.isFinite(day) ? Math.max(0, Math.round(day)) : 0
}

/** Fix what can be fixed mechanically; returns a new draft. */
export function repairDraft(draft: SequenceDraft, request: DraftContext): SequenceDraft {
	const firstName = request.contact.firstName.trim()
	const company = request.company ? shortCompanyName(request.company.name) : ''
	const senderName = request.sender.name.trim()
	const days = increasingDays(draft.emailSteps.map((email) => email.daysAfter))

	const emailSteps = draft.emailSteps.map((email, index) => {
		let body = fillPlaceholders(email.body, request)
		if (!body) {
			body = `Hi ${firstName || 'there'},\n\nI wanted to follow up on my earlier note${company ? ` about ${company}` : ''}. Would a short reply with your thoughts be possible?`
		}
		let subject = fillPlaceholders(email.subject, request).replace(/\s+/g, ' ')
		if (index === 0) {
			if (!subject) subject = company ? `A question for ${company}` : `A question for you, ${firstName}`
			const text = `${subject}\n${body}`
			if (firstName && !mentions(text, firstName)) body = withGreeting(body, firstName)
			if (company && !mentions(`${subject}\n${body}`, company)) {
				const line = `I would be glad to show what this could look like at ${company}.`
				body = withParagraphBeforeSignature(body, line, senderName)
			}
		}
		return {
			subject: truncateAtWord(subject, SUBJECT_MAX_LENGTH),
			body: withSignature(body, senderName),
			daysAfter: days[index] ?? 0,
		}
	})

	const linkedInSteps = draft.linkedInSteps.map((linkedIn, index) => {
		const note = linkedIn.requestNote === null ? null : fillPlaceholders(linkedIn.requestNote, request)
		let message = linkedIn.message === null ? null : fillPlaceholders(linkedIn.message, request)
		if (index > 0 && !message)
			message = `Thanks for connecting, ${firstName || 'there'}. Happy to share more if useful.`
		return {
			requestNote: note === null ? null : truncateAtWord(note, REQUEST_NOTE_LIMIT),
			message,
			daysAfter: nonNegativeDays(linkedIn.daysAfter),
		}
	})

	const phoneCallSteps = draft.phoneCallSteps.map((call) => ({
		talkingPoints:
			fillPlaceholders(call.talkingPoints, request) ||
			`- Introduce yourself and ${request.organization.name}\n- Ask about their current priorities\n- Agree on a next step`,
		daysAfter: nonNegativeDays(call.daysAfter),
	}))

	return { emailSteps, linkedInSteps, phoneCallSteps }
}
