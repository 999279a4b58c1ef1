import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { dedupeCandidates } from '#app/models/contact-search/dedupe-candidates.ts'
import { gatherCandidates } from '#app/models/contact-search/gather-candidates.server.ts'
import { type SearchCompany } from '#app/models/contact-search/sources/candidate-source.ts'
import { linkedinPeopleSource } from '#app/models/contact-search/sources/linkedin-people-source.server.ts'
import { organizationRecordsSource } from '#app/models/contact-search/sources/organization-records-source.server.ts'
import { peopleDataSource } from '#app/models/contact-search/sources/people-data-source.server.ts'
import { encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { type FakeLinkedIn, startFakeLinkedIn } from '#tests/fakes/linkedin-server.ts'
import { type FakePeopleData, startFakePeopleData } from '#tests/fakes/people-data-server.ts'

// The candidate sources (issue 15, decision 037): the organization's contacts (by company id,
// website domain, LinkedIn company page) and earlier leads; LinkedIn's people search through the
// user's session (the fake LinkedIn); the people-data provider (its fake), retried on 429 and
// failing with a reason after timeouts; de-duplication across sources and saved contacts marked.

let linkedin: FakeLinkedIn
let provider: FakePeopleData

beforeAll(async () => {
	linkedin = await startFakeLinkedIn()
	provider = await startFakePeopleData()
	process.env.LINKEDIN_API_BASE_URL = linkedin.baseUrl
	process.env.PEOPLE_DATA_BASE_URL = provider.baseUrl
	process.env.PEOPLE_DATA_API_KEY = provider.apiKey
	process.env.CONTACT_SEARCH_RETRY_BASE_MS = '10'
	process.env.CONTACT_SEARCH_SOURCE_TIMEOUT_MS = '400'
	resetEnvCache()
})
afterAll(async () => {
	await linkedin.close()
	await provider.close()
	for (const key of [
		'LINKEDIN_API_BASE_URL',
		'PEOPLE_DATA_BASE_URL',
		'PEOPLE_DATA_API_KEY',
		'CONTACT_SEARCH_RETRY_BASE_MS',
		'CONTACT_SEARCH_SOURCE_TIMEOUT_MS',
	])
		delete process.env[key]
	resetEnvCache()
})
beforeEach(() => {
	provider.failNext(0)
	provider.setDelayMs(0)
})

const context = (organizationId: string, userId: string | null = null) => ({
	organizationId,
	userId,
	lookingFor: 'CTO',
	limit: 50,
})

async function connectLinkedIn(userId: string) {
	const { cookie, csrfToken } = linkedin.me
	await prisma.user.update({
		where: { id: userId },
		data: {
			linkedinConnectedAt: new Date(),
			linkedinAuthEncrypted: encrypt(JSON.stringify({ cookie, csrfToken })),
		},
	})
}

test('own records: contacts by company id, by website domain, by LinkedIn company page; earlier leads; nothing of another organization', async () => {
	const owner = await createSignedInUser()
	const other = await createSignedInUser()
	const organizationId = owner.organization.id
	const acme = await prisma.company.create({
		data: {
			organizationId,
			name: 'Acme Anvils',
			slug: 'acme-anvils',
			description: '',
			website: 'https://www.acme.test',
		},
	})
	const acmeEurope = await prisma.company.create({
		data: {
			organizationId,
			name: 'Acme Europe',
			slug: 'acme-europe',
			description: '',
			linkedinUrl: 'https://www.linkedin.com/company/acme-anvils/',
		},
	})
	await prisma.contact.createMany({
		data: [
			{ organizationId, firstName: 'By', lastName: 'Id', companyId: acme.id, role: 'CTO' },
			{ organizationId, firstName: 'By', lastName: 'Domain', email: 'Dom@EU.acme.test' },
			{ organizationId, firstName: 'By', lastName: 'Page', companyId: acmeEurope.id },
			{ organizationId, firstName: 'Not', lastName: 'There', email: 'x@elsewhere.test' },
			{
				organizationId: other.organization.id,
				firstName: 'Their',
				lastName: 'Secret',
				email: 'secret@acme.test',
			},
		],
	})
	await prisma.leadImport.create({
		data: {
			organizationId,
			source: 'TEXT',
			state: 'READY',
			name: 'Pasted text',
			leads: {
				create: [
					{
						position: 0,
						firstName: 'Lead',
						lastName: 'ByName',
						companyName: 'acme anvils',
						role: 'VP Sales',
					},
					{ position: 1, firstName: 'Lead', lastName: 'ByEmail', email: 'lead@acme.test' },
					{ position: 2, firstName: 'Lead', lastName: 'Elsewhere', companyName: 'Globex' },
				],
			},
		},
	})
	await prisma.leadImport.create({
		data: {
			organizationId: other.organization.id,
			source: 'TEXT',
			state: 'READY',
			name: 'Theirs',
			leads: { create: [{ position: 0, firstName: 'Their', lastName: 'Lead', companyName: 'Acme Anvils' }] },
		},
	})
	const company: SearchCompany = {
		id: acme.id,
		name: 'Acme Anvils',
		description: null,
		website: 'https://www.acme.test',
		linkedinUrl: 'https://www.linkedin.com/company/acme-anvils',
		logoUrl: null,
	}
	const found = await organizationRecordsSource.find(company, context(organizationId))
	const names = found.map((c) => `${c.firstName} ${c.lastName} ${c.source}`).sort()
	expect(names).toEqual([
		'By Domain CONTACTS',
		'By Id CONTACTS',
		'By Page CONTACTS',
		'Lead ByEmail LEADS',
		'Lead ByName LEADS',
	])
	for (const c of found.filter((c) => c.source === 'CONTACTS')) expect(c.existingContactId).toBeTruthy()
	expect(new Set(found.map((c) => c.key)).size).toBe(found.length)
})

test('LinkedIn: the company’s people through the user’s session; skipped with a note when not connected', async () => {
	const owner = await createSignedInUser()
	for (let i = 0; i < 13; i++) {
		linkedin.addPerson({
			username: `initech-${i}`,
			firstName: `Person${i}`,
			lastName: 'Initech',
			headline: i === 0 ? 'CTO at Initech' : 'Engineer',
			company: 'initech',
			location: 'Austin, Texas',
		})
	}
	linkedin.addPerson({ username: 'not-initech', firstName: 'Other', lastName: 'Co', company: 'globex' })
	const company: SearchCompany = {
		id: null,
		name: 'Initech',
		description: null,
		website: null,
		linkedinUrl: 'https://www.linkedin.com/company/initech',
		logoUrl: null,
	}
	await expect(
		linkedinPeopleSource.find(company, context(owner.organization.id, owner.user.id)),
	).rejects.toThrow('No LinkedIn account connected')
	await connectLinkedIn(owner.user.id)
	const found = await linkedinPeopleSource.find(company, context(owner.organization.id, owner.user.id))
	expect(found).toHaveLength(13)
	expect(found[0]).toMatchObject({
		source: 'LINKEDIN',
		firstName: 'Person0',
		lastName: 'Initech',
		role: 'CTO at Initech',
		location: 'Austin, Texas',
		linkedinUrl: 'https://www.linkedin.com/in/initech-0',
	})
	// Two pages of 10, with the company's universal name as the filter.
	const searches = linkedin.received.filter((r) => r.path === '/voyager/api/graphql')
	expect(searches.length).toBeGreaterThanOrEqual(2)
	expect(searches[0]!.query.variables).toContain('currentCompany')

	// By name alone (no company page): the keywords find them too.
	const byName = await linkedinPeopleSource.find(
		{ ...company, linkedinUrl: null },
		{ ...context(owner.organization.id, owner.user.id), limit: 5 },
	)
	expect(byName).toHaveLength(5)

	// Rate limited once: retried, then found.
	linkedin.rateLimit(linkedin.me.liAt, 1)
	const retried = await linkedinPeopleSource.find(company, {
		...context(owner.organization.id, owner.user.id),
		limit: 3,
	})
	expect(retried).toHaveLength(3)

	// An expired session fails the source with a reason, at once.
	linkedin.failNext(5, 503)
	await expect(
		linkedinPeopleSource.find(company, { ...context(owner.organization.id, owner.user.id), limit: 3 }),
	).rejects.toThrow(/LinkedIn did not answer/)
	linkedin.failNext(0)
})

test('people-data provider: by the website’s domain; a 429 then success is retried; timeouts fail the source with a reason', async () => {
	const owner = await createSignedInUser()
	provider.addPeople('hooli.test', [
		{
			first_name: 'Gavin',
			last_name: 'Belson',
			title: 'CEO',
			email: 'Gavin@hooli.test',
			linkedin_url: 'http://linkedin.com/in/gavin/',
			city: 'Palo Alto',
			country: 'United States',
		},
		{ first_name: 'Big', last_name: 'Head', title: 'Innovation Lead', email: null, linkedin_url: null },
	])
	const company: SearchCompany = {
		id: null,
		name: 'Hooli',
		description: null,
		website: 'https://hooli.test/about',
		linkedinUrl: null,
		logoUrl: null,
	}
	provider.failNext(1, 429)
	const found = await peopleDataSource.find(company, context(owner.organization.id))
	expect(found.map((c) => c.lastName)).toEqual(['Belson', 'Head'])
	expect(found[0]).toMatchObject({
		source: 'PROVIDER',
		email: 'gavin@hooli.test',
		role: 'CEO',
		linkedinUrl: 'https://www.linkedin.com/in/gavin',
		location: 'Palo Alto, United States',
	})
	const calls = provider.received.filter((r) => r.status !== 0)
	expect(calls.at(-2)?.status).toBe(429)
	expect(calls.at(-1)?.body).toMatchObject({
		q_organization_domains_list: ['hooli.test'],
		person_titles: ['CTO'],
	})

	provider.setDelayMs(1_000)
	const before = provider.received.length
	await expect(peopleDataSource.find(company, context(owner.organization.id))).rejects.toThrow(
		'the people-data provider did not answer',
	)
	expect(provider.received.length - before).toBe(3)

	provider.setDelayMs(0)
	provider.failNext(10, 503)
	await expect(peopleDataSource.find(company, context(owner.organization.id))).rejects.toThrow('(503)')
	provider.failNext(0)
	await expect(
		peopleDataSource.find({ ...company, website: null }, context(owner.organization.id)),
	).rejects.toThrow('no website')
})

test('one person found by several sources is one candidate with every source; saved people are marked', async () => {
	const owner = await createSignedInUser()
	const organizationId = owner.organization.id
	await connectLinkedIn(owner.user.id)
	const saved = await prisma.contact.create({
		data: {
			organizationId,
			firstName: 'Saved',
			lastName: 'ByLinkedin',
			linkedin: 'https://uk.linkedin.com/in/Saved-One/',
		},
	})
	const savedByEmail = await prisma.contact.create({
		data: { organizationId, firstName: 'Saved', lastName: 'ByEmail', email: 'Mail@Pied.test' },
	})
	linkedin.addPerson({
		username: 'richard',
		firstName: 'Richard',
		lastName: 'Hendricks',
		headline: 'CEO',
		company: 'pied-piper',
	})
	linkedin.addPerson({
		username: 'saved-one',
		firstName: 'Saved',
		lastName: 'ByLinkedin',
		company: 'pied-piper',
	})
	provider.addPeople('pied.test', [
		{
			first_name: 'Richard',
			last_name: 'Hendricks',
			title: 'Chief Executive Officer',
			email: 'richard@pied.test',
			linkedin_url: 'https://www.linkedin.com/in/Richard',
		},
		{ first_name: 'Mail', last_name: 'Person', title: 'CFO', email: 'mail@pied.test' },
	])
	await prisma.leadImport.create({
		data: {
			organizationId,
			source: 'TEXT',
			state: 'READY',
			name: 'Pasted',
			leads: {
				create: [
					{
						position: 0,
						firstName: 'Rich',
						lastName: 'Hendricks',
						email: 'RICHARD@pied.test',
						phone: '+1 555 0100',
						companyName: 'Pied Piper',
					},
				],
			},
		},
	})
	const company: SearchCompany = {
		id: null,
		name: 'Pied Piper',
		description: null,
		website: 'https://pied.test',
		linkedinUrl: 'https://www.linkedin.com/company/pied-piper',
		logoUrl: null,
	}
	const gathered = await gatherCandidates(company, context(organizationId, owner.user.id))
	expect(gathered.failed).toBe(false)
	expect(gathered.sources.map((s) => [s.name, s.status])).toEqual([
		['organization', 'ok'],
		['linkedin', 'ok'],
		['people-data', 'ok'],
	])
	const richard = gathered.candidates.filter((c) => c.lastName === 'Hendricks')
	expect(richard).toHaveLength(1)
	expect(richard[0]!.sources?.sort()).toEqual(['LEADS', 'LINKEDIN', 'PROVIDER'])
	expect(richard[0]).toMatchObject({
		role: 'Chief Executive Officer',
		phone: '+1 555 0100',
		linkedinUrl: 'https://www.linkedin.com/in/richard',
		existingContactId: null,
	})
	expect(gathered.candidates.find((c) => c.lastName === 'ByLinkedin')?.existingContactId).toBe(saved.id)
	const byEmail = gathered.candidates.find((c) => c.email === 'mail@pied.test')
	expect(byEmail?.existingContactId).toBe(savedByEmail.id)
	expect(byEmail?.sources?.sort()).toEqual(['CONTACTS', 'PROVIDER'])
	expect(byEmail?.role).toBe('CFO')
	expect(gathered.candidates).toHaveLength(3)
})

test('de-duplication joins two groups that one candidate links (email in one, LinkedIn in the other)', () => {
	const base = {
		firstName: null,
		lastName: null,
		email: null,
		phone: null,
		role: null,
		roleDetails: null,
		summary: null,
		location: null,
		linkedinUrl: null,
		companyName: null,
		companyId: null,
		existingContactId: null,
	}
	const merged = dedupeCandidates([
		{
			...base,
			key: 'a',
			source: 'LINKEDIN',
			linkedinUrl: 'https://www.linkedin.com/in/ada',
			firstName: 'Ada',
		},
		{ ...base, key: 'b', source: 'PROVIDER', email: 'ada@x.test', role: 'CTO' },
		{ ...base, key: 'c', source: 'LEADS', email: 'ADA@x.test', linkedinUrl: 'linkedin.com/in/Ada/' },
		{ ...base, key: 'd', source: 'LEADS', firstName: 'No', lastName: 'Identity' },
		{ ...base, key: 'e', source: 'LEADS', firstName: 'No', lastName: 'Identity' },
	])
	expect(merged).toHaveLength(3)
	expect(merged[0]).toMatchObject({ firstName: 'Ada', role: 'CTO', email: 'ada@x.test' })
	expect(merged[0]!.sources?.sort()).toEqual(['LEADS', 'LINKEDIN', 'PROVIDER'])
})
