import { repairDraft, shortCompanyName } from './draft-rules.ts'
import { type GenerationRequest, type ModifyRequest, type SequenceDraft } from './sequence-draft.ts'

// The writer used when no model is configured (issue 5, §5). It must read as if written for one
// person: every slot has several phrasings, chosen by a PRNG seeded from the request, so output is
// deterministic for the same input yet differs between contacts.

type EmailStep = SequenceDraft['emailSteps'][number]
type NonEmpty<T> = readonly [T, ...T[]]

/** Days after the previous email; strictly increasing, as the rules require. */
const EMAIL_DAYS = [0, 3, 4, 5, 6, 7] as const
const DEFAULT_EMAIL_COUNT = 3

// FNV-1a: a stable 32-bit hash to seed the PRNG.
function hash(text: string): number {
	let h = 0x811c9dc5
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i)
		h = Math.imul(h, 0x01000193)
	}
	return h >>> 0
}

// mulberry32: small, fast and good enough for choosing phrasings.
function createPicker(seed: number) {
	let state = seed
	const random = () => {
		state = (state + 0x6d2b79f5) | 0
		let t = Math.imul(state ^ (state >>> 15), 1 | state)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	return {
		random,
		pick<T>(options: NonEmpty<T>): T {
			return options[Math.floor(random() * options.length)] ?? options[0]
		},
	}
}
type Picker = ReturnType<typeof createPicker>

type Wants = {
	shorter: boolean
	casual: boolean
	formal: boolean
	call: boolean
	socialProof: boolean
	emailCount: number | null
	/** "mention our webinar" → "our webinar". */
	topic: string | null
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 }

export function readInstruction(instruction: string): Wants {
	const count = /\b(\d+|one|two|three|four|five|six)\s+(?:[a-z-]+\s+)?(?:emails?|steps?)\b/i.exec(instruction)
	const countValue = count?.[1] ? (NUMBER_WORDS[count[1].toLowerCase()] ?? Number(count[1])) : null
	const topic =
		/\b(?:mention|include|highlight|reference|talk about|bring up)\s+(?!social proof)([^.!?\n]{3,80})/i.exec(
			instruction,
		)
	return {
		shorter: /\b(short(?:er)?|brief(?:er)?|concise|succinct|tighter|trim|fewer words|less text)\b/i.test(
			instruction,
		),
		casual: /\b(casual|informal|relaxed|laid[- ]back|conversational|friendl(?:y|ier))\b/i.test(instruction),
		formal: /\b(formal|professional)\b/i.test(instruction) && !/\binformal\b/i.test(instruction),
		call: /\b(call|phone)\b/i.test(instruction),
		socialProof: /\b(social proof|case stud(?:y|ies)|testimonials?|customer stories|proof)\b/i.test(
			instruction,
		),
		emailCount: countValue === null ? null : Math.min(6, Math.max(1, countValue)),
		topic: topic?.[1]?.trim() ?? null,
	}
}

function hasIntent(wants: Wants) {
	return (
		wants.shorter || wants.casual || wants.formal || wants.call || wants.socialProof || wants.topic !== null
	)
}

type Angle = { audience: string; focus: string; outcome: string; questions: NonEmpty<string> }

// The role decides what the email is about: a CTO hears about engineering time, sales about pipeline.
const ANGLES: Array<{ match: RegExp; angle: Angle }> = [
	{
		match:
			/\b(cto|cio|ciso|engineer\w*|technical|technology|developer|architect|it|data|security|devops|platform)\b/i,
		angle: {
			audience: 'engineering leaders',
			focus: 'engineering time',
			outcome: 'fewer hours lost to glue code and maintenance',
			questions: [
				"How much of your team's week goes to keeping internal tooling alive?",
				'Is reclaiming engineering time for the roadmap on your list this quarter?',
			],
		},
	},
	{
		match: /\b(sales|revenue|cro|business development|bdr|sdr|account executive|commercial)\b/i,
		angle: {
			audience: 'sales leaders',
			focus: 'pipeline',
			outcome: 'more replies and more booked meetings without adding headcount',
			questions: [
				'How are your reps splitting their week between prospecting and selling right now?',
				'Is filling next quarter’s pipeline the main pressure on your team at the moment?',
			],
		},
	},
	{
		match: /\b(marketing|cmo|growth|brand|demand|content)\b/i,
		angle: {
			audience: 'marketing teams',
			focus: 'demand generation',
			outcome: 'campaigns that turn into real conversations with buyers',
			questions: [
				'How much of your pipeline comes from outbound versus inbound today?',
				'Are you being asked to show more pipeline from the same budget this year?',
			],
		},
	},
	{
		match: /\b(founder|co-founder|ceo|owner|president|managing director|general manager|partner)\b/i,
		angle: {
			audience: 'founders',
			focus: 'growth',
			outcome: 'a predictable way to grow without adding overhead',
			questions: [
				'What is the one thing that would make the next two quarters easier for you?',
				'Is predictable growth the thing keeping you up at night, or is it something else?',
			],
		},
	},
	{
		match: /\b(operations|coo|supply|logistics|procurement)\b/i,
		angle: {
			audience: 'operations leaders',
			focus: 'day-to-day operations',
			outcome: 'fewer manual handoffs and fewer surprises',
			questions: [
				'Where do manual handoffs cost your team the most time today?',
				'Which process would you fix first if you had an extra person for a month?',
			],
		},
	},
	{
		match: /\b(finance|cfo|controller|accounting|treasury)\b/i,
		angle: {
			audience: 'finance teams',
			focus: 'costs',
			outcome: 'clear, predictable spend with less manual reconciliation',
			questions: [
				'How much of month-end still runs on spreadsheets at your end?',
				'Is cost control a bigger topic this year than last?',
			],
		},
	},
	{
		match: /\b(hr|people|talent|recruit\w*|hiring)\b/i,
		angle: {
			audience: 'people teams',
			focus: 'hiring',
			outcome: 'faster hiring with less back-and-forth',
			questions: [
				'How many open roles is your team carrying right now?',
				'What slows your hiring down the most today?',
			],
		},
	},
]
const GENERAL_ANGLE: Angle = {
	audience: 'teams',
	focus: 'outreach',
	outcome: 'more conversations with the right people, with less manual work',
	questions: [
		'How does your team handle this today?',
		'Is this something on your list for the coming months?',
	],
}

// The industry adds what that kind of company worries about.
const INDUSTRY_CONCERNS: Array<[RegExp, string]> = [
	[/health|medical|pharma|clinic|hospital|biotech/i, 'compliance and patient data'],
	[/fintech|bank|financ|insur|payment/i, 'security reviews and regulation'],
	[/retail|e-?commerce|consumer|fashion/i, 'seasonal peaks'],
	[/manufactur|industrial|automotive|machinery/i, 'production uptime'],
	[/logistic|shipping|transport|freight|supply chain/i, 'tight delivery windows'],
	[/software|saas|internet|cloud|tech/i, 'fast release cycles'],
	[/educat|school|universit|edtech|learning/i, 'tight budgets and term calendars'],
	[/real estate|property|construction/i, 'long project timelines'],
	[/market|advertis|agency|media/i, 'client deadlines'],
	[/energy|utilit|solar|oil|gas/i, 'long procurement cycles'],
]

type Facts = {
	first: string
	company: string | null
	role: string | null
	roleDetails: string | null
	pain: string | null
	industry: string | null
	industryConcern: string | null
	companyFact: string | null
	orgName: string
	offering: string | null
	proofs: string[]
	angle: Angle
	sender: string
	/** Greeting and sign-off come from this seed so they stay the same in every email. */
	voiceSeed: number
}

function sentences(text: string | null | undefined): string[] {
	return (text ?? '')
		.split(/(?<=[.!?])\s+|\n+/u)
		.map((sentence) => sentence.trim())
		.filter((sentence) => sentence.length > 3)
}

function asSentence(text: string) {
	return /[.!?]$/.test(text) ? text : `${text}.`
}

/** A fragment to use mid-sentence: no final stop. */
function clause(text: string) {
	return text.trim().replace(/[.!?;,\s]+$/, '')
}

/** For common nouns ("Flaky tooling", "Logistics") placed mid-sentence; acronyms and "SaaS" stay. */
function lowerFirst(text: string) {
	const trimmed = clause(text)
	const firstWord = trimmed.split(' ')[0] ?? ''
	return /^[A-Z][a-z]+$/.test(firstWord.replace(/[-'’].*$/, ''))
		? trimmed.charAt(0).toLowerCase() + trimmed.slice(1)
		: trimmed
}

function wordCount(text: string) {
	return text.split(/\s+/).filter(Boolean).length
}

function withArticle(role: string) {
	if (
		/\b(chief|head|vp|vice president|founder|co-founder|owner|president|director)\b|^c[a-z]o$/i.test(role)
	) {
		return `the ${role}`
	}
	const acronym = /^[A-Z]{2,}/.test(role)
	return (acronym ? /^[AEFHILMNORSX]/ : /^[aeiou]/i).test(role) ? `an ${role}` : `a ${role}`
}

/** Numbers convince; a leading "it" reads oddly once the sentence is lifted out of its document. */
function proofScore(sentence: string) {
	return (/\b\d/.test(sentence) ? 2 : 0) - (/\bit\b/i.test(sentence) ? 3 : 0)
}

function gatherFacts(request: GenerationRequest, seed: number): Facts {
	const { contact, company, organization } = request
	const role = contact.role?.trim() || null
	const industry = company?.industry?.trim() || null
	const orgText = request.useOrganizationPrompt
		? [organization.description, ...organization.passages].flatMap(sentences)
		: []
	const proofPattern =
		/\b\d|\b(customers?|clients?|companies|teams|trusted|helped|used by|case stud(?:y|ies)|saved|reduced|increased|grew|doubled)\b/i
	const companyFact = [company?.summary, company?.description, company?.tagline]
		.flatMap(sentences)
		.find((sentence) => wordCount(sentence) <= 30)
	return {
		first: contact.firstName.trim() || 'there',
		company: company ? shortCompanyName(company.name) : null,
		role,
		roleDetails: sentences(contact.roleDetails)[0] ?? null,
		pain: contact.painPoints?.split(/[;\n•]|\.\s/)[0]?.trim() || null,
		industry,
		industryConcern: industry
			? (INDUSTRY_CONCERNS.find(([match]) => match.test(industry))?.[1] ?? null)
			: null,
		companyFact: companyFact ?? null,
		orgName: organization.name,
		offering: request.useOrganizationPrompt
			? (sentences(organization.summary)[0] ?? sentences(organization.description)[0] ?? null)
			: null,
		// Numbers and named customers convince more than a general claim, so they come first.
		proofs: orgText
			.filter((sentence) => proofPattern.test(sentence) && wordCount(sentence) <= 35)
			.sort((a, b) => proofScore(b) - proofScore(a)),
		angle: ANGLES.find(({ match }) => match.test(role ?? ''))?.angle ?? GENERAL_ANGLE,
		sender: request.sender.name.trim(),
		voiceSeed: (seed ^ 0x5bd1e995) >>> 0,
	}
}

function greeting(facts: Facts, wants: Wants) {
	const picker = createPicker(facts.voiceSeed)
	if (wants.casual) return picker.pick([`Hey ${facts.first},`, `Hi ${facts.first}!`])
	if (wants.formal) return `Dear ${facts.first},`
	return picker.pick([`Hi ${facts.first},`, `Hello ${facts.first},`])
}

function signOff(facts: Facts, wants: Wants) {
	const picker = createPicker(facts.voiceSeed + 1)
	const word = wants.casual
		? picker.pick(['Cheers,', 'Thanks,', 'Talk soon,'])
		: wants.formal
			? 'Kind regards,'
			: picker.pick(['Best,', 'Best regards,', 'Thanks,', 'All the best,'])
	return `${word}\n${facts.sender}`
}

function teamsLike(facts: Facts) {
	return facts.industry ? `${facts.angle.audience} in ${lowerFirst(facts.industry)}` : facts.angle.audience
}

/** The opening line: which ones apply depends on what we know about the contact and company. */
function hook(facts: Facts, wants: Wants, picker: Picker): string {
	const company = facts.company ?? 'your team'
	const options: string[] = [
		`I am reaching out because ${facts.company ? `${facts.company} looks` : 'you look'} like a close fit for what we do at ${facts.orgName}.`,
		`I have been talking with ${teamsLike(facts)} about ${facts.angle.focus}, and ${company} kept coming up as a team worth writing to.`,
	]
	if (facts.role) {
		options.push(
			`As ${withArticle(facts.role)} at ${company}, you are probably the first to hear about it when there is pressure on ${facts.angle.focus}.`,
			`Most people in your seat${facts.company ? ` at companies like ${facts.company}` : ''} tell me they spend more of their week on ${facts.angle.focus} than they would like.`,
		)
	}
	if (facts.pain) {
		options.push(
			`Many ${facts.angle.audience} I speak with say they lose more time to ${lowerFirst(facts.pain)} than they would like, and I wondered whether that is true at ${company} too.`,
		)
	}
	if (facts.industryConcern && facts.industry) {
		options.push(
			`${facts.industry} teams like ${company} juggle ${facts.industryConcern} while trying to keep ${facts.angle.focus} on track.`,
		)
	}
	if (facts.companyFact && facts.company && !wants.shorter) {
		options.push(
			`I came across ${facts.company} this week, and this stood out: "${clause(facts.companyFact)}."`,
		)
	}
	if (facts.roleDetails && !wants.shorter) {
		options.push(
			`Your profile caught my eye — ${lowerFirst(facts.roleDetails)} — which is exactly the setup we work with.`,
		)
	}
	const [firstOption, ...rest] = options
	return picker.pick([firstOption ?? '', ...rest])
}

function valueLine(facts: Facts, wants: Wants, picker: Picker): string {
	const forWhom = facts.company ? `a team like ${facts.company}` : 'a team like yours'
	if (wants.shorter) return `We help ${teamsLike(facts)} get ${facts.angle.outcome}.`
	const outcome = `For ${forWhom}, that usually means ${facts.angle.outcome}.`
	if (facts.offering) {
		return `${picker.pick(['In short:', 'A quick word on us:', 'About us in one line:'])} ${asSentence(facts.offering)} ${outcome}`
	}
	return `At ${facts.orgName} we work with ${teamsLike(facts)} on ${facts.angle.focus}. ${outcome}`
}

function proofLine(facts: Facts, picker: Picker, index = 0): string {
	const proof = facts.proofs[index % Math.max(facts.proofs.length, 1)]
	if (!proof)
		return `Happy to share how teams similar to ${facts.company ?? 'yours'} use ${facts.orgName} today.`
	return `${picker.pick(['For context:', 'A quick data point:', 'One example:'])} ${asSentence(proof)}`
}

function callToAction(facts: Facts, wants: Wants, picker: Picker): string {
	if (wants.call) {
		return picker.pick([
			`Would you be open to a 15-minute call next week to see whether this fits ${facts.company ?? 'your team'}?`,
			'Could we schedule a short call — say Tuesday or Thursday — so I can walk you through it?',
			'If it is worth a look, let us book a 20-minute call; just reply with a time that suits you.',
		])
	}
	if (wants.casual) return picker.pick(['Worth a quick chat?', 'Open to swapping notes on this?'])
	return `${picker.pick(facts.angle.questions)} ${picker.pick([
		'Happy to share what we have seen work.',
		'If it is useful, I can send a short example.',
		'A one-line reply is plenty.',
	])}`
}

function firstEmail(facts: Facts, wants: Wants, picker: Picker): EmailStep {
	const paragraphs = [greeting(facts, wants), hook(facts, wants, picker)]
	paragraphs.push(valueLine(facts, wants, picker))
	if (!wants.shorter && facts.pain && !paragraphs[1]?.includes(lowerFirst(facts.pain))) {
		paragraphs.push(
			`If fixing ${lowerFirst(facts.pain)} is on your list this quarter, that is where we tend to help most.`,
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

function subjectLine(facts: Facts, wants: Wants, picker: Picker): string {
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
			`Teams usually come to us when ${lowerFirst(facts.pain)} starts to slow everything else down.`,
		facts.proofs.length > 0 || wants.socialProof ? proofLine(facts, picker, index) : null,
		`The usual result is ${facts.angle.outcome}.`,
	].filter((point): point is string => Boolean(point))
	const isLast = total >= 3 && index === total - 1
	const middle = isLast
		? `I will not keep filling your inbox. If now is not the right time to look at ${facts.angle.focus}, no problem — and if it is, just reply and I will send over a few times.`
		: `${opener} ${points[(index - 1) % points.length] ?? ''}`.trim()
	const paragraphs = [greeting(facts, wants), middle]
	if (!isLast || wants.call) paragraphs.push(callToAction(facts, wants, picker))
	paragraphs.push(signOff(facts, wants))
	return { subject: '', body: paragraphs.join('\n\n'), daysAfter: EMAIL_DAYS[index] ?? index + 1 }
}

function linkedInSteps(facts: Facts, wants: Wants, picker: Picker): SequenceDraft['linkedInSteps'] {
	const note = picker.pick([
		`Hi ${facts.first}, I work with ${teamsLike(facts)} on ${facts.angle.focus} and would be glad to connect.`,
		`Hi ${facts.first} — I enjoy following ${facts.company ?? 'your work'} and talk with ${facts.angle.audience} about ${facts.angle.focus} most days. Happy to connect?`,
	])
	const message = [
		`Thanks for connecting, ${facts.first}.`,
		wants.shorter ? '' : `We help ${teamsLike(facts)} get ${facts.angle.outcome}.`,
		callToAction(facts, wants, picker),
	]
		.filter(Boolean)
		.join(' ')
	return [
		{ requestNote: note, message: null, daysAfter: 0 },
		{ requestNote: null, message, daysAfter: 2 },
	]
}

function phoneCallStep(facts: Facts, wants: Wants, picker: Picker): SequenceDraft['phoneCallSteps'][number] {
	const points = [
		`Opener: introduce yourself (${facts.sender}, ${facts.orgName}) and mention the email about ${facts.angle.focus}.`,
		`Their context: ${[facts.role, facts.company].filter(Boolean).join(' at ') || facts.first}${facts.industryConcern ? `; ${facts.industry} teams juggle ${facts.industryConcern}` : ''}.`,
		facts.pain ? `Pain point to explore: ${lowerFirst(facts.pain)}.` : null,
		facts.offering ? `What we do: ${asSentence(facts.offering)}` : null,
		`Value for them: ${facts.angle.outcome}.`,
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

function seedFor(request: GenerationRequest, salt: string) {
	const { contact, company } = request
	return hash(
		[
			salt,
			contact.firstName,
			contact.lastName,
			contact.email,
			contact.role,
			company?.name,
			request.instruction,
		].join('|'),
	)
}

export function writeSequenceOffline(request: GenerationRequest): SequenceDraft {
	const seed = seedFor(request, 'write')
	const facts = gatherFacts(request, seed)
	const wants = readInstruction(request.instruction)
	const picker = createPicker(seed)
	const total = wants.emailCount ?? DEFAULT_EMAIL_COUNT
	const emailSteps = [firstEmail(facts, wants, picker)]
	for (let index = 1; index < total; index++)
		emailSteps.push(followUpEmail(facts, wants, picker, index, total))
	const draft: SequenceDraft = {
		emailSteps,
		linkedInSteps: request.linkedin ? linkedInSteps(facts, wants, picker) : [],
		phoneCallSteps: request.phoneCall ? [phoneCallStep(facts, wants, picker)] : [],
	}
	return repairDraft(draft, request)
}

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

function modifyStep(step: EmailStep, index: number, facts: Facts, wants: Wants, picker: Picker): EmailStep {
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

/**
 * Apply an instruction to existing steps by position (same count, subject only on the first).
 * An instruction we cannot interpret offline gets a fresh rewrite of each step instead of no change.
 */
export function modifySequenceOffline(request: ModifyRequest): SequenceDraft['emailSteps'] {
	const generation: GenerationRequest = { ...request, linkedin: false, phoneCall: false }
	const seed = seedFor(generation, 'modify')
	const facts = gatherFacts(generation, seed)
	const wants = readInstruction(request.instruction)
	const picker = createPicker(seed)
	let steps: EmailStep[]
	if (hasIntent(wants)) {
		steps = request.existing.map((step, index) => modifyStep(step, index, facts, wants, picker))
	} else {
		const total = request.existing.length
		const rewritten = [firstEmail(facts, wants, picker)]
		for (let index = 1; index < total; index++)
			rewritten.push(followUpEmail(facts, wants, picker, index, total))
		steps = request.existing.map((step, index) => ({
			subject: index === 0 ? (rewritten[0]?.subject ?? step.subject) : '',
			body: rewritten[index]?.body ?? step.body,
			daysAfter: step.daysAfter,
		}))
	}
	return repairDraft({ emailSteps: steps, linkedInSteps: [], phoneCallSteps: [] }, request).emailSteps
}
