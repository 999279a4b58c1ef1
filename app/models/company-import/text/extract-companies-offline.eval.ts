import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { companySlug } from '#app/models/company/company-slug.ts'
import { type ImportedCompany } from '#app/schemas/company-import.ts'
import { hostOfWebsite, linkedinCompany } from './company-web-address.ts'
import { extractCompaniesOffline } from './extract-companies-offline.ts'

// The offline extractor's evaluation over tests/fixtures/company-text/ (decision 027): each
// <case>.txt with the companies a careful person would list in <case>.expected.json.

export type ExpectedCompany = { name: string; website?: string; linkedinUrl?: string }

export type CaseScore = {
	name: string
	expected: number
	found: number
	matched: number
	/** Expected websites/LinkedIn URLs that came out exactly so. */
	addressesRight: number
	addressesExpected: number
	/** Matched companies whose name came out as the expected one (case, spaces and punctuation aside). */
	namesRight: number
	missed: string[]
	extra: string[]
}

const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/company-text')

export function loadCases() {
	return readdirSync(FIXTURES)
		.filter((file) => file.endsWith('.txt'))
		.sort()
		.map((file) => {
			const name = file.slice(0, -'.txt'.length)
			return {
				name,
				text: readFileSync(path.join(FIXTURES, file), 'utf8'),
				expected: JSON.parse(
					readFileSync(path.join(FIXTURES, `${name}.expected.json`), 'utf8'),
				) as ExpectedCompany[],
			}
		})
}

/** The same company: same domain, same LinkedIn slug, or the same name (ignoring case, punctuation and spaces). */
export function sameCompany(found: ImportedCompany, expected: ExpectedCompany) {
	const foundHost = hostOfWebsite(found.website)
	if (foundHost && expected.website && foundHost === hostOfWebsite(expected.website)) return true
	const foundSlug = found.linkedinUrl ? linkedinCompany(found.linkedinUrl)?.slug : null
	if (foundSlug && expected.linkedinUrl && foundSlug === linkedinCompany(expected.linkedinUrl)?.slug)
		return true
	return Boolean(found.name) && compactName(found.name!) === compactName(expected.name)
}

function compactName(name: string) {
	return companySlug(name).replace(/-/g, '')
}

export function scoreCase(name: string, text: string, expected: ExpectedCompany[]): CaseScore {
	const { companies } = extractCompaniesOffline(text)
	const used = new Set<number>()
	let addressesRight = 0
	let addressesExpected = 0
	let namesRight = 0
	const missed: string[] = []
	for (const want of expected) {
		const index = companies.findIndex((company, i) => !used.has(i) && sameCompany(company, want))
		if (want.website) addressesExpected++
		if (want.linkedinUrl) addressesExpected++
		if (index < 0) {
			missed.push(want.name)
			continue
		}
		used.add(index)
		const got = companies[index]!
		if (got.name && compactName(got.name) === compactName(want.name)) namesRight++
		if (want.website && hostOfWebsite(got.website) === hostOfWebsite(want.website)) addressesRight++
		if (want.linkedinUrl && got.linkedinUrl === want.linkedinUrl) addressesRight++
	}
	return {
		name,
		expected: expected.length,
		found: companies.length,
		matched: used.size,
		addressesRight,
		addressesExpected,
		namesRight,
		missed,
		extra: companies.filter((_company, index) => !used.has(index)).map((company) => company.name ?? '?'),
	}
}

export function evaluate() {
	const cases = loadCases().map(({ name, text, expected }) => scoreCase(name, text, expected))
	const sum = (pick: (score: CaseScore) => number) => cases.reduce((total, score) => total + pick(score), 0)
	return {
		cases,
		precision:
			sum((score) => score.matched) /
			Math.max(
				1,
				sum((score) => score.found),
			),
		recall:
			sum((score) => score.matched) /
			Math.max(
				1,
				sum((score) => score.expected),
			),
		nameAccuracy:
			sum((score) => score.namesRight) /
			Math.max(
				1,
				sum((score) => score.matched),
			),
		addressAccuracy:
			sum((score) => score.addressesRight) /
			Math.max(
				1,
				sum((score) => score.addressesExpected),
			),
	}
}
