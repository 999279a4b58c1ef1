import { expect, test } from 'vitest'
import { action, loader } from '#app/routes/_app+/lead-scraper.$queueId.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// The review page of a lead import (/lead-scraper/:queueId, issue 14) through its loader and
// action: the leads with those already contacts, the save with and without JavaScript (a fetcher
// reads the summary back, a plain form is redirected with the toast), "all" new leads, the
// refusals' toasts, inline tag creation, and another organization's queue item a 404.

async function toastOf(result: { headers: Headers }) {
	const cookie = result.headers.get('Set-Cookie')?.split(';')[0]
	if (!cookie) return null
	return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } }))).toast
}

const load = (cookie: string, queueId: string, query = '') =>
	callRoute(() =>
		loader({
			request: makeRequest(`/lead-scraper/${queueId}${query}`, { cookie }),
			params: { queueId },
			context: {},
		}),
	)

function post(cookie: string, queueId: string, fields: Array<[string, string]>, query = '') {
	const form = new FormData()
	for (const [key, value] of fields) form.append(key, value)
	return callRoute(() =>
		action({
			request: makeRequest(`/lead-scraper/${queueId}${query}`, { method: 'POST', cookie, form }),
			params: { queueId },
			context: {},
		}),
	)
}

/** A READY import of these leads, as the import job leaves it. */
async function seedImport(
	organizationId: string,
	leads: Array<{ firstName: string; lastName: string; email?: string; companyName?: string }>,
	state: 'READY' | 'PARSING' = 'READY',
) {
	const queueable = await prisma.queueable.create({
		data: { organizationId, type: 'LEAD_IMPORT', status: state === 'READY' ? 'COMPLETED' : 'PROCESSING' },
	})
	const record = await prisma.leadImport.create({
		data: {
			organizationId,
			source: 'TEXT',
			state,
			name: 'Pasted text',
			leadCount: leads.length,
			queueableId: queueable.id,
			leads: {
				create: leads.map((lead, position) => ({
					position,
					...lead,
					companyDescription: 'Mechanical computers',
				})),
			},
		},
	})
	return { queueId: queueable.id, leadImportId: record.id }
}

test('the leads with those already contacts; a save without JavaScript, then "all" new ones with a tag through the dialog', async () => {
	const { organization, cookie } = await createSignedInUser()
	const organizationId = organization.id
	const company = await prisma.company.create({
		data: { organizationId, name: 'Engines', slug: 'engines', description: 'Engines' },
	})
	await prisma.contact.create({
		data: {
			organizationId,
			companyId: company.id,
			firstName: 'Bob',
			lastName: 'Old',
			email: 'bob@x.example',
		},
	})
	const { queueId } = await seedImport(organizationId, [
		{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.example', companyName: 'Engines' },
		{ firstName: 'Bob', lastName: 'Old', email: 'bob@x.example', companyName: 'Engines' },
		// No email and no LinkedIn: only the contact it became can tell it was saved.
		{ firstName: 'Cy', lastName: 'Keyless', companyName: 'Engines' },
		{ firstName: 'Ada', lastName: 'Again', email: 'ada@x.example', companyName: 'Engines' },
	])

	const first = await load(cookie, queueId)
	expect(first.status).toBe(200)
	const review = first.body.review
	expect(review.leads.map((lead: { firstName: string }) => lead.firstName)).toEqual([
		'Ada',
		'Bob',
		'Cy',
		'Ada',
	])
	expect(review.leads[1].existingContactId).not.toBeNull()
	expect(review.newCount).toBe(3)
	const searched = await load(cookie, queueId, '?search=keyless')
	expect(searched.body.review.leads.map((lead: { lastName: string }) => lead.lastName)).toEqual(['Keyless'])
	expect(searched.body.review.newCount).toBe(3)

	// The plain form (no JavaScript): redirected back with the toast.
	const cy = review.leads[2].id
	const plain = await post(
		cookie,
		queueId,
		[
			['intent', 'save'],
			['leadId', cy],
		],
		'?page=1',
	)
	expect(plain.status).toBe(302)
	expect(plain.headers.get('Location')).toBe(`/lead-scraper/${queueId}?page=1`)
	expect(await toastOf(plain)).toMatchObject({
		type: 'success',
		title:
			'Successfully processed 1 contacts! (1 new contacts created..., 0 existing contacts tagged or found)',
	})
	const afterPlain = (await load(cookie, queueId)).body.review
	expect(afterPlain.leads[2].existingContactId).not.toBeNull()
	expect(afterPlain.newCount).toBe(2)

	// The dialog (a fetcher): "all" new ones with a tag; the duplicate is a warning.
	const tag = await prisma.tag.create({ data: { organizationId, name: 'Conference' } })
	const saved = await post(cookie, queueId, [
		['intent', 'save'],
		['reply', 'data'],
		['selection', 'all'],
		['tagId', tag.id],
	])
	expect(saved.status).toBe(200)
	expect(saved.body).toEqual({
		status: 'saved',
		message:
			'Successfully processed 1 contacts! (1 new contacts created..., 0 existing contacts tagged or found) • 1 skipped',
		warnings: ['Skipped 1 duplicate contacts'],
	})
	expect(await toastOf(saved)).toMatchObject({ type: 'success', title: saved.body.message })
	const tagged = await prisma.contactTag.findMany({ where: { tagId: tag.id }, select: { contact: true } })
	expect(tagged.map((row) => row.contact.firstName)).toEqual(['Ada'])
	// Bob (a contact already) was not part of "all": he got no tag.
	expect(await prisma.contact.count({ where: { organizationId } })).toBe(3)
	expect((await load(cookie, queueId)).body.review.newCount).toBe(0)

	// Nothing new left, nothing chosen: the spec's refusals.
	const none = await post(cookie, queueId, [
		['intent', 'save'],
		['reply', 'data'],
		['selection', 'all'],
	])
	expect(none.status).toBe(400)
	expect(none.body).toEqual({ status: 'refused', message: 'No processed leads to save.' })
	expect(await toastOf(none)).toMatchObject({ type: 'error', title: 'No processed leads to save.' })
	const nothing = await post(cookie, queueId, [['intent', 'save']])
	expect(nothing.status).toBe(302)
	expect(await toastOf(nothing)).toMatchObject({ type: 'error', title: 'No leads selected.' })
	const foreignTag = await post(cookie, queueId, [
		['intent', 'save'],
		['leadId', cy],
		['tagId', 'no-such-tag'],
	])
	expect(await toastOf(foreignTag)).toMatchObject({ type: 'error', title: 'Tag not found' })
})

test('tags created inline without JavaScript; a parsing import has nothing to review; another organization gets 404', async () => {
	const { organization, cookie } = await createSignedInUser()
	const { queueId } = await seedImport(organization.id, [{ firstName: 'Ada', lastName: 'Lovelace' }])

	const empty = await post(cookie, queueId, [
		['intent', 'create-tag'],
		['name', '   '],
	])
	expect(await toastOf(empty)).toMatchObject({
		type: 'error',
		title: 'Failed to create tag: Tag name is required',
	})
	const created = await post(
		cookie,
		queueId,
		[
			['intent', 'create-tag'],
			['name', '  Speakers '],
		],
		'?page=1',
	)
	expect(await toastOf(created)).toMatchObject({ type: 'success', title: 'Tag created successfully!' })
	expect(created.headers.get('Location')).toBe(`/lead-scraper/${queueId}?page=1&tagSearch=Speakers`)
	const page = await load(cookie, queueId, '?tagSearch=Speakers')
	expect(page.body.review.tags.items).toEqual([
		expect.objectContaining({ name: 'Speakers', contactCount: 0 }),
	])

	const parsing = await seedImport(organization.id, [], 'PARSING')
	const still = await load(cookie, parsing.queueId)
	expect(still.body).toMatchObject({ leadImport: { state: 'PARSING' }, review: null })
	const early = await post(cookie, parsing.queueId, [
		['intent', 'save'],
		['selection', 'all'],
	])
	expect(await toastOf(early)).toMatchObject({ type: 'error', title: 'No processed leads to save.' })

	const stranger = await createSignedInUser()
	expect((await load(stranger.cookie, queueId)).status).toBe(404)
	const foreign = await post(stranger.cookie, queueId, [
		['intent', 'save'],
		['selection', 'all'],
	])
	expect(foreign.status).toBe(404)
	expect(await prisma.contact.count({ where: { organizationId: stranger.organization.id } })).toBe(0)
})
