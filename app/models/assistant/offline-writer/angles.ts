import { type NonEmpty } from './picker.ts'

export type Angle = {
	audience: string
	focus: string
	outcome: string
	questions: NonEmpty<string>
	/** What an organization must sell for the outcome and questions to be ours to promise. */
	sells: RegExp
}

// The role decides what the email is about: a CTO hears about engineering time, sales about pipeline.
export const ANGLES: Array<{ match: RegExp; angle: Angle }> = [
	{
		match:
			/\b(cto|cio|ciso|engineer\w*|technical|technology|developer|architect|it|data|security|devops|platform)\b/i,
		angle: {
			audience: 'engineering leaders',
			sells: /engineer|developer|devops|infrastructure|platform|tooling|\bapi|\bcode|deploy|integration/i,
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
			sells: /outbound|outreach|prospect|pipeline|meeting|\bleads?\b|\bcrm\b|sales|repl(y|ies)/i,
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
			sells: /marketing|campaign|demand|outbound|outreach|content|brand|\bseo\b|advertis/i,
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
			sells: /./,
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
			sells: /operation|workflow|process|logistic|supply|automat|handoff|inventory|warehouse/i,
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
			sells: /financ|accounting|month-end|close|invoice|spend|reconcil|payroll|expense/i,
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
			sells: /hiring|recruit|talent|\bhr\b|candidate|onboarding/i,
			focus: 'hiring',
			outcome: 'faster hiring with less back-and-forth',
			questions: [
				'How many open roles is your team carrying right now?',
				'What slows your hiring down the most today?',
			],
		},
	},
]
export const GENERAL_ANGLE: Angle = {
	audience: 'teams',
	sells: /outbound|outreach|prospect|meeting|conversation|sales/i,
	focus: 'outreach',
	outcome: 'more conversations with the right people, with less manual work',
	questions: [
		'How does your team handle this today?',
		'Is this something on your list for the coming months?',
	],
}

// The industry adds what that kind of company worries about.
export const INDUSTRY_CONCERNS: Array<[RegExp, string]> = [
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
