import {
	type AssistantCompany,
	type AssistantContact,
	type AssistantOrganization,
	type GenerationRequest,
} from '#app/models/assistant/sequence-draft.ts'

// The assistant's evaluation set (issue 5, §6): the same cases run against the offline writer in
// `npm test` and against a real model in `npm run eval`. Expectations are only what can be checked.

export type EvalExpectations = {
	emailSteps?: number
	linkedInSteps?: number
	phoneCallSteps?: number
	/** Strings the first email (subject or body) must contain. */
	mentions?: string[]
	maxWordsPerEmail?: number
	/** Must match the first email's body. */
	includes?: RegExp
	/** Must match the first line of every email. */
	greeting?: RegExp
}

export type EvalCase = { name: string; request: GenerationRequest; expect: EvalExpectations }

const northwind: AssistantOrganization = {
	name: 'Northwind Outreach',
	summary: 'Northwind Outreach writes and sends personal outbound sequences for B2B teams.',
	description:
		'Northwind Outreach helps B2B teams book more meetings. More than 300 companies use it every week. Customers like Brightline reduced manual prospecting time by 40%.',
	passages: [
		'Case study: Kestrel Logistics doubled its reply rate in six weeks after moving to Northwind.',
		'Our onboarding takes one afternoon and needs no engineering help.',
	],
}

const ledgerly: AssistantOrganization = {
	name: 'Ledgerly',
	summary: 'Ledgerly automates month-end close for mid-size finance teams.',
	description: 'Ledgerly is trusted by 120 finance teams. Clients save four days on every close.',
	passages: [],
}

// A summary with no verb, as many organizations write theirs: the writer must not paste it after
// "At Routewise," (the first hour's "In short: At Demo Company, Reachout demo organization.").
const routewise: AssistantOrganization = {
	name: 'Routewise',
	summary: 'Route planning and live delivery tracking for regional retailers',
	description: 'Used by 80 regional retailers. Customers cut failed deliveries by a third.',
	passages: [],
}

const sender = { name: 'Sam Carter', email: 'sam@northwind.test' }

const acme: AssistantCompany = {
	name: 'Acme',
	industry: 'Software',
	summary: 'Acme builds scheduling software for clinics across Europe.',
	employeeCountRange: '51-200',
}

function contact(
	firstName: string,
	lastName: string,
	extra: Partial<AssistantContact> = {},
): AssistantContact {
	return { firstName, lastName, email: `${lastName.toLowerCase()}@example.test`, ...extra }
}

function request(
	person: AssistantContact,
	company: AssistantCompany | null,
	options: Partial<Omit<GenerationRequest, 'contact' | 'company'>> = {},
): GenerationRequest {
	return {
		contact: person,
		company,
		organization: northwind,
		sender,
		instruction: '',
		useOrganizationPrompt: true,
		linkedin: false,
		phoneCall: false,
		...options,
	}
}

export const evalCases: EvalCase[] = [
	{
		name: 'An organization whose summary is a phrase, not a sentence',
		request: request(contact('Lena', 'Berg', { role: 'Head of Operations' }), acme, {
			organization: routewise,
		}),
		expect: {
			emailSteps: 3,
			includes: /at Routewise we offer route planning and live delivery tracking/i,
			// "Used by 80 regional retailers." is said of us, not pasted after "One example:".
			mentions: ['Routewise is used by 80 regional retailers'],
		},
	},
	{
		name: 'The same summary in a LinkedIn message',
		request: request(contact('Omar', 'Haddad', { role: 'Operations Manager' }), acme, {
			organization: routewise,
			linkedin: true,
		}),
		expect: { emailSteps: 3, mentions: ['Routewise'] },
	},
	{
		name: 'CTO at a software company',
		request: request(contact('Priya', 'Raman', { role: 'CTO', painPoints: 'Flaky internal tooling' }), acme),
		expect: { emailSteps: 3, mentions: ['Priya', 'Acme'] },
	},
	{
		name: 'Head of Sales at a logistics firm',
		request: request(contact('Marcus', 'Lee', { role: 'Head of Sales' }), {
			name: 'Kestrel Freight',
			industry: 'Logistics',
			employeeCountRange: '201-500',
		}),
		expect: { emailSteps: 3, mentions: ['Kestrel Freight'] },
	},
	{
		name: 'Founder of a tiny retail brand',
		request: request(contact('Lena', 'Vogel', { role: 'Founder & CEO' }), {
			name: 'Vogel Goods',
			industry: 'E-commerce',
			employeeCountRange: '1-10',
		}),
		expect: { emailSteps: 3, mentions: ['Vogel Goods'] },
	},
	{
		name: 'No company',
		request: request(contact('Tom', 'Baker', { role: 'Consultant' }), null),
		expect: { emailSteps: 3, mentions: ['Tom'] },
	},
	{
		name: 'No role',
		request: request(contact('Aisha', 'Bello'), { name: 'Harbor Health', industry: 'Healthcare' }),
		expect: { mentions: ['Harbor Health'] },
	},
	{
		name: 'No company and no role',
		request: request(contact('Kim', 'Nguyen'), null),
		expect: { emailSteps: 3 },
	},
	{
		name: 'Non-ASCII name (Zoë Ørsted)',
		request: request(contact('Zoë', 'Ørsted', { role: 'VP Marketing' }), {
			name: 'Fjord Analytics ApS',
			industry: 'Marketing analytics',
		}),
		expect: { mentions: ['Zoë'] },
	},
	{
		name: 'Non-ASCII name (José Álvarez)',
		request: request(contact('José', 'Álvarez', { role: 'Director de Operaciones' }), {
			name: 'Transportes Álvarez S.A.',
			industry: 'Transportation',
		}),
		expect: { mentions: ['José', 'Transportes Álvarez'] },
	},
	{
		name: 'Long names everywhere, LinkedIn on',
		request: request(
			contact('Maximilian-Alexander', 'von Hohenzollern-Sigmaringen', {
				role: 'Senior Vice President of Global Revenue Operations',
			}),
			{
				name: 'International Consolidated Business Machines and Logistics Holdings GmbH',
				industry: 'Industrial manufacturing',
			},
			{ linkedin: true },
		),
		expect: { linkedInSteps: 2, mentions: ['Maximilian-Alexander'] },
	},
	{
		name: 'Shorter',
		request: request(
			contact('Nina', 'Petrova', { role: 'CFO' }),
			{ name: 'Orbit Bank', industry: 'Banking' },
			{
				instruction: 'Make it shorter',
			},
		),
		expect: { maxWordsPerEmail: 90 },
	},
	{
		name: 'Keep it brief, with a company summary',
		request: request(contact('Ravi', 'Shah', { role: 'Engineering Manager' }), acme, {
			instruction: 'Keep it brief please',
		}),
		expect: { maxWordsPerEmail: 90, mentions: ['Acme'] },
	},
	{
		name: 'Casual tone',
		request: request(
			contact('Jake', 'Miller', { role: 'Growth Lead' }),
			{ name: 'Pixelhaus', industry: 'Media' },
			{
				instruction: 'Make it casual',
			},
		),
		expect: { greeting: /^(hey|hi) jake\b/i },
	},
	{
		name: 'Schedule a call',
		request: request(
			contact('Emma', 'Dubois', { role: 'COO' }),
			{ name: 'Maison Verte', industry: 'Retail' },
			{
				instruction: 'Ask to schedule a call',
			},
		),
		expect: { includes: /\bcall\b/i },
	},
	{
		name: 'Social proof',
		request: request(
			contact('Oliver', 'Smith', { role: 'VP Sales' }),
			{ name: 'Brightwater', industry: 'SaaS' },
			{
				instruction: 'Add some social proof',
			},
		),
		expect: { includes: /300 companies|Brightline|Kestrel Logistics|onboarding/i },
	},
	{
		name: 'Social proof from another organization',
		request: request(
			contact('Grace', 'Kim', { role: 'Controller' }),
			{ name: 'Summit Foods', industry: 'Food manufacturing' },
			{
				organization: ledgerly,
				instruction: 'include social proof',
			},
		),
		expect: { includes: /120 finance teams|four days/i },
	},
	{
		name: 'Four emails',
		request: request(
			contact('Daniel', 'Cohen', { role: 'Head of IT' }),
			{ name: 'Cedar Schools', industry: 'Education' },
			{
				instruction: 'Write 4 emails',
			},
		),
		expect: { emailSteps: 4 },
	},
	{
		name: 'Two steps in words',
		request: request(
			contact('Fatima', 'Zahra', { role: 'Talent Acquisition Lead' }),
			{ name: 'Atlas Hiring' },
			{
				instruction: 'only two short steps',
			},
		),
		expect: { emailSteps: 2, maxWordsPerEmail: 90 },
	},
	{
		name: 'One email',
		request: request(
			contact('Hugo', 'Martin', { role: 'Owner' }),
			{ name: 'Martin Plumbing', industry: 'Construction' },
			{
				instruction: 'Just 1 email',
			},
		),
		expect: { emailSteps: 1 },
	},
	{
		name: 'Six emails, capped',
		request: request(
			contact('Ingrid', 'Berg', { role: 'CMO' }),
			{ name: 'Nordlys', industry: 'Energy' },
			{
				instruction: 'Write 9 emails',
			},
		),
		expect: { emailSteps: 6 },
	},
	{
		name: 'LinkedIn on',
		request: request(
			contact('Chen', 'Wei', { role: 'Data Platform Lead' }),
			{ name: 'Lumen AI', industry: 'Software' },
			{
				linkedin: true,
			},
		),
		expect: { linkedInSteps: 2, emailSteps: 3 },
	},
	{
		name: 'Phone call on',
		request: request(
			contact('Sofia', 'Rossi', { role: 'Head of Procurement' }),
			{ name: 'Rossi Meccanica', industry: 'Manufacturing' },
			{
				phoneCall: true,
			},
		),
		expect: { phoneCallSteps: 1, linkedInSteps: 0 },
	},
	{
		name: 'LinkedIn and phone call on',
		request: request(
			contact('Liam', "O'Connor", { role: 'Sales Director' }),
			{ name: 'Shamrock Insurance', industry: 'Insurance' },
			{
				linkedin: true,
				phoneCall: true,
			},
		),
		expect: { linkedInSteps: 2, phoneCallSteps: 1 },
	},
	{
		name: 'Organization prompt off',
		request: request(
			contact('Mia', 'Jensen', { role: 'Head of Marketing' }),
			{ name: 'Bloom Studio', industry: 'Advertising' },
			{
				useOrganizationPrompt: false,
			},
		),
		expect: { mentions: ['Bloom Studio'] },
	},
	{
		name: 'Rich contact: role details and pain points',
		request: request(
			contact('Noah', 'Williams', {
				role: 'VP Engineering',
				roleDetails: 'Leads 40 engineers across Berlin and Austin.',
				painPoints: 'Slow release cycles; too much on-call toil',
			}),
			{
				name: 'Quanta Pay',
				industry: 'Fintech',
				description: 'Quanta Pay runs card payments for marketplaces.',
			},
		),
		expect: { mentions: ['Noah', 'Quanta Pay'] },
	},
	{
		name: 'Legal suffix on the company name',
		request: request(contact('Ava', 'Brown', { role: 'CEO' }), {
			name: 'Brown & Sons, Inc.',
			industry: 'Real estate',
		}),
		expect: { mentions: ['Brown & Sons'] },
	},
	{
		name: 'Enterprise bank, formal',
		request: request(
			contact('Henry', 'Clarke', { role: 'Chief Information Security Officer' }),
			{
				name: 'Albion Bank',
				industry: 'Financial services',
				employeeCountRange: '10001+',
			},
			{ instruction: 'Keep it formal and professional' },
		),
		expect: { greeting: /^dear henry,/i },
	},
	{
		name: 'Casual and call together',
		request: request(
			contact('Ella', 'Turner', { role: 'Head of Partnerships' }),
			{ name: 'Gather', industry: 'Events' },
			{
				instruction: 'casual tone, and ask for a quick call',
			},
		),
		expect: { includes: /\bcall\b/i, greeting: /^(hey|hi) ella\b/i },
	},
	{
		name: 'Shorter with three emails',
		request: request(
			contact('Omar', 'Haddad', { role: 'Operations Manager' }),
			{ name: 'Cedar Freight', industry: 'Logistics' },
			{
				instruction: 'Three concise emails',
			},
		),
		expect: { emailSteps: 3, maxWordsPerEmail: 90 },
	},
	{
		name: 'Mention a topic',
		request: request(
			contact('Yuki', 'Tanaka', { role: 'Product Manager' }),
			{ name: 'Sakura Games', industry: 'Gaming' },
			{
				instruction: 'Mention our webinar on May 5',
			},
		),
		expect: { includes: /webinar on May 5/ },
	},
	{
		name: 'Hospital procurement, phone call',
		request: request(
			contact('Brigitte', 'Lefèvre', { role: 'Achats' }),
			{ name: 'Clinique Saint-Luc', industry: 'Hospital & health care' },
			{
				phoneCall: true,
			},
		),
		expect: { phoneCallSteps: 1, mentions: ['Brigitte', 'Clinique Saint-Luc'] },
	},
	{
		name: 'Education, company description only',
		request: request(contact('Peter', 'Novak', { role: 'Principal' }), {
			name: 'Riverside Academy',
			description: 'Riverside Academy is a private school for 900 students.',
		}),
		expect: { mentions: ['Riverside Academy'] },
	},
	{
		name: 'Recruiter, LinkedIn, short',
		request: request(
			contact('Sara', 'Lindqvist', { role: 'Recruiter' }),
			{ name: 'Talentum', industry: 'Staffing' },
			{
				linkedin: true,
				instruction: 'shorter please',
			},
		),
		expect: { linkedInSteps: 2, maxWordsPerEmail: 90 },
	},
	// Issue 19: notes written about the contact in the third person, pain points that do not fit
	// what the organization sells, and facts that begin with "Our".
	{
		name: 'Operations notes in the third person (issue 19)',
		request: request(
			contact('Karin', 'Holm', {
				role: 'Head of Operations',
				roleDetails: 'Runs operations; recently announced a new warehouse in Gothenburg',
				painPoints: 'Staffing their new Gothenburg warehouse; carrier invoices checked by hand',
			}),
			{
				name: 'Nordhaven Logistics AB',
				industry: 'Logistics',
				summary: 'Nordhaven Logistics runs cold-chain storage across Scandinavia.',
			},
		),
		expect: { mentions: ['Karin', 'Nordhaven Logistics'] },
	},
	{
		name: 'A pain point that fits the offer',
		request: request(
			contact('Rosa', 'Medina', {
				role: 'Head of Business Development',
				roleDetails: 'She manages a team of 12 SDRs in Madrid.',
				painPoints: 'Reps lose hours to manual prospecting; low reply rates on cold email',
			}),
			{ name: 'Tessera Cloud', industry: 'Software' },
		),
		expect: { mentions: ['Rosa', 'Tessera Cloud'], includes: /prospecting/i },
	},
	{
		name: 'Founder notes and a finance pain, with proof that begins with "Our"',
		request: request(
			contact('Jonas', 'Weber', {
				role: 'Founder',
				roleDetails: 'He founded the company in 2015 and still signs every invoice himself.',
				painPoints: 'Month-end close drags on for two weeks; his team lives in spreadsheets',
			}),
			{ name: 'Weber Werkzeuge GmbH', industry: 'Manufacturing' },
			{
				organization: {
					name: 'Ledgerly',
					summary: 'Ledgerly automates month-end close for mid-size finance teams.',
					description: 'Our customers close their books in three days. We are trusted by 80 finance teams.',
					passages: [],
				},
				instruction: 'add social proof',
			},
		),
		expect: { mentions: ['Jonas', 'Weber Werkzeuge'], includes: /three days|80 finance teams/ },
	},
	{
		name: 'Engineering notes that do not fit an outreach product',
		request: request(
			contact('Mateo', 'Ruiz', {
				role: 'Head of Platform',
				roleDetails: 'Oversees the Kubernetes migration and the on-call rotation.',
				painPoints: 'Kubernetes upgrades; noisy alerts at night',
			}),
			{
				name: 'Cobalt Systems',
				industry: 'Cloud infrastructure',
				description: 'Cobalt Systems hosts data pipelines for retailers. Their new region opened in Madrid.',
			},
		),
		expect: { mentions: ['Mateo', 'Cobalt Systems'] },
	},
	{
		name: 'Single-letter surname and hyphenated company',
		request: request(contact('Ana', 'B', { role: 'Sales Manager' }), {
			name: 'Tri-State Supply',
			industry: 'Wholesale',
		}),
		expect: { mentions: ['Ana', 'Tri-State Supply'] },
	},
]
