import { afterEach, describe, expect, test } from 'vitest'
import { runContactSearch } from '#app/models/contact-search/run-contact-search.server.ts'
import { candidate, type CandidateSource } from '#app/models/contact-search/sources/candidate-source.ts'
import { type ContactSearchPayload } from '#app/models/contact-search/start-contact-search.server.ts'
import { action as startAction } from '#app/routes/_app+/lead-scraper.new.tsx'
import { CONTACT_SEARCH_MESSAGES, type ContactSearchJobResult } from '#app/schemas/contact-search.ts'
import { prisma } from '#app/utils/db.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// The lead scraper's company mode (issue 15) through /lead-scraper/new: a CSV of companies starts
// a bulk contact search per file; a "Looking for" column gives each company its own role prompt,
// which the job searches and ranks with; without a role prompt the looking-for text is required.

delete process.env.OPENAI_API_KEY

afterEach(async () => {
	await stopEventHub()
})

function start(cookie: string, form: FormData) {
	return callRoute(() =>
		startAction({
			request: makeRequest('/lead-scraper/new', { method: 'POST', cookie, form }),
			params: {},
			context: {},
		}),
	)
}

function companyForm(files: Array<{ name: string; csv: string }>, fields: Record<string, string>) {
	const form = new FormData()
	form.set('source', 'COMPANIES')
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	for (const file of files) form.append('companyFile', new File([file.csv], file.name, { type: 'text/csv' }))
	return form
}

const WITH_PROMPTS = [
	'Company,Website,Looking for',
	'Acme Robotics,acme.example,Head of Sales or VP Revenue',
	'Globex,globex.example,CTO or Head of Engineering',
].join('\n')
const WITHOUT_PROMPTS = ['Company,Website', 'Acme Robotics,acme.example', 'Globex,globex.example'].join('\n')

async function payloadOf(queueableId: string) {
	const row = await prisma.queueable.findUniqueOrThrow({ where: { id: queueableId } })
	return row.payload as unknown as ContactSearchPayload
}

describe('starting', () => {
	test('the plain form: a file with a role prompt column needs no looking-for; its results open', async () => {
		const owner = await createSignedInUser()
		const answer = await start(
			owner.cookie,
			companyForm([{ name: 'targets.csv', csv: WITH_PROMPTS }], { topX: '3' }),
		)
		expect(answer.status).toBe(302)
		const search = await prisma.queueable.findFirstOrThrow({
			where: { organizationId: owner.organization.id, type: 'contact_search' },
		})
		expect(answer.headers.get('Location')).toBe(`/contact-search/${search.id}`)
		const payload = await payloadOf(search.id)
		expect(payload).toMatchObject({ mode: 'bulk', topX: 3, lookingFor: '' })
		expect(payload.companies.map((company) => [company.name, company.lookingFor])).toEqual([
			['Acme Robotics', 'Head of Sales or VP Revenue'],
			['Globex', 'CTO or Head of Engineering'],
		])
	})

	test('the dialog: one search per file, answered with the searches; the looking-for covers files without prompts', async () => {
		const owner = await createSignedInUser()
		const answer = await start(
			owner.cookie,
			companyForm(
				[
					{ name: 'a.csv', csv: WITH_PROMPTS },
					{ name: 'b.csv', csv: WITHOUT_PROMPTS },
				],
				{ mode: 'dialog', lookingFor: 'Marketing leaders', topX: '5' },
			),
		)
		expect(answer.status).toBe(200)
		expect(answer.body).toMatchObject({ companies: 4, estimatedTime: expect.any(String) })
		const [first, second] = answer.body.searches as Array<{ queueableId: string }>
		expect((await payloadOf(first!.queueableId)).companies[0]).toMatchObject({
			lookingFor: 'Head of Sales or VP Revenue',
		})
		const plain = await payloadOf(second!.queueableId)
		expect(plain.lookingFor).toBe('Marketing leaders')
		expect(plain.companies.every((company) => !company.lookingFor)).toBe(true)
	})
})

describe('refusals', () => {
	test('no role prompt and no looking-for: the spec’s message, nothing started', async () => {
		const owner = await createSignedInUser()
		const answer = await start(
			owner.cookie,
			companyForm([{ name: 'plain.csv', csv: WITHOUT_PROMPTS }], { topX: '5', mode: 'dialog' }),
		)
		expect(answer.status).toBe(400)
		expect(answer.body.result.error.lookingFor).toEqual([CONTACT_SEARCH_MESSAGES.rolePromptOrLookingFor])
		expect(await prisma.queueable.count({ where: { organizationId: owner.organization.id } })).toBe(0)
	})

	test('no file, more than 20 per company: the messages by field', async () => {
		const owner = await createSignedInUser()
		const answer = await start(owner.cookie, companyForm([], { topX: '21', lookingFor: 'CTO' }))
		expect(answer.status).toBe(400)
		expect(answer.body.result.error).toMatchObject({
			companyFile: ['No file selected'],
			topX: [CONTACT_SEARCH_MESSAGES.topPerCompanyTooMany],
		})
	})

	test('a file with no company names is refused by name', async () => {
		const owner = await createSignedInUser()
		const answer = await start(
			owner.cookie,
			companyForm([{ name: 'empty.csv', csv: 'Company,Website\n,acme.example\n' }], {
				lookingFor: 'CTO',
				topX: '2',
			}),
		)
		expect(answer.status).toBe(400)
		expect(answer.body.result.error.companyFile[0]).toMatch(/^empty\.csv: /)
	})
})

test('the job searches and ranks each company for its own role prompt, and the result says so', async () => {
	const owner = await createSignedInUser()
	const answer = await start(
		owner.cookie,
		companyForm([{ name: 'targets.csv', csv: WITH_PROMPTS }], { topX: '1' }),
	)
	const search = await prisma.queueable.findFirstOrThrow({
		where: { organizationId: owner.organization.id, type: 'contact_search' },
	})
	expect(answer.status).toBe(302)
	const askedFor: string[] = []
	// Both companies have a sales head and an engineering head: the prompt decides who is first.
	const people: CandidateSource = {
		name: 'fixture',
		async find(company, context) {
			askedFor.push(`${company.name}: ${context.lookingFor}`)
			return [
				{ key: `${company.name}-s`, name: 'Sam Seller', role: 'VP Revenue' },
				{ key: `${company.name}-e`, name: 'Eve Engineer', role: 'Chief Technology Officer (CTO)' },
			].map((person) =>
				candidate({
					key: person.key,
					source: 'LEADS',
					firstName: person.name.split(' ')[0]!,
					lastName: person.name.split(' ')[1]!,
					role: person.role,
					companyName: company.name,
				}),
			)
		},
	}
	await runContactSearch(search.id, { sources: [people] })
	expect(askedFor.sort()).toEqual([
		'Acme Robotics: Head of Sales or VP Revenue',
		'Globex: CTO or Head of Engineering',
	])
	const done = await prisma.queueable.findUniqueOrThrow({ where: { id: search.id } })
	expect(done.status).toBe('COMPLETED')
	const result = done.result as unknown as ContactSearchJobResult
	expect(
		result.results.map((company) => [company.companyName, company.lookingFor, company.topContacts[0]?.role]),
	).toEqual([
		['Acme Robotics', 'Head of Sales or VP Revenue', 'VP Revenue'],
		['Globex', 'CTO or Head of Engineering', 'Chief Technology Officer (CTO)'],
	])
})
