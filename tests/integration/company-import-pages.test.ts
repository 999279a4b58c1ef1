import { describe, expect, test } from 'vitest'
import { type Prisma } from '#app/generated/prisma/client.ts'
import { normalizeImportedCompany } from '#app/models/company-import/normalize-imported-company.ts'
import {
	action as importAction,
	loader as importLoader,
} from '#app/routes/_app+/imports.companies.$importId.tsx'
import { action as startAction, loader as listLoader } from '#app/routes/_app+/imports._index.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// The Imports page and one import's page (issue 13) through their loaders and actions. The CSV
// reader and the text extractor are other modules' work: these tests seed the import at the step
// they exercise, as the job leaves it.

async function toastOf(result: { headers: Headers }) {
	const cookie = result.headers.get('Set-Cookie')?.split(';')[0]
	if (!cookie) return null
	return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } }))).toast
}

/** An import waiting for review with these raw rows (normalized as the job does). */
async function seedPreviewingImport(organizationId: string, raws: Array<Record<string, unknown>>) {
	const created = await prisma.companyImport.create({
		data: {
			organizationId,
			source: 'CSV',
			state: 'PREVIEWING',
			fileName: 'companies.csv',
			totalRows: raws.length,
		},
	})
	await prisma.companyImportRow.createMany({
		data: raws.map((raw, position) => {
			const { company, errors } = normalizeImportedCompany(raw)
			return {
				importId: created.id,
				position,
				data: company as Prisma.InputJsonObject,
				errors: errors as Prisma.InputJsonObject,
				processed: true,
			}
		}),
	})
	return created.id
}

function load(cookie: string, importId: string, query = '') {
	return callRoute(() =>
		importLoader({
			request: makeRequest(`/imports/companies/${importId}${query}`, { cookie }),
			params: { importId },
			context: {},
		}),
	)
}

function post(cookie: string, importId: string, form: Record<string, string> | FormData) {
	return callRoute(() =>
		importAction({
			request: makeRequest(`/imports/companies/${importId}`, { method: 'POST', cookie, form }),
			params: { importId },
			context: {},
		}),
	)
}

const ROWS = [
	{ name: 'Zeta Labs', description: 'Robots for warehouses', employeeCount: '120' },
	{ name: 'Acme', description: '' },
	{ name: 'Beta Corp', description: 'Payroll software', website: 'beta.example' },
]

describe('/imports/companies/:importId', () => {
	test('another organization’s import is a 404, for the page and its actions', async () => {
		const owner = await createSignedInUser()
		const importId = await seedPreviewingImport(owner.organization.id, ROWS)
		const stranger = await createSignedInUser()
		expect((await load(stranger.cookie, importId)).status).toBe(404)
		expect((await post(stranger.cookie, importId, { intent: 'approve' })).status).toBe(404)
		expect((await post(stranger.cookie, importId, { intent: 'delete-row', rowId: 'x' })).status).toBe(404)
		expect(await prisma.companyImportRow.count({ where: { importId } })).toBe(3)
	})

	test('the review lists rows ready first or by name, edits and deletes them', async () => {
		const { cookie, organization } = await createSignedInUser()
		const importId = await seedPreviewingImport(organization.id, ROWS)

		const page = await load(cookie, importId)
		expect(page.status).toBe(200)
		expect(page.body.rows.map((row: { data: { name: string } }) => row.data.name)).toEqual([
			'Zeta Labs',
			'Beta Corp',
			'Acme',
		])
		expect(page.body.rows[2]).toMatchObject({ ready: false })
		const byName = await load(cookie, importId, '?sort=name')
		expect(byName.body.rows.map((row: { data: { name: string } }) => row.data.name)).toEqual([
			'Acme',
			'Beta Corp',
			'Zeta Labs',
		])

		const acme = byName.body.rows[0].id as string
		// A typo stays in the form with the spec's message; nothing is saved.
		const refused = await post(cookie, importId, {
			intent: 'edit-row',
			rowId: acme,
			name: 'Acme',
			description: 'Anvils',
			employeeCount: 'lots',
		})
		expect(refused.status).toBe(400)
		expect(refused.body).toMatchObject({ rowId: acme, errors: { employeeCount: 'Must be numeric' } })
		const emptyName = await post(cookie, importId, {
			intent: 'edit-row',
			rowId: acme,
			name: '',
			description: 'x',
		})
		expect(emptyName.body.errors).toMatchObject({ name: 'Name cannot be empty' })

		const edited = await post(cookie, importId, {
			intent: 'edit-row',
			rowId: acme,
			name: 'Acme',
			description: 'Anvils and rockets',
			employeeCount: '40',
		})
		expect(edited.status).toBe(302)
		expect(edited.headers.get('Location')).toBe(`/imports/companies/${importId}`)
		const row = await prisma.companyImportRow.findUniqueOrThrow({ where: { id: acme } })
		expect(row.data).toMatchObject({ description: 'Anvils and rockets', employeeCount: 40 })

		const form = new FormData()
		form.set('intent', 'delete-rows')
		for (const r of byName.body.rows.slice(1)) form.append('rowId', r.id)
		const deleted = await post(cookie, importId, form)
		expect(deleted.status).toBe(302)
		expect((await toastOf(deleted))?.title).toBe('2 companies removed')
		expect(await prisma.companyImportRow.count({ where: { importId } })).toBe(1)
	})

	test('an edit saves only the changed fields: an untouched headquarter and funding keep their structure', async () => {
		const { cookie, organization } = await createSignedInUser()
		const importId = await seedPreviewingImport(organization.id, [
			{
				name: 'Orbit',
				description: 'Satellites',
				headquarter: { city: 'Berlin', country: 'Germany', postal_code: '10115', first_line: 'Main St 1' },
				funding: { round: 'Series A', amount: '$5M' },
			},
		])
		const [row] = (await load(cookie, importId)).body.rows
		const form = new FormData()
		form.set('intent', 'edit-row')
		form.set('rowId', row.id)
		// What the edit form posts: every field as shown, and the values it opened with.
		const shown = {
			name: 'Orbit',
			description: 'Satellites',
			headquarter: 'Berlin, Germany',
			funding: 'Series A, $5M',
		}
		for (const [field, value] of Object.entries(shown)) {
			form.set(field, value)
			form.set(`original.${field}`, value)
		}
		form.set('description', 'Small satellites for farms')
		expect((await post(cookie, importId, form)).status).toBe(302)
		const saved = await prisma.companyImportRow.findUniqueOrThrow({ where: { id: row.id } })
		expect(saved.data).toMatchObject({
			description: 'Small satellites for farms',
			headquarter: { postal_code: '10115', first_line: 'Main St 1' },
			funding: { round: 'Series A', amount: '$5M' },
		})
	})

	test('filter needs instructions; approve saves the ready rows and the summary follows', async () => {
		const { cookie, organization } = await createSignedInUser()
		const importId = await seedPreviewingImport(organization.id, ROWS)

		const noFilter = await post(cookie, importId, { intent: 'filter', instructions: '  ' })
		expect((await toastOf(noFilter))?.title).toBe('Please enter filter criteria')

		const approved = await post(cookie, importId, { intent: 'approve' })
		expect(approved.status).toBe(302)
		expect((await toastOf(approved))?.title).toBe('2/3 companies imported successfully')
		const summary = await load(cookie, importId)
		expect(summary.body.companyImport).toMatchObject({ state: 'COMPLETED', successCount: 2, errorCount: 1 })
		expect(summary.body.saved.map((company: { name: string }) => company.name).sort()).toEqual([
			'Beta Corp',
			'Zeta Labs',
		])

		// A second tab approving again learns that the import moved on, and where it is.
		const again = await post(cookie, importId, { intent: 'approve' })
		const toast = await toastOf(again)
		expect(toast?.type).toBe('error')
		expect(toast?.description).toBe('The import is now: Completed')
	})

	test('the mapping step sends the chosen columns; Cancel rejects it', async () => {
		const { cookie, organization } = await createSignedInUser()
		const created = await prisma.companyImport.create({
			data: {
				organizationId: organization.id,
				source: 'CSV',
				state: 'MAPPING',
				fileName: 'odd.csv',
				headers: ['Company', 'About'],
				sampleRows: [['Acme', 'Anvils']],
				columnMapping: { name: 0 },
			},
		})
		const page = await load(cookie, created.id)
		expect(page.body.companyImport).toMatchObject({ state: 'MAPPING', headers: ['Company', 'About'] })
		const rejected = await post(cookie, created.id, { intent: 'reject' })
		expect(rejected.headers.get('Location')).toBe('/imports')
		expect((await prisma.companyImport.findUniqueOrThrow({ where: { id: created.id } })).state).toBe(
			'REJECTED',
		)
	})
})

describe('/imports', () => {
	function start(cookie: string, form: FormData, tab = 'csv') {
		return callRoute(() =>
			startAction({
				request: makeRequest(`/imports?index&tab=${tab}`, { method: 'POST', cookie, form }),
				params: {},
				context: {},
			}),
		)
	}

	test('text starts an import; empty text and the wrong file type are refused in the spec’s words', async () => {
		const { cookie, organization } = await createSignedInUser()
		const empty = new FormData()
		empty.set('intent', 'start-text')
		empty.set('text', '   ')
		const refused = await start(cookie, empty, 'text')
		expect(refused.status).toBe(400)
		expect(refused.body).toMatchObject({ form: 'text', error: 'No text content provided' })

		const wrongFile = new FormData()
		wrongFile.set('intent', 'start-text')
		wrongFile.set('text', '')
		wrongFile.set('file', new File(['%PDF'], 'list.pdf', { type: 'application/pdf' }))
		expect((await start(cookie, wrongFile, 'text')).body).toMatchObject({
			error: 'Only text (.txt) or CSV (.csv) files are supported',
		})

		const fromFile = new FormData()
		fromFile.set('intent', 'start-text')
		fromFile.set('text', '')
		fromFile.set('instructions', 'only software')
		fromFile.set('file', new File(['Acme Corp builds anvils.'], 'notes.txt', { type: 'text/plain' }))
		const started = await start(cookie, fromFile, 'text')
		expect(started.status).toBe(302)
		const id = started.headers.get('Location')?.split('/').pop() ?? ''
		const record = await prisma.companyImport.findFirstOrThrow({
			where: { id, organizationId: organization.id },
		})
		expect(record).toMatchObject({ source: 'TEXT', fileName: 'notes.txt', text: 'Acme Corp builds anvils.' })

		const list = await callRoute(() =>
			listLoader({ request: makeRequest('/imports', { cookie }), params: {}, context: {} }),
		)
		expect(list.body.active.map((item: { id: string }) => item.id)).toContain(id)
	})

	test('Scrape without JavaScript keeps what was typed and says why a link was refused', async () => {
		const { cookie } = await createSignedInUser()
		const form = new FormData()
		form.set('intent', 'scrape')
		form.set('text', 'Acme Corp')
		form.set('instructions', 'only B2B')
		form.set('url', 'http://')
		const refused = await start(cookie, form, 'text')
		expect(refused.status).toBe(400)
		expect(refused.body).toMatchObject({
			form: 'text',
			error: 'Invalid URL. Please enter a valid URL.',
			text: 'Acme Corp',
			instructions: 'only B2B',
		})
		form.set('url', '')
		expect((await start(cookie, form, 'text')).body).toMatchObject({ error: 'No link provided' })
	})

	test('a CSV with “Manually map CSV columns” waits in MAPPING; Import starts it with the chosen columns', async () => {
		const { cookie, organization } = await createSignedInUser()
		const form = new FormData()
		form.set('intent', 'start-csv')
		form.set('manualMapping', 'true')
		form.set('skipEnrichment', 'true')
		form.set('file', new File(['Firm,About\nAcme,Anvils\nBeta,Payroll\n'], 'firms.csv', { type: 'text/csv' }))
		const started = await start(cookie, form)
		expect(started.status).toBe(302)
		const importId = started.headers.get('Location')?.split('/').pop() ?? ''
		const mapping = await load(cookie, importId)
		expect(mapping.body.companyImport).toMatchObject({ state: 'MAPPING', headers: ['Firm', 'About'] })

		const confirm = new FormData()
		confirm.set('intent', 'confirm-mapping')
		confirm.set('mapping.name', '0')
		confirm.set('mapping.description', '1')
		confirm.set('mapping.website', '')
		const confirmed = await post(cookie, importId, confirm)
		expect(confirmed.status).toBe(302)
		const record = await prisma.companyImport.findFirstOrThrow({
			where: { id: importId, organizationId: organization.id },
		})
		expect(record.state).toBe('PARSING')
		expect(record.columnMapping).toEqual({ name: 0, description: 1 })
		expect(record.queueableId).not.toBeNull()

		// A second tab confirming again is told the import moved on.
		const again = await post(cookie, importId, confirm)
		expect((await toastOf(again))?.description).toBe('The import is now: Parsing')
	})

	test('a CSV upload without a file is refused on the CSV form', async () => {
		const { cookie } = await createSignedInUser()
		const form = new FormData()
		form.set('intent', 'start-csv')
		const refused = await start(cookie, form)
		expect(refused.status).toBe(400)
		expect(refused.body).toMatchObject({ form: 'csv', error: 'No file selected' })
	})
})
