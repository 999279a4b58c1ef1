import { companySlug } from '#app/models/company/company-slug.ts'
import { singularize } from '#app/models/company-import/filter/filter-vocabulary.ts'
import { type ExtractedLead } from '#app/schemas/lead-import.ts'
import { hasRoleWord } from './lead-words.ts'

// The user's "additional instructions" without a model: an instruction that reads as a role or a
// company filter narrows the leads ("only engineers", "only people at Acme", "CTOs or founders",
// "exclude interns", "sales people at Globex or Initech"); anything else is left to the model, and
// the user is told it was not applied. Roles match the lead's role and role details, by word start
// and a few synonym groups (engineers ≈ developers; C-level = CEO, CTO, …); companies by slug.

export const LEAD_INSTRUCTION_MESSAGES = {
	notApplied: 'The instructions could not be applied without the AI model, so all leads are shown',
	noMatch: 'No lead matched the instructions, so all leads are shown',
} as const

export type LeadFilter = { roles: string[]; excludedRoles: string[]; companies: string[] }

const ENGINEERS = ['engineer', 'developer', 'programmer', 'sre', 'devops', 'architect', 'ingenieur', 'ingénieur', 'entwickler', 'ingeniero', 'desarrollador', 'développeur'] // prettier-ignore
const EXECUTIVES = ['ceo', 'cto', 'cfo', 'coo', 'cmo', 'cio', 'cro', 'cpo', 'chief', 'president', 'founder', 'co-founder', 'cofounder', 'managing director', 'geschäftsführer', 'owner'] // prettier-ignore
const DECISION_MAKERS = [...EXECUTIVES, 'vp', 'vice president', 'director', 'head', 'partner']

const SYNONYMS: Record<string, string[]> = {
	engineer: ENGINEERS,
	developer: ENGINEERS,
	engineering: [...ENGINEERS, 'engineering', 'cto'],
	founder: ['founder', 'co-founder', 'cofounder', 'gründer', 'fondateur', 'fundador', 'owner'],
	'c-level': EXECUTIVES,
	'c-suite': EXECUTIVES,
	cxo: EXECUTIVES,
	executive: EXECUTIVES,
	exec: EXECUTIVES,
	'decision maker': DECISION_MAKERS,
	leadership: DECISION_MAKERS,
	leader: DECISION_MAKERS,
	'senior leader': DECISION_MAKERS,
	marketing: ['marketing', 'cmo', 'growth', 'brand'],
	marketer: ['marketing', 'cmo', 'growth', 'marketer'],
	sale: ['sales', 'account executive', 'sdr', 'bdr', 'cro', 'business development', 'vertrieb'],
	seller: ['sales', 'account executive', 'sdr', 'bdr'],
	hr: ['hr', 'human resources', 'people', 'talent', 'recruit'],
	'human resource': ['hr', 'human resources', 'people', 'talent', 'recruit'],
	recruiter: ['recruit', 'talent'],
	finance: ['finance', 'cfo', 'accountant', 'controller', 'financial'],
	designer: ['design', 'ux', 'ui'],
	design: ['design', 'ux', 'ui'],
	ceo: ['ceo', 'chief executive'],
	cto: ['cto', 'chief technology', 'chief technical'],
	cfo: ['cfo', 'chief financial'],
	cmo: ['cmo', 'chief marketing'],
	coo: ['coo', 'chief operating'],
	vp: ['vp', 'vice president', 'svp', 'evp'],
}

const FILLER = new Set(
	(
		'only just keep find extract get show include list return give me us all the people persons person ' +
		'contacts contact leads lead who whose are is were with role roles title titles job jobs that in of ' +
		'a an any working work works as please from employee employees staff members member folks someone ' +
		'anyone those them ones'
	).split(' '),
)
const COMPANY_RE =
	/\b(?:who work at|working at|works at|employed at|employees of|at|bei|chez|from company|of company)\s+([^.;\n]+)/i
const EXCLUDE_RE = /\b(?:exclude|excluding|except|without|no|not|skip|ignore|remove|but not)\s+([^.;\n]+)/i
const LIST_SPLIT_RE = /\s*(?:,|\/|\bor\b|\band\b|&|\+)\s*/i

/** "Nurses" → "nurse", "CTOs" → "cto", "sales" → "sale" (a synonym key): the form roles are matched by. */
function singular(word: string) {
	const candidate = singularize(word)
	if (candidate in SYNONYMS || hasRoleWord(candidate)) return candidate
	return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word
}

function terms(phrase: string) {
	return (
		phrase
			.toLowerCase()
			.split(LIST_SPLIT_RE)
			.map((part) =>
				part
					.split(/\s+/)
					.filter((word) => word && !FILLER.has(word))
					.map((word) => singular(word.replace(/[^\p{L}\p{N}&-]/gu, '')))
					.filter(Boolean)
					.join(' '),
			)
			.filter((term) => term.length >= 2 && term.split(' ').length <= 4)
			// Only what names a role: "these are speakers from the summit" states no filter.
			.filter((term) => term in SYNONYMS || hasRoleWord(term))
	)
}

/** The filter an instruction states, or null when it states none this code understands. */
export function readLeadInstructions(instructions: string | null | undefined): LeadFilter | null {
	const filter: LeadFilter = { roles: [], excludedRoles: [], companies: [] }
	for (const clause of (instructions ?? '').split(/[.;\n]+/)) {
		let text = clause.trim()
		if (!text || text.length > 300) continue
		const excluded = EXCLUDE_RE.exec(text)
		if (excluded) {
			filter.excludedRoles.push(...terms(excluded[1]!))
			text = text.slice(0, excluded.index)
		}
		const company = COMPANY_RE.exec(text)
		if (company) {
			filter.companies.push(
				...company[1]!
					.split(/\s*(?:,|\bor\b|\band\b)\s*/i)
					.map((name) => name.trim())
					.filter((name) => name.length >= 2),
			)
			text = text.slice(0, company.index)
		}
		filter.roles.push(...terms(text))
	}
	const understood = filter.roles.length + filter.excludedRoles.length + filter.companies.length > 0
	return understood ? filter : null
}

function wordStartRe(term: string) {
	const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
	// Short terms (vp, hr, cto) only as whole words; longer ones also start a word ("engineer" → "engineering").
	const end = term.length <= 3 ? '(?![\\p{L}\\p{N}])' : ''
	return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}${end}`, 'iu')
}

function roleMatchers(roles: string[]) {
	return roles.flatMap((role) => (SYNONYMS[role] ?? [role]).map(wordStartRe))
}

export function applyLeadInstructions(
	leads: ExtractedLead[],
	instructions: string | null | undefined,
): { leads: ExtractedLead[]; warnings: string[] } {
	if (!instructions?.trim() || leads.length === 0) return { leads, warnings: [] }
	const filter = readLeadInstructions(instructions)
	if (!filter) return { leads, warnings: [LEAD_INSTRUCTION_MESSAGES.notApplied] }
	const wanted = roleMatchers(filter.roles)
	const unwanted = roleMatchers(filter.excludedRoles)
	const companies = filter.companies.map((name) => companySlug(name).replace(/-/g, ''))
	const kept = leads.filter((lead) => {
		const roleText = [lead.role, lead.roleDetails].filter(Boolean).join(' ')
		if (wanted.length && !wanted.some((re) => re.test(roleText))) return false
		if (unwanted.some((re) => re.test(roleText))) return false
		if (!companies.length) return true
		const company = lead.companyName ? companySlug(lead.companyName).replace(/-/g, '') : ''
		return Boolean(company) && companies.some((name) => company.includes(name))
	})
	if (!kept.length) return { leads, warnings: [LEAD_INSTRUCTION_MESSAGES.noMatch] }
	return { leads: kept, warnings: [] }
}
