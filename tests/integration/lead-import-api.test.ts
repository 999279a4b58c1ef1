import { Logger, runOnce } from 'graphile-worker'
import { afterEach, expect, test } from 'vitest'
import { listReviewLeads, saveReviewLeads } from '#app/models/lead-import/lead-review.server.ts'
import { action as importFile } from '#app/routes/api+/v1+/lead-scraper.import.file.ts'
import { action as importLink } from '#app/routes/api+/v1+/lead-scraper.import.link.ts'
import { action as importText } from '#app/routes/api+/v1+/lead-scraper.import.text.ts'
import { loader as readImport } from '#app/routes/api+/v1+/lead-scraper.$queueId.ts'
import { loader as getQueueable, action as putQueueable } from '#app/routes/api+/v1+/queueables.$id.ts'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { prisma } from '#app/utils/db.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// The lead scraper's calls as an API client makes them (issue 14): start from a link with the
// companion's contacts, a text or files; the job; the review's leads with the existing-contact
// check; the save from the review; every refusal a 4xx with the spec's message; another
// organization's queue item a 404.

delete process.env.OPENAI_API_KEY

afterEach(async () => {
	await stopEventHub()
})

const quietLogger = new Logger(() => () => {})
const runWorkerOnce = () =>
	runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		logger: quietLogger,
	})

const postJson = (route: typeof importLink, path: string, json: unknown, cookie?: string) =>
	callRoute(() =>
		route({ request: makeRequest(path, { method: 'POST', cookie, json }), params: {}, context: {} }),
	)

const read = (queueId: string, cookie: string, query = '') =>
	callRoute(() =>
		readImport({
			request: makeRequest(`/api/v1/lead-scraper/${queueId}${query}`, { cookie }),
			params: { queueId },
			context: {},
		}),
	)

const POST_URL = 'https://www.linkedin.com/posts/ada_engines-activity-7250000000000000000-abcd'
const postAuthors = [
	{
		firstName: 'Grace',
		lastName: 'Hopper',
		linkedin: 'https://www.linkedin.com/in/ghopper',
		companyName: 'Navy',
	},
	{ firstName: 'Alan', lastName: 'Turing', linkedin: 'https://www.linkedin.com/in/aturing/' },
	{ firstName: '', lastName: 'Nameless', linkedin: 'https://www.linkedin.com/in/nobody' },
	{ firstName: 'Bad', lastName: 'Link', linkedin: 'not a url' },
]

test('a LinkedIn post’s authors from the companion become leads to review; saved ones show as existing', async () => {
	const owner = await createSignedInUser()
	const organizationId = owner.organization.id
	await prisma.company.create({ data: { organizationId, name: 'Navy', slug: 'navy', description: 'Ships' } })
	const started = await postJson(
		importLink,
		'/api/v1/lead-scraper/import/link',
		{ url: POST_URL, type: 'LINKEDIN_POST', contacts: postAuthors, postFilter: { channel: 'comments' } },
		owner.cookie,
	)
	expect(started.status).toBe(202)
	await runWorkerOnce()
	const polled = await callRoute(() =>
		getQueueable({
			request: makeRequest(`/api/v1/queueables/${started.body.queueableId}`, { cookie: owner.cookie }),
			params: { id: started.body.queueableId },
			context: {},
		}),
	)
	const queueable = polled.body.data?.data ?? polled.body.data ?? polled.body
	expect(queueable).toMatchObject({ status: 'COMPLETED', type: 'LEAD_IMPORT', result: { total: 2 } })
	expect(queueable.metadata.source).toBe(POST_URL)

	const review = await read(started.body.queueableId, owner.cookie)
	expect(review.status).toBe(200)
	expect(review.body.import).toMatchObject({
		source: 'LINKEDIN_POST',
		state: 'READY',
		leadCount: 2,
		droppedRows: 2,
	})
	expect(
		review.body.leads.map((lead: { firstName: string; linkedin: string }) => [lead.firstName, lead.linkedin]),
	).toEqual([
		['Grace', 'https://www.linkedin.com/in/ghopper'],
		['Alan', 'https://www.linkedin.com/in/aturing'],
	])
	expect(review.body.existing).toBe(0)

	const record = await prisma.leadImport.findFirstOrThrow({
		where: { queueableId: started.body.queueableId },
	})
	const grace = review.body.leads[0]
	const summary = await saveReviewLeads({
		organizationId,
		userId: owner.user.id,
		leadImportId: record.id,
		leadIds: [grace.id],
		tagIds: [],
	})
	expect(summary).toMatchObject({ successCount: 1 })
	const after = await listReviewLeads(organizationId, record.id)
	expect(after.existing).toBe(1)
	expect(after.leads[0]!.existingContactId).toBe(summary!.savedResults[0]!.contactId)
	expect(after.leads[1]!.existingContactId).toBeNull()
	// Alan has no company: saving "all" new ones skips him and says why.
	const rest = await saveReviewLeads({
		organizationId,
		userId: owner.user.id,
		leadImportId: record.id,
		leadIds: 'all',
		tagIds: [],
	})
	expect(rest).toMatchObject({ successCount: 0, skippedCount: 1 })
	expect(await prisma.leadImport.findUniqueOrThrow({ where: { id: record.id } })).toMatchObject({
		state: 'SAVED',
	})
	const search = await read(started.body.queueableId, owner.cookie, '?search=turing')
	expect(search.body.leads.map((lead: { lastName: string }) => lead.lastName)).toEqual(['Turing'])

	const stranger = await createSignedInUser()
	const foreign = await read(started.body.queueableId, stranger.cookie)
	expect(foreign.status).toBe(404)
	expect(foreign.body).toMatchObject({ error: 'not_found' })
	expect(
		await saveReviewLeads({
			organizationId: stranger.organization.id,
			userId: stranger.user.id,
			leadImportId: record.id,
			leadIds: 'all',
			tagIds: [],
		}),
	).toBeNull()
})

test('link refusals: no link, invalid URL, not a LinkedIn post, a post without the companion, no valid contacts', async () => {
	const owner = await createSignedInUser()
	const post = (json: unknown) => postJson(importLink, '/api/v1/lead-scraper/import/link', json, owner.cookie)
	expect((await post({ url: '' })).body).toMatchObject({ message: 'No link provided' })
	expect((await post({ url: 'not a url' })).body).toMatchObject({
		message: 'Invalid URL. Please enter a valid URL.',
	})
	expect((await post({ url: 'ftp://example.com/x' })).body).toMatchObject({
		message: 'Invalid URL. Please enter a valid URL.',
	})
	expect(
		(await post({ url: 'https://www.linkedin.com/in/ada', type: 'LINKEDIN_POST', contacts: postAuthors }))
			.body,
	).toMatchObject({
		message: 'The link is not a LinkedIn post, use the link scraper',
	})
	expect((await post({ url: POST_URL, type: 'LINKEDIN_POST' })).body).toMatchObject({
		message: 'Please connect your LinkedIn account to use this feature',
	})
	expect((await post({ url: POST_URL, type: 'LINKEDIN_POST', contacts: [] })).body).toMatchObject({
		message: 'No valid contacts found',
	})
	// Scrape link never reads LinkedIn: a post goes to the post source, other pages are pasted.
	expect((await post({ url: POST_URL, type: 'LINK' })).body).toMatchObject({
		error: 'linkedin_post',
		message: LEAD_IMPORT_MESSAGES.linkedInPostAsLink,
	})
	for (const url of [
		'https://www.linkedin.com/search/results/people/?keywords=cto',
		'https://www.linkedin.com/in/ada-lovelace',
		'https://www.linkedin.com/company/acme/',
	]) {
		expect((await post({ url, type: 'LINK' })).body).toMatchObject({
			error: 'linkedin_page',
			message: LEAD_IMPORT_MESSAGES.linkedInPageAsLink,
		})
	}
	expect(
		(await post({ url: POST_URL, type: 'LINKEDIN_POST', postFilter: { comments: [300, 10] } })).status,
	).toBe(400)
	expect(await prisma.leadImport.count({ where: { organizationId: owner.organization.id } })).toBe(0)
	expect((await postJson(importLink, '/api/v1/lead-scraper/import/link', { url: POST_URL })).status).toBe(401)
})

test('text and file refusals carry the spec’s messages; a cancelled import ends without leads', async () => {
	const owner = await createSignedInUser()
	const text = (json: unknown) => postJson(importText, '/api/v1/lead-scraper/import/text', json, owner.cookie)
	expect((await text({ text: '   ' })).body).toMatchObject({ message: 'No text content provided' })
	expect((await text({})).body).toMatchObject({ message: 'No text content provided' })

	const files = (form: FormData) =>
		callRoute(() =>
			importFile({
				request: makeRequest('/api/v1/lead-scraper/import/file', {
					method: 'POST',
					cookie: owner.cookie,
					form,
				}),
				params: {},
				context: {},
			}),
		)
	expect((await files(new FormData())).body).toMatchObject({ message: 'No file selected' })
	const pdf = new FormData()
	pdf.append('file-0', new File(['%PDF-1.4'], 'leads.pdf', { type: 'application/pdf' }))
	expect(await files(pdf)).toMatchObject({ status: 415, body: { message: 'Only CSV files are supported' } })
	const big = new FormData()
	big.append('file-0', new File(['a'.repeat(1_000_001)], 'big.csv', { type: 'text/csv' }))
	expect((await files(big)).status).toBe(413)
	const two = new FormData()
	two.append(
		'file-0',
		new File(['Name,Email\nAda Lovelace,ada@example.com\n'], 'a.csv', { type: 'text/csv' }),
	)
	two.append(
		'file-1',
		new File(['Name,Email\nAlan Turing,alan@example.com\n'], 'b.csv', { type: 'text/csv' }),
	)
	two.append('instructions', 'Everyone')
	const started = await files(two)
	expect(started.status).toBe(202)
	expect(started.body.queueableIds).toHaveLength(2)
	const names = await prisma.leadImport.findMany({
		where: { organizationId: owner.organization.id },
		select: { name: true, instructions: true, fileId: true },
		orderBy: { name: 'asc' },
	})
	expect(names.map((row) => [row.name, row.instructions, Boolean(row.fileId)])).toEqual([
		['a.csv', 'Everyone', true],
		['b.csv', 'Everyone', true],
	])

	// Cancel before the job runs: the job ends it FAILED and keeps nothing (the file is gone too).
	const [first] = started.body.queueableIds as string[]
	const cancelled = await callRoute(() =>
		putQueueable({
			request: makeRequest(`/api/v1/queueables/${first}`, {
				method: 'PUT',
				cookie: owner.cookie,
				json: { action: 'cancel' },
			}),
			params: { id: first },
			context: {},
		}),
	)
	expect(cancelled.status).toBe(200)
	await runWorkerOnce()
	const record = await prisma.leadImport.findFirstOrThrow({ where: { queueableId: first } })
	expect(record.state).toBe('FAILED')
	expect(record.fileId).toBeNull()
	expect(await prisma.leadImportLead.count({ where: { leadImportId: record.id } })).toBe(0)
})

test('analyze-csv tells whether a column holds a role prompt; 401 without a session', async () => {
	const { action: analyze } = await import('#app/routes/api+/v1+/lead-scraper.analyze-csv.ts')
	const owner = await createSignedInUser()
	const post = (json: unknown, cookie?: string) =>
		callRoute(() =>
			analyze({
				request: makeRequest('/api/v1/lead-scraper/analyze-csv', { method: 'POST', cookie, json }),
				params: {},
				context: {},
			}),
		)
	expect(
		(await post({ content: 'Company,Looking for\nAcme,Head of marketing or CMO\n' }, owner.cookie)).body,
	).toEqual({
		hasRolePrompt: true,
	})
	expect((await post({ content: 'Name,Email\nAda Lovelace,ada@example.com\n' }, owner.cookie)).body).toEqual({
		hasRolePrompt: false,
	})
	expect((await post({ content: 42 }, owner.cookie)).status).toBe(400)
	expect((await post({ content: 'Name\nAda' })).status).toBe(401)
})

test('a text import runs through the offline extractor to leads under review', async () => {
	const owner = await createSignedInUser()
	const started = await postJson(
		importText,
		'/api/v1/lead-scraper/import/text',
		{ text: 'Speakers:\nAda Lovelace, CTO at Analytical Engines\nGrace Hopper - Rear Admiral, US Navy\n' },
		owner.cookie,
	)
	expect(started.status).toBe(202)
	await runWorkerOnce()
	const review = await read(started.body.queueableId, owner.cookie)
	expect(review.body.import).toMatchObject({ source: 'TEXT', state: 'READY', extractor: 'offline' })
	expect(
		review.body.leads.map((lead: { firstName: string; lastName: string; companyName: string }) => [
			lead.firstName,
			lead.lastName,
			lead.companyName,
		]),
	).toEqual([
		['Ada', 'Lovelace', 'Analytical Engines'],
		['Grace', 'Hopper', 'US Navy'],
	])
})

test('a link to a private address fails with the spec’s message and keeps nothing', async () => {
	const owner = await createSignedInUser()
	const started = await postJson(
		importLink,
		'/api/v1/lead-scraper/import/link',
		{ url: 'http://127.0.0.1:9/team', type: 'LINK' },
		owner.cookie,
	)
	expect(started.status).toBe(202)
	await runWorkerOnce()
	const record = await prisma.leadImport.findFirstOrThrow({
		where: { queueableId: started.body.queueableId },
	})
	expect(record).toMatchObject({
		state: 'FAILED',
		failureReason: 'Invalid URL, please try again with a valid URL',
	})
	// The link's classification is kept with the import (spec "Link classification").
	expect(record.urlClassification).toBe('PEOPLE')
})
