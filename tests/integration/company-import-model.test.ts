import { Logger, runOnce } from 'graphile-worker'
import { afterEach, describe, expect, test } from 'vitest'
import {
	cancelCompanyImport,
	CompanyImportStateError,
	confirmCompanyImportMapping,
	getCompanyImport,
	listActiveCompanyImports,
	listPastCompanyImports,
	rejectCompanyImport,
	startCompanyCsvImport,
	startCompanyTextImport,
} from '#app/models/company-import/company-import.server.ts'
import {
	clearCompanyImportFilter,
	deleteCompanyImportRows,
	filterCompanyImportRows,
	listCompanyImportRows,
	updateCompanyImportRow,
} from '#app/models/company-import/import-rows.server.ts'
import {
	approveCompanyImport,
	listSavedCompanies,
	saveCompanies,
} from '#app/models/company-import/save-imported-companies.server.ts'
import { getQueueable } from '#app/models/queueable/queueable.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { createCompanyRecord } from '#tests/factories/company.ts'

// The company import's core (issue 13, decision 025) against a real database and the real
// Graphile Worker: the state machine, the job, duplicates, approval, cancel, and scoping.

const quietLogger = new Logger(() => () => {})

afterEach(async () => {
	await stopEventHub()
})

async function runWorkerOnce() {
	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		concurrency: 1,
		logger: quietLogger,
	})
}

function csvFile(text: string, name = 'companies.csv') {
	return { name, type: 'text/csv', bytes: new TextEncoder().encode(text) }
}

const SAMPLE_CSV = [
	'Company Name,Description,Website,Employees',
	'Acme Rockets,Rockets for coyotes,acme-rockets.example,120',
	'Globex,Makes everything,https://globex.example,5000',
	'Initech,,initech.example,40',
	'acme rockets,The same company again,acme-rockets.example,120',
	'Umbrella,Pharmaceuticals,umbrella.example,lots',
].join('\n')

async function importCsv(organizationId: string, userId: string, text = SAMPLE_CSV) {
	const started = await startCompanyCsvImport({
		organizationId,
		userId,
		file: csvFile(text),
		skipEnrichment: true,
		waitForUnsureMapping: false,
	})
	await runWorkerOnce()
	return started
}

describe('a CSV import without enrichment', () => {
	test('reads, checks and de-duplicates the rows, then waits for review (PREVIEWING)', async () => {
		const { user, organization } = await createSignedInUser()
		await createCompanyRecord(organization.id, { name: 'Globex' })
		const started = await importCsv(organization.id, user.id)
		expect(started.queueableId).toBeTruthy()

		const view = await getCompanyImport(organization.id, started.id)
		expect(view?.state).toBe('PREVIEWING')
		expect(view?.rowCount).toBe(5)
		const rows = await listCompanyImportRows(organization.id, started.id, { sort: 'name' })
		const byName = Object.fromEntries(rows.map((row) => [`${row.data.name}#${row.position}`, row]))
		expect(byName['Acme Rockets#0']?.data.website).toBe('https://acme-rockets.example')
		expect(byName['Acme Rockets#0']?.data.employeeCount).toBe(120)
		expect(byName['Acme Rockets#0']?.ready).toBe(true)
		expect(byName['acme rockets#3']?.duplicateOfPosition).toBe(0)
		expect(byName['Globex#1']?.duplicateOfCompanyId).toBeTruthy()
		expect(byName['Initech#2']?.ready).toBe(false)
		expect(byName['Initech#2']?.errors.description).toBe('Description cannot be empty')
		expect(byName['Umbrella#4']?.errors.employeeCount).toBe('Must be numeric')

		const queueable = await getQueueable(organization.id, started.queueableId!)
		expect(queueable?.status).toBe('COMPLETED')
		expect(queueable?.isActionable).toBe(true)
		const results = (queueable?.result as { results: Array<{ data: { name: string } }> }).results
		expect(results.map((result) => result.data.name)).toEqual([
			'Acme Rockets',
			'Globex',
			'Initech',
			'acme rockets',
			'Umbrella',
		])
		// The uploaded file is only kept until the rows exist.
		expect(await prisma.uploadedFile.count({ where: { organizationId: organization.id } })).toBe(0)
	})

	test('Approve Import saves the ready rows once and reports each outcome', async () => {
		const { user, organization } = await createSignedInUser()
		await createCompanyRecord(organization.id, { name: 'Globex' })
		const started = await importCsv(organization.id, user.id)

		const summary = await approveCompanyImport(organization.id, started.id, user.id)
		expect(summary).toMatchObject({ totalCompanies: 5, successCount: 2, errorCount: 1, duplicateCount: 2 })
		expect(summary?.savedResults.map((company) => company.name).sort()).toEqual(['Acme Rockets', 'Umbrella'])
		const view = await getCompanyImport(organization.id, started.id)
		expect(view).toMatchObject({ state: 'COMPLETED', successCount: 2, errorCount: 1, duplicateCount: 2 })
		expect((await listSavedCompanies(organization.id, started.id)).map((company) => company.name)).toEqual([
			'Acme Rockets',
			'Umbrella',
		])
		expect(await prisma.company.count({ where: { organizationId: organization.id } })).toBe(3)
		expect((await getQueueable(organization.id, started.queueableId!))?.status).toBe('FINISHED')
		await expect(approveCompanyImport(organization.id, started.id, user.id)).rejects.toBeInstanceOf(
			CompanyImportStateError,
		)
		expect(await listPastCompanyImports(organization.id)).toHaveLength(1)
		expect(await listActiveCompanyImports(organization.id)).toHaveLength(0)
	})

	test('two imports of the same file approved at once save each company once', async () => {
		const { user, organization } = await createSignedInUser()
		const first = await importCsv(organization.id, user.id)
		const second = await importCsv(organization.id, user.id)
		const [a, b] = await Promise.all([
			approveCompanyImport(organization.id, first.id, user.id),
			approveCompanyImport(organization.id, second.id, user.id),
		])
		expect(await prisma.company.count({ where: { organizationId: organization.id } })).toBe(3)
		expect((a?.successCount ?? 0) + (b?.successCount ?? 0)).toBe(3)
		expect((a?.duplicateCount ?? 0) + (b?.duplicateCount ?? 0)).toBe(1 + 1 + 3)
	})

	test('edits and deletes in review: a fixed row becomes ready, a renamed one is re-checked', async () => {
		const { user, organization } = await createSignedInUser()
		const started = await importCsv(organization.id, user.id)
		const rows = await listCompanyImportRows(organization.id, started.id)
		const initech = rows.find((row) => row.data.name === 'Initech')!
		const fixed = await updateCompanyImportRow(organization.id, started.id, initech.id, {
			description: 'Software for banks',
		})
		expect(fixed?.ready).toBe(true)
		const renamed = await updateCompanyImportRow(organization.id, started.id, initech.id, { name: 'Globex' })
		expect(renamed?.duplicateOfPosition).toBe(1)
		const duplicate = rows.find((row) => row.position === 3)!
		expect(await deleteCompanyImportRows(organization.id, started.id, [duplicate.id])).toBe(1)
		expect(await listCompanyImportRows(organization.id, started.id)).toHaveLength(4)
		// "Required Fields First": rows that can be saved come first.
		const sorted = await listCompanyImportRows(organization.id, started.id, { sort: 'requiredFieldsFirst' })
		expect(sorted.map((row) => row.ready)).toEqual([...sorted.map((row) => row.ready)].sort().reverse())
	})
})

describe('a text import', () => {
	test('extracts the companies offline, then waits for review; the filter narrows and clears', async () => {
		const { user, organization } = await createSignedInUser()
		const started = await startCompanyTextImport({
			organizationId: organization.id,
			userId: user.id,
			text: [
				'Exhibitors this year:',
				'- Acme Rockets (acmerockets.com) — reusable rockets for satellite operators in Germany',
				'- Bluebird Payroll (bluebirdpayroll.com) — payroll software for restaurants in France',
				'- Cedar Health (cedarhealth.io) — clinic scheduling software in Germany',
			].join('\n'),
			skipEnrichment: true,
		})
		await runWorkerOnce()
		const view = await getCompanyImport(organization.id, started.id)
		expect(view?.state).toBe('PREVIEWING')
		const rows = await listCompanyImportRows(organization.id, started.id, { sort: 'name' })
		expect(rows.map((row) => row.data.name)).toEqual(['Acme Rockets', 'Bluebird Payroll', 'Cedar Health'])
		expect(rows[0]?.data.website).toBe('https://acmerockets.com')
		expect(rows.every((row) => row.ready)).toBe(true)

		const filtered = await filterCompanyImportRows(organization.id, started.id, 'companies in Germany')
		expect(filtered?.message).toBe('Filtered to 2 companies out of 3')
		expect((await listCompanyImportRows(organization.id, started.id)).map((row) => row.data.name).sort()).toEqual([
			'Acme Rockets',
			'Cedar Health',
		])
		await expect(filterCompanyImportRows(organization.id, started.id, '  ')).rejects.toThrow(
			'Please enter filter criteria',
		)
		// Approve saves what the filter shows.
		const summary = await approveCompanyImport(organization.id, started.id, user.id)
		expect(summary?.savedResults.map((company) => company.name).sort()).toEqual(['Acme Rockets', 'Cedar Health'])
	})

	test('Clear restores every row', async () => {
		const { user, organization } = await createSignedInUser()
		const started = await startCompanyTextImport({
			organizationId: organization.id,
			userId: user.id,
			text: 'Acme Rockets — rockets in Germany\nBluebird Payroll — payroll in France',
			skipEnrichment: true,
		})
		await runWorkerOnce()
		await filterCompanyImportRows(organization.id, started.id, 'companies in France')
		expect(await listCompanyImportRows(organization.id, started.id)).toHaveLength(1)
		expect((await clearCompanyImportFilter(organization.id, started.id))?.message).toBe('Filter cleared')
		expect(await listCompanyImportRows(organization.id, started.id)).toHaveLength(2)
	})
})

describe('a save whose process died', () => {
	test('an import left SAVING for minutes returns to review with "Failed to save companies", and approves', async () => {
		const { user, organization } = await createSignedInUser()
		const started = await importCsv(organization.id, user.id)
		await prisma.$executeRaw`
			UPDATE "CompanyImport" SET state = 'SAVING', "updatedAt" = now() - interval '3 minutes'
			WHERE id = ${started.id}`
		const view = await getCompanyImport(organization.id, started.id)
		expect(view).toMatchObject({ state: 'PREVIEWING', failureReason: 'Failed to save companies' })
		expect((await approveCompanyImport(organization.id, started.id, user.id))?.successCount).toBe(3)
	})

	test('a save still within its time is left alone', async () => {
		const { user, organization } = await createSignedInUser()
		const started = await importCsv(organization.id, user.id)
		await prisma.companyImport.update({ where: { id: started.id }, data: { state: 'SAVING' } })
		expect((await getCompanyImport(organization.id, started.id))?.state).toBe('SAVING')
	})
})

describe('the mapping step', () => {
	test('Manually map CSV columns waits in MAPPING; Import starts the job with the chosen columns', async () => {
		const { user, organization } = await createSignedInUser()
		const started = await startCompanyCsvImport({
			organizationId: organization.id,
			userId: user.id,
			file: csvFile('Firm,About,Site\nHooli,Search and more,hooli.example\n'),
			skipEnrichment: true,
			manualMapping: true,
		})
		expect(started).toMatchObject({ state: 'MAPPING', queueableId: null })
		const waiting = await getCompanyImport(organization.id, started.id)
		expect(waiting?.headers).toEqual(['Firm', 'About', 'Site'])
		expect(waiting?.sampleRows[0]).toEqual(['Hooli', 'Search and more', 'hooli.example'])

		const confirmed = await confirmCompanyImportMapping(organization.id, started.id, {
			name: 0,
			description: 1,
			website: 2,
		})
		expect(confirmed?.queueableId).toBeTruthy()
		await runWorkerOnce()
		const [row] = await listCompanyImportRows(organization.id, started.id)
		expect(row?.data).toMatchObject({ name: 'Hooli', description: 'Search and more', website: 'https://hooli.example' })
		// A second Import of the same step finds it moved on.
		await expect(
			confirmCompanyImportMapping(organization.id, started.id, { name: 0, description: 1 }),
		).rejects.toBeInstanceOf(CompanyImportStateError)
	})

	test('cancelling the mapping step rejects the import and drops the file', async () => {
		const { user, organization } = await createSignedInUser()
		const started = await startCompanyCsvImport({
			organizationId: organization.id,
			userId: user.id,
			file: csvFile('Name,Description\nHooli,Search\n'),
			skipEnrichment: true,
			manualMapping: true,
		})
		const cancelled = await cancelCompanyImport(organization.id, started.id)
		expect(cancelled?.state).toBe('REJECTED')
		expect(await prisma.uploadedFile.count({ where: { organizationId: organization.id } })).toBe(0)
	})
})

describe('cancel', () => {
	test('before the job starts, the import ends at once: "Import cancelled. No companies were processed yet."', async () => {
		const { user, organization } = await createSignedInUser()
		const started = await startCompanyCsvImport({
			organizationId: organization.id,
			userId: user.id,
			file: csvFile(SAMPLE_CSV),
			skipEnrichment: true,
			waitForUnsureMapping: false,
		})
		const cancelled = await cancelCompanyImport(organization.id, started.id)
		expect(cancelled).toMatchObject({
			state: 'FAILED',
			failureReason: 'Import cancelled. No companies were processed yet.',
		})
		await runWorkerOnce()
		expect((await getCompanyImport(organization.id, started.id))?.state).toBe('FAILED')
		expect(await prisma.companyImportRow.count({ where: { importId: started.id } })).toBe(0)
	})
})

describe('bad input', () => {
	test('an import whose rows are all empty fails with a clear reason', async () => {
		const { user, organization } = await createSignedInUser()
		const started = await importCsv(organization.id, user.id, 'Name,Description\n')
		const view = await getCompanyImport(organization.id, started.id)
		expect(view?.state).toBe('FAILED')
		expect(view?.failureReason).toBe('No companies were found in this CSV file')
	})

	test('POST /companies/save checks each company, de-duplicates, and never saves one twice', async () => {
		const { user, organization } = await createSignedInUser()
		await createCompanyRecord(organization.id, { name: 'Existing Co' })
		const result = await saveCompanies(organization.id, user.id, [
			{ name: 'New Co', description: 'New things', website: 'newco.example' },
			{ name: 'new co', description: 'Again' },
			{ name: 'Existing Co', description: 'Known' },
			{ name: '', description: 'Nameless' },
			{ name: 'Counted', description: 'x', employeeCount: 'many' },
		])
		expect(result).toMatchObject({ successCount: 1, duplicateCount: 2, errorCount: 2 })
		expect(result.errors).toEqual(
			expect.arrayContaining([
				{ index: 3, field: 'name', message: 'Name cannot be empty' },
				{ index: 4, field: 'employeeCount', message: 'Must be numeric' },
			]),
		)
		const saved = await prisma.company.findFirst({ where: { organizationId: organization.id, name: 'New Co' } })
		expect(saved?.website).toBe('https://newco.example')
	})
})

describe('another organization', () => {
	test('sees nothing of an import and can change nothing', async () => {
		const { user, organization } = await createSignedInUser()
		const other = await createSignedInUser()
		const started = await importCsv(organization.id, user.id)
		const [row] = await listCompanyImportRows(organization.id, started.id)
		const them = other.organization.id
		expect(await getCompanyImport(them, started.id)).toBeNull()
		expect(await listCompanyImportRows(them, started.id)).toEqual([])
		expect(await updateCompanyImportRow(them, started.id, row!.id, { name: 'Hijacked' })).toBeNull()
		expect(await deleteCompanyImportRows(them, started.id, [row!.id])).toBeNull()
		expect(await rejectCompanyImport(them, started.id)).toBeNull()
		expect(await cancelCompanyImport(them, started.id)).toBeNull()
		expect(await approveCompanyImport(them, started.id, other.user.id)).toBeNull()
		expect(await confirmCompanyImportMapping(them, started.id, { name: 0 })).toBeNull()
		expect(await listActiveCompanyImports(them)).toEqual([])
		expect((await getCompanyImport(organization.id, started.id))?.state).toBe('PREVIEWING')
		expect(await prisma.company.count({ where: { organizationId: them } })).toBe(0)
	})
})
