import { Logger, runOnce } from 'graphile-worker'
import { afterEach, expect, test } from 'vitest'
import { action as importCsv } from '#app/routes/api+/v1+/companies.import.csv.ts'
import { action as importText } from '#app/routes/api+/v1+/companies.import.text.ts'
import { action as saveCompanies } from '#app/routes/api+/v1+/companies.save.ts'
import { loader as getQueueable } from '#app/routes/api+/v1+/queueables.$id.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// The import calls of the spec's section 7 as an API client makes them (issue 13): start from a
// CSV or text, poll the queueable, save a list; every refusal a 4xx with { error, message }.

afterEach(async () => {
	await stopEventHub()
})

const quietLogger = new Logger(() => () => {})
const runWorkerOnce = () =>
	runOnce({ connectionString: process.env.DATABASE_URL!, taskList, noHandleSignals: true, logger: quietLogger })

function csvForm(text: string, { name = 'companies.csv', mapping }: { name?: string; mapping?: string } = {}) {
	const form = new FormData()
	form.append('file', new File([text], name, { type: 'text/csv' }))
	form.append('skipCompanyEnrichment', 'true')
	if (mapping !== undefined) form.append('columnMapping', mapping)
	return form
}

const postCsv = (form: FormData, cookie?: string) =>
	callRoute(() =>
		importCsv({
			request: makeRequest('/api/v1/companies/import/csv', { method: 'POST', cookie, form }),
			params: {},
			context: {},
		}),
	)

const poll = (id: string, cookie: string) =>
	callRoute(() =>
		getQueueable({ request: makeRequest(`/api/v1/queueables/${id}`, { cookie }), params: { id }, context: {} }),
	)

test('a CSV import: 202 with the queueable, then its results once the job ran; another organization gets 404', async () => {
	const owner = await createSignedInUser()
	const started = await postCsv(
		csvForm('Firm,About,Site\nHooli,Search and more,hooli.com\nPiper,Compression,piper.com\n', {
			mapping: '{"name":"Firm","description":1,"website":"Site"}',
		}),
		owner.cookie,
	)
	expect(started.status).toBe(202)
	expect(started.body).toMatchObject({ totalCompanies: 2 })
	await runWorkerOnce()
	const polled = await poll(started.body.queueableId, owner.cookie)
	expect(polled.status).toBe(200)
	const queueable = polled.body.data?.data ?? polled.body.data ?? polled.body
	expect(queueable.status).toBe('COMPLETED')
	expect(queueable.result.results.map((result: { data: { name: string } }) => result.data.name)).toEqual([
		'Hooli',
		'Piper',
	])
	const stranger = await createSignedInUser()
	expect((await poll(started.body.queueableId, stranger.cookie)).status).toBe(404)
})

test('CSV refusals: not signed in, no file, not a CSV, a bad mapping, over 1 MB', async () => {
	const owner = await createSignedInUser()
	expect((await postCsv(csvForm('Name\nA\n'))).status).toBe(401)
	const noFile = new FormData()
	noFile.append('skipCompanyEnrichment', 'true')
	expect(await postCsv(noFile, owner.cookie)).toMatchObject({
		status: 400,
		body: { error: 'no_file', message: 'No file selected' },
	})
	expect((await postCsv(csvForm('%PDF-1.4', { name: 'deck.pdf' }), owner.cookie)).status).toBe(415)
	const badMapping = await postCsv(csvForm('Name\nA\n', { mapping: '{nope' }), owner.cookie)
	expect(badMapping.status).toBe(400)
	expect(typeof badMapping.body.message).toBe('string')
	const unknownColumn = await postCsv(csvForm('Name\nA\n', { mapping: '{"name":"Company"}' }), owner.cookie)
	expect(unknownColumn.status).toBe(400)
	const big = await postCsv(csvForm(`Name\n${'x'.repeat(1_100_000)}\n`), owner.cookie)
	expect(big.status).toBe(413)
})

test('a text import starts a job; blank text is "No text content provided"', async () => {
	const owner = await createSignedInUser()
	const post = (json: unknown) =>
		callRoute(() =>
			importText({
				request: makeRequest('/api/v1/companies/import/text', { method: 'POST', cookie: owner.cookie, json }),
				params: {},
				context: {},
			}),
		)
	const started = await post({ text: 'Hooli — search (hooli.com)', skipCompanyEnrichment: true })
	expect(started.status).toBe(202)
	await runWorkerOnce()
	const queueable = await poll(started.body.queueableId, owner.cookie)
	expect(JSON.stringify(queueable.body)).toContain('Hooli')
	expect(await post({ text: '   ' })).toMatchObject({ status: 400, body: { message: 'No text content provided' } })
	expect((await post([1, 2])).status).toBe(400)
})

test('POST /companies/save answers the spec\'s counts; an empty list is "No companies to save"', async () => {
	const owner = await createSignedInUser()
	const post = (json: unknown) =>
		callRoute(() =>
			saveCompanies({
				request: makeRequest('/api/v1/companies/save', { method: 'POST', cookie: owner.cookie, json }),
				params: {},
				context: {},
			}),
		)
	const saved = await post({
		companies: [
			{ name: 'Hooli', description: 'Search' },
			{ name: 'hooli', description: 'Again' },
			{ name: 'Piper', description: '' },
		],
	})
	expect(saved.status).toBe(200)
	expect(saved.body).toMatchObject({ successCount: 1, duplicateCount: 1, errorCount: 1 })
	expect(saved.body.savedResults).toEqual([{ id: expect.any(String), name: 'Hooli' }])
	expect(await post({ companies: [] })).toMatchObject({ status: 400, body: { message: 'No companies to save' } })
})
