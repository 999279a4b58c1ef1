import { Logger, runOnce } from 'graphile-worker'
import { afterEach, describe, expect, test } from 'vitest'
import { runDocumentParse, startDocumentParse } from '#app/models/document/parse-document.server.ts'
import { cancelQueueable, getQueueable } from '#app/models/queueable/queueable.server.ts'
import { action } from '#app/routes/resources+/documents.parse.ts'
import { prisma } from '#app/utils/db.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { createBrokenPdf, createPdf } from '#tests/pdf-fixtures.ts'

const quietLogger = new Logger(() => () => {})

afterEach(async () => {
	await stopEventHub()
})

function pdfForm(bytes: Uint8Array, { name = 'plan.pdf', type = 'application/pdf' } = {}) {
	const form = new FormData()
	form.append('file', new File([new Uint8Array(bytes)], name, { type }))
	return form
}

function upload(
	form: FormData,
	{ cookie, accept = 'application/json' }: { cookie?: string; accept?: string } = {},
) {
	return callRoute(() =>
		action({
			request: makeRequest('/resources/documents/parse', {
				method: 'POST',
				cookie,
				form,
				headers: { Accept: accept },
			}),
			params: {},
			context: {},
		}),
	)
}

async function runWorkerOnce() {
	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		concurrency: 1,
		logger: quietLogger,
	})
}

async function uploadAndRun(bytes: Uint8Array, name = 'plan.pdf') {
	const owner = await createSignedInUser()
	const response = await upload(pdfForm(bytes, { name }), { cookie: owner.cookie })
	expect(response.status).toBe(200)
	const { queueableId } = response.body as { queueableId: string }
	await runWorkerOnce()
	const queueable = await getQueueable(owner.organization.id, queueableId)
	return { owner, queueableId, queueable: queueable! }
}

describe('POST /resources/documents/parse', () => {
	test('401 for fetch without a session; a plain form post is sent to sign in', async () => {
		const form = pdfForm(await createPdf({ pages: 1 }))
		expect((await upload(form)).status).toBe(401)
		const html = await upload(pdfForm(await createPdf({ pages: 1 })), { accept: 'text/html' })
		expect(html.status).toBe(302)
		expect(html.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
	})

	test('400 "Only PDF files are supported" for other types and for bytes that are not a PDF', async () => {
		const { cookie } = await createSignedInUser()
		const text = await upload(
			pdfForm(new TextEncoder().encode('hello'), { name: 'notes.txt', type: 'text/plain' }),
			{ cookie },
		)
		expect(text).toMatchObject({
			status: 400,
			body: { error: 'invalid_file', message: 'Only PDF files are supported' },
		})
		const disguised = await upload(pdfForm(new TextEncoder().encode('MZ not a pdf'), { name: 'evil.pdf' }), {
			cookie,
		})
		expect(disguised).toMatchObject({ status: 400, body: { message: 'Only PDF files are supported' } })
		const wrongType = await upload(pdfForm(await createPdf({ pages: 1 }), { type: 'image/png' }), { cookie })
		expect(wrongType.body.message).toBe('Only PDF files are supported')
		const none = await upload(new FormData(), { cookie })
		expect(none).toMatchObject({ status: 400, body: { message: 'Please choose a PDF file' } })
		expect(await prisma.uploadedFile.count()).toBe(0)
	})

	test('400 for files over 10 MB', async () => {
		const { cookie } = await createSignedInUser()
		const big = new Uint8Array(10 * 1024 * 1024 + 1)
		big.set(new TextEncoder().encode('%PDF-1.7\n'))
		const response = await upload(pdfForm(big), { cookie })
		expect(response).toMatchObject({ status: 400, body: { message: 'PDF must be 10 MB or smaller' } })
	})

	test('stores the upload, creates a document.parse queueable with its job, answers { queueableId }', async () => {
		const owner = await createSignedInUser()
		const response = await upload(pdfForm(await createPdf({ pages: 2 }), { name: 'Q3 plan.pdf' }), {
			cookie: owner.cookie,
		})
		expect(response.status).toBe(200)
		const { queueableId } = response.body as { queueableId: string }
		const queueable = await getQueueable(owner.organization.id, queueableId)
		expect(queueable).toMatchObject({
			type: 'document.parse',
			status: 'PENDING',
			metadata: { source: 'Q3 plan.pdf' },
		})
		const { uploadedFileId } = queueable!.payload as { uploadedFileId: string }
		const file = await prisma.uploadedFile.findUniqueOrThrow({ where: { id: uploadedFileId } })
		expect(file).toMatchObject({
			organizationId: owner.organization.id,
			userId: owner.user.id,
			name: 'Q3 plan.pdf',
			contentType: 'application/pdf',
		})
		const [job] = await prisma.$queryRaw<Array<{ identifier: string }>>`
			SELECT tasks.identifier FROM graphile_worker._private_jobs AS jobs JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
			WHERE jobs.key = ${`queueable:${queueableId}`}`
		expect(job?.identifier).toBe('parse_document')
	})

	test('a plain form post (no JavaScript) is redirected back to the settings page following the job', async () => {
		const owner = await createSignedInUser()
		const response = await upload(pdfForm(await createPdf({ pages: 1 })), {
			cookie: owner.cookie,
			accept: 'text/html',
		})
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toMatch(/^\/settings\?parse=\w+$/)
		const refused = await upload(
			pdfForm(new TextEncoder().encode('x'), { name: 'a.txt', type: 'text/plain' }),
			{ cookie: owner.cookie, accept: 'text/html' },
		)
		expect(refused.status).toBe(302)
		expect(refused.headers.get('Location')).toBe('/settings')
	})
})

describe('parse_document task (Graphile Worker)', () => {
	test('a 1-page PDF: COMPLETED with name, content and pages; the upload is deleted', async () => {
		const { queueable } = await uploadAndRun(
			await createPdf({ pages: 1, text: 'Our mission' }),
			'About us.pdf',
		)
		expect(queueable).toMatchObject({
			status: 'COMPLETED',
			progress: 100,
			isActionable: true,
			result: { name: 'About us', content: 'Our mission page 1', pages: 1 },
			metadata: { source: 'About us.pdf', completed: 1, total: 1 },
		})
		expect(await prisma.uploadedFile.count()).toBe(0)
	})

	test('a 3-page PDF keeps its pages in order and prefers the PDF title as the name', async () => {
		const { queueable } = await uploadAndRun(await createPdf({ pages: 3, title: 'Company overview' }))
		expect(queueable.status).toBe('COMPLETED')
		expect(queueable.result).toEqual({
			name: 'Company overview',
			content: 'Reachout test page 1\n\nReachout test page 2\n\nReachout test page 3',
			pages: 3,
		})
	})

	test('16 pages: FAILED "PDF has more than 15 pages" (15 is fine)', async () => {
		const { queueable } = await uploadAndRun(await createPdf({ pages: 16 }))
		expect(queueable).toMatchObject({
			status: 'FAILED',
			failureReason: 'PDF has more than 15 pages',
			failedAt: expect.any(Date),
			result: null,
		})
		expect(await prisma.uploadedFile.count()).toBe(0)
		const fifteen = await uploadAndRun(await createPdf({ pages: 15 }))
		expect(fifteen.queueable).toMatchObject({ status: 'COMPLETED', result: { pages: 15 } })
	})

	test('0 pages: FAILED "PDF has no pages"; a broken PDF fails with a readable message', async () => {
		const empty = await uploadAndRun(await createPdf({ pages: 0 }))
		expect(empty.queueable).toMatchObject({ status: 'FAILED', failureReason: 'PDF has no pages' })
		const broken = await uploadAndRun(createBrokenPdf())
		expect(broken.queueable).toMatchObject({
			status: 'FAILED',
			failureReason: 'The file is not a readable PDF',
		})
		expect(await prisma.uploadedFile.count()).toBe(0)
	})

	test('reports progress page by page with "Page n" as the current item', async () => {
		const owner = await createSignedInUser()
		const { queueableId } = await startDocumentParse({
			organizationId: owner.organization.id,
			userId: owner.user.id,
			file: { name: 'three.pdf', type: 'application/pdf', bytes: await createPdf({ pages: 3 }) },
		})
		const seen: Array<{ progress: number; currentItem: unknown; completed: unknown }> = []
		const watching = (async () => {
			for (let i = 0; i < 400; i++) {
				const row = await getQueueable(owner.organization.id, queueableId, { excludePayload: true })
				const metadata = row!.metadata as { currentItem?: unknown; completed?: unknown }
				const last = seen.at(-1)
				if (!last || last.progress !== row!.progress || last.currentItem !== metadata.currentItem) {
					seen.push({
						progress: row!.progress,
						currentItem: metadata.currentItem,
						completed: metadata.completed,
					})
				}
				if (row!.status === 'COMPLETED') return
				await new Promise((resolve) => setTimeout(resolve, 10))
			}
		})()
		await runDocumentParse(queueableId, { pageDelayMs: 150 })
		await watching
		expect(seen).toEqual(
			expect.arrayContaining([
				{ progress: 0, currentItem: 'Page 1', completed: 0 },
				{ progress: 33, currentItem: 'Page 2', completed: 1 },
				{ progress: 66, currentItem: 'Page 3', completed: 2 },
			]),
		)
		expect(seen.at(-1)).toMatchObject({ progress: 100 })
	})

	test('a cancel while parsing stops between pages: FAILED with cancelledAt, pages read so far kept', async () => {
		const owner = await createSignedInUser()
		const { queueableId } = await startDocumentParse({
			organizationId: owner.organization.id,
			userId: owner.user.id,
			file: { name: 'long.pdf', type: 'application/pdf', bytes: await createPdf({ pages: 5 }) },
		})
		const running = runDocumentParse(queueableId, { pageDelayMs: 200 })
		await expect
			.poll(
				async () =>
					((await getQueueable(owner.organization.id, queueableId))!.metadata as { completed?: number })
						.completed,
				{ interval: 20 },
			)
			.toBe(1)
		await cancelQueueable(owner.organization.id, queueableId)
		await running
		const queueable = await getQueueable(owner.organization.id, queueableId)
		expect(queueable).toMatchObject({
			status: 'FAILED',
			failureReason: 'Cancelled',
			cancelledAt: expect.any(Date),
		})
		const result = queueable!.result as { pages: number; content: string }
		expect(result.pages).toBeGreaterThanOrEqual(1)
		expect(result.pages).toBeLessThan(5)
		expect(result.content).toContain('page 1')
		expect(await prisma.uploadedFile.count()).toBe(0)
	})

	test('a job cancelled before it ran does nothing but clean up', async () => {
		const owner = await createSignedInUser()
		const response = await upload(pdfForm(await createPdf({ pages: 1 })), { cookie: owner.cookie })
		const { queueableId } = response.body as { queueableId: string }
		await cancelQueueable(owner.organization.id, queueableId)
		await runWorkerOnce()
		const queueable = await getQueueable(owner.organization.id, queueableId)
		expect(queueable).toMatchObject({ status: 'FAILED', failureReason: 'Cancelled', result: null })
		expect(await prisma.uploadedFile.count()).toBe(0)
	})

	test('an invalid job payload is refused by the task', async () => {
		await expect(taskList.parse_document!({ nope: true }, {} as never)).rejects.toThrow()
	})
})
