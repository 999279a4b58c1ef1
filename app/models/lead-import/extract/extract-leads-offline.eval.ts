import { type ExtractedLead } from '#app/schemas/lead-import.ts'
import { extractLeadsFromCsv } from './extract-leads-from-csv.ts'
import { extractLeadsFromPage } from './extract-leads-from-page.ts'
import { extractLeadsFromText } from './extract-leads-from-text.ts'
import { type ExpectedLead, LEAD_CASES, type LeadCase } from './lead-extraction-cases.ts'
import { nameKey } from './merge-leads.ts'

// Scores the offline extractors over lead-extraction-cases.ts (decision 034). A found lead matches
// an expected one by full name (accents, case and punctuation aside); the split into first, middle
// and last name and every field the case states are then scored exactly.

const SCORED_FIELDS = ['email', 'phone', 'linkedin', 'role', 'companyName'] as const

export type CaseScore = {
	name: string
	expected: number
	found: number
	matched: number
	fieldsExpected: number
	fieldsRight: number
	splitsRight: number
	missed: string[]
	extra: string[]
	wrong: string[]
}

export function extractCase(testCase: LeadCase): ExtractedLead[] {
	if (testCase.kind === 'csv')
		return extractLeadsFromCsv(new TextEncoder().encode(testCase.input), testCase.instructions).leads
	if (testCase.kind === 'page')
		return extractLeadsFromPage(testCase.input, testCase.url, testCase.instructions).leads
	return extractLeadsFromText(testCase.input, testCase.instructions).leads
}

function fullKey(lead: ExpectedLead | ExtractedLead) {
	return nameKey({ firstName: lead.firstName, middleName: lead.middleName ?? null, lastName: lead.lastName })
}

export function scoreCase(testCase: LeadCase): CaseScore {
	const found = extractCase(testCase)
	const score: CaseScore = {
		name: testCase.name,
		expected: testCase.expected.length,
		found: found.length,
		matched: 0,
		fieldsExpected: 0,
		fieldsRight: 0,
		splitsRight: 0,
		missed: [],
		extra: [],
		wrong: [],
	}
	const unmatched = new Set(found)
	for (const expected of testCase.expected) {
		const lead = [...unmatched].find((candidate) => fullKey(candidate) === fullKey(expected))
		if (!lead) {
			score.missed.push(`${expected.firstName} ${expected.lastName}`)
			continue
		}
		unmatched.delete(lead)
		score.matched++
		if (lead.firstName === expected.firstName && lead.lastName === expected.lastName) score.splitsRight++
		else
			score.wrong.push(
				`${expected.firstName} ${expected.lastName}: split ${lead.firstName} | ${lead.middleName ?? ''} | ${lead.lastName}`,
			)
		for (const field of SCORED_FIELDS) {
			if (!(field in expected)) continue
			score.fieldsExpected++
			if ((lead[field] ?? null) === (expected[field] ?? null)) score.fieldsRight++
			else
				score.wrong.push(
					`${expected.firstName} ${expected.lastName}: ${field} ${JSON.stringify(lead[field])} ≠ ${JSON.stringify(expected[field])}`,
				)
		}
	}
	score.extra = [...unmatched].map((lead) =>
		[lead.firstName, lead.middleName, lead.lastName].filter(Boolean).join(' '),
	)
	return score
}

export function evaluateLeadExtraction(cases: LeadCase[] = LEAD_CASES) {
	const scores = cases.map(scoreCase)
	const sum = (pick: (score: CaseScore) => number) => scores.reduce((total, score) => total + pick(score), 0)
	const found = sum((score) => score.found)
	const expected = sum((score) => score.expected)
	const matched = sum((score) => score.matched)
	return {
		cases: scores,
		precision: found ? matched / found : 1,
		recall: expected ? matched / expected : 1,
		nameSplitAccuracy: matched ? sum((score) => score.splitsRight) / matched : 1,
		fieldAccuracy: sum((score) => score.fieldsExpected)
			? sum((score) => score.fieldsRight) / sum((score) => score.fieldsExpected)
			: 1,
		perfectCases: scores.filter((score) => !score.missed.length && !score.extra.length && !score.wrong.length)
			.length,
	}
}
