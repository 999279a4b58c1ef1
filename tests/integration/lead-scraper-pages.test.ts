import { afterEach, describe, expect, test } from 'vitest'
import { action as startAction } from '#app/routes/_app+/lead-scraper.new.tsx'
import {
	action as progressAction,
	loader as progressLoader,
} from '#app/routes/_app+/lead-scraper.progress.tsx'
import { loader as importsLoader } from '#app/routes/_app+/imports._index.tsx'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { prisma } from '#app/utils/db.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// The Lead scraper's pages (issue 14) through their loaders and actions: the form's refusals with
// the spec's messages, one import per source (several per files), the dialog's answer and the
// plain form's redirect, the progress view, Cancel Import, and another organization's imports.

afterEach(async () => {
	await stopEventHub()
})

const POST_URL = 'https://www.linkedin.com/posts/ada_engines-activity-7250000000000000000-abcd'

function start(cookie: string, form: FormData | Record<string, string>) {
	return callRoute(() =>
		startAction({
			request: makeRequest('/lead-scraper/new', { method: 'POST', cookie, form }),
			params: {},
			context: {},
		}),
	)
}

function progress(cookie: string, ids: string[], extra = '') {
	const query = new URLSearchParams(ids.map((id) => ['id', id]))
	return callRoute(() =>
		progressLoader({
			request: makeRequest(`/lead-scraper/progress?${query}${extra}`, { cookie }),
			params: {},
			context: {},
		}),
	)
}

function cancel(cookie: string, queueableId: string, mode?: 'fetcher') {
	const form: Record<string, string> = {
		intent: 'cancel',
		queueableId,
		returnTo: '/lead-scraper/progress?id=x',
	}
	if (mode) form.mode = mode
	return callRoute(() =>
		progressAction({
			request: makeRequest('/lead-scraper/progress', { method: 'POST', cookie, form }),
			params: {},
			context: {},
		}),
	)
}

async function toastOf(result: { headers: Headers }) {
	const cookie = result.headers.get('Set-Cookie')?.split(';')[0]
	if (!cookie) return null
	return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } }))).toast
}

function csvFile(name: string, body = 'first name,last name,email\nAda,Lovelace,ada@example.com\n') {
	return new File([body], name, { type: 'text/csv' })
}

describe('the form’s refusals', () => {
	test.each([
		[{ source: 'TEXT', text: '  ' }, 'text', LEAD_IMPORT_MESSAGES.noText],
		[{ source: 'LINK', url: '' }, 'url', LEAD_IMPORT_MESSAGES.noLinkPasted],
		[{ source: 'LINK', url: 'not a link' }, 'url', LEAD_IMPORT_MESSAGES.invalidUrl],
		[{ source: 'LINK', url: POST_URL }, 'url', LEAD_IMPORT_MESSAGES.linkedInPostAsLink],
		[
			{ source: 'LINK', url: 'https://www.linkedin.com/search/results/people/?keywords=cto' },
			'url',
			LEAD_IMPORT_MESSAGES.linkedInPageAsLink,
		],
		[
			{ source: 'LINKEDIN_POST', postUrl: 'https://example.com/page' },
			'postUrl',
			LEAD_IMPORT_MESSAGES.notLinkedInPost,
		],
		[{ source: 'FILE' }, 'file', LEAD_IMPORT_MESSAGES.noFile],
	])('%j → %s: %s', async (fields, field, message) => {
		const owner = await createSignedInUser()
		const answer = await start(owner.cookie, fields)
		expect(answer.status).toBe(400)
		expect(answer.body.result.error[field]).toEqual([message])
		expect(await prisma.leadImport.count({ where: { organizationId: owner.organization.id } })).toBe(0)
	})

	test('a file that is no CSV, and one over 1 MB', async () => {
		const owner = await createSignedInUser()
		const form = new FormData()
		form.set('source', 'FILE')
		form.append('file', new File(['hello'], 'notes.txt', { type: 'text/plain' }))
		expect((await start(owner.cookie, form)).body.result.error['file[0]']).toEqual([
			LEAD_IMPORT_MESSAGES.csvOnly,
		])
		const big = new FormData()
		big.set('source', 'FILE')
		big.append('file', csvFile('big.csv', `name\n${'a'.repeat(1_100_000)}\n`))
		const answer = await start(owner.cookie, big)
		expect(answer.status).toBe(413)
		expect(answer.body.result.error.file).toEqual([LEAD_IMPORT_MESSAGES.fileTooLarge])
	})

	test('a LinkedIn post without the companion’s people: connect your LinkedIn account', async () => {
		const owner = await createSignedInUser()
		const answer = await start(owner.cookie, { source: 'LINKEDIN_POST', postUrl: POST_URL })
		expect(answer.status).toBe(400)
		expect(answer.body.result.error.postUrl).toEqual([LEAD_IMPORT_MESSAGES.connectLinkedIn])
	})
})

describe('starting', () => {
	test('the plain form: a text starts one import and lands on its progress', async () => {
		const owner = await createSignedInUser()
		const answer = await start(owner.cookie, {
			source: 'TEXT',
			text: 'Ada Lovelace, CTO at Acme',
			instructions: 'Only engineers',
			// Another source's fields are ignored.
			url: 'not a link',
		})
		expect(answer.status).toBe(302)
		const created = await prisma.leadImport.findFirstOrThrow({
			where: { organizationId: owner.organization.id },
		})
		expect(created).toMatchObject({
			source: 'TEXT',
			text: 'Ada Lovelace, CTO at Acme',
			instructions: 'Only engineers',
		})
		expect(answer.headers.get('Location')).toBe(`/lead-scraper/progress?id=${created.queueableId}`)
	})

	test('the dialog: several files, one import each, answered with their queue items', async () => {
		const owner = await createSignedInUser()
		const form = new FormData()
		form.set('source', 'FILE')
		form.set('mode', 'dialog')
		form.append('file', csvFile('team.csv'))
		form.append('file', csvFile('speakers.csv'))
		const answer = await start(owner.cookie, form)
		expect(answer.status).toBe(200)
		expect(answer.body.started.map((item: { name: string }) => item.name)).toEqual([
			'team.csv',
			'speakers.csv',
		])
		const imports = await prisma.leadImport.findMany({
			where: { organizationId: owner.organization.id },
			select: { source: true, queueableId: true },
		})
		expect(imports).toHaveLength(2)
		expect(new Set(imports.map((item) => item.queueableId))).toEqual(
			new Set(answer.body.started.map((item: { queueableId: string }) => item.queueableId)),
		)
	})

	test('a link, and a LinkedIn post with the companion’s people and the sliders’ filter', async () => {
		const owner = await createSignedInUser()
		expect((await start(owner.cookie, { source: 'LINK', url: 'example.com/team' })).status).toBe(302)
		const post = await start(owner.cookie, {
			source: 'LINKEDIN_POST',
			postUrl: POST_URL,
			channel: 'comments',
			commentsMin: '0',
			commentsMax: '120',
			contacts: JSON.stringify([
				{
					firstName: 'Grace',
					lastName: 'Hopper',
					linkedin: 'https://www.linkedin.com/in/ghopper',
					role: 'Admiral',
				},
			]),
			postText: 'Engines!',
			mode: 'dialog',
		})
		expect(post.status).toBe(200)
		const [link, fromPost] = await prisma.leadImport.findMany({
			where: { organizationId: owner.organization.id },
			orderBy: { createdAt: 'asc' },
		})
		expect(link).toMatchObject({ source: 'LINK', url: 'https://example.com/team' })
		expect(fromPost).toMatchObject({
			source: 'LINKEDIN_POST',
			url: POST_URL,
			urlClassification: 'POST',
			text: 'Engines!',
			postFilter: { channel: 'comments', comments: [0, 120], reactions: [50, 250] },
			givenContacts: [expect.objectContaining({ firstName: 'Grace', role: 'Admiral' })],
		})
	})
})

describe('progress and Cancel Import', () => {
	test('the progress view shows the organization’s imports only; Cancel Import stops one', async () => {
		const owner = await createSignedInUser()
		const stranger = await createSignedInUser()
		const started = await start(owner.cookie, { source: 'TEXT', text: 'Ada Lovelace', mode: 'dialog' })
		const queueableId: string = started.body.started[0].queueableId

		const shown = await progress(owner.cookie, [queueableId, 'no-such-queue'])
		expect(shown.status).toBe(200)
		expect(shown.body.items).toEqual([
			expect.objectContaining({ queueableId, name: 'Pasted text', state: 'PARSING', source: 'TEXT' }),
		])
		expect(shown.body.items[0].queueable).toMatchObject({ id: queueableId, status: 'PENDING' })
		expect((await progress(stranger.cookie, [queueableId])).status).toBe(404)

		expect((await cancel(stranger.cookie, queueableId)).status).toBe(404)
		const cancelled = await cancel(owner.cookie, queueableId, 'fetcher')
		expect(cancelled.body).toEqual({ cancelled: true, message: null })
		expect(await prisma.queueable.findUniqueOrThrow({ where: { id: queueableId } })).toMatchObject({
			status: 'FAILED',
			cancelledAt: expect.any(Date),
		})
		// Cancelled again once it ended: the spec's message, and the plain form goes back with it.
		await prisma.queueable.update({
			where: { id: queueableId },
			data: { status: 'COMPLETED', cancelledAt: null },
		})
		const refused = await cancel(owner.cookie, queueableId, 'fetcher')
		expect(refused.status).toBe(409)
		expect(refused.body).toEqual({ cancelled: false, message: LEAD_IMPORT_MESSAGES.cancelFailed })
		const plain = await cancel(owner.cookie, queueableId)
		expect(plain.status).toBe(302)
		expect(plain.headers.get('Location')).toBe('/lead-scraper/progress?id=x')
		expect(await toastOf(plain)).toMatchObject({ type: 'error', title: LEAD_IMPORT_MESSAGES.cancelFailed })
	})

	test('once every import has leads, the page goes to the review; the dialog’s copy does not', async () => {
		const owner = await createSignedInUser()
		const started = await start(owner.cookie, { source: 'TEXT', text: 'Ada Lovelace', mode: 'dialog' })
		const queueableId: string = started.body.started[0].queueableId
		await prisma.leadImport.updateMany({ where: { queueableId }, data: { state: 'READY', leadCount: 1 } })
		const page = await progress(owner.cookie, [queueableId])
		expect(page.status).toBe(302)
		expect(page.headers.get('Location')).toBe(`/lead-scraper/${queueableId}`)
		expect((await progress(owner.cookie, [queueableId], '&dialog=1')).status).toBe(200)
	})
})

test('the Imports page lists lead imports: running or ready, then saved or failed with their counts', async () => {
	const owner = await createSignedInUser()
	const organizationId = owner.organization.id
	const make = (name: string, data: Record<string, unknown>) =>
		prisma.leadImport.create({ data: { organizationId, source: 'TEXT', name, ...data } })
	await make('running', { state: 'PARSING' })
	await make('ready', { state: 'READY', leadCount: 4 })
	await make('saved', { state: 'SAVED', leadCount: 9, savedCount: 6, existingCount: 2, duplicateCount: 1 })
	await make('failed', { state: 'FAILED', failureReason: 'No leads were found in this source' })
	const page = await callRoute(() =>
		importsLoader({ request: makeRequest('/imports', { cookie: owner.cookie }), params: {}, context: {} }),
	)
	expect(page.body.leadsActive.map((item: { name: string }) => item.name).sort()).toEqual([
		'ready',
		'running',
	])
	expect(page.body.leadsPast.map((item: { name: string }) => item.name).sort()).toEqual(['failed', 'saved'])
	expect(page.body.leadsPast.find((item: { name: string }) => item.name === 'saved')).toMatchObject({
		leadCount: 9,
		savedCount: 6,
		existingCount: 2,
		duplicateCount: 1,
	})
})
