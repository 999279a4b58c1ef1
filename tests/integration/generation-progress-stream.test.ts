import { afterEach, expect, test } from 'vitest'
import { startGenerationRun } from '#app/models/assistant/generation-run.server.ts'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import {
	action as newRunAction,
	loader as newRunLoader,
} from '#app/routes/_app+/sequences_.generations.new.tsx'
import {
	action as runPageAction,
	loader as runPageLoader,
} from '#app/routes/_app+/sequences_.generations.$runId.tsx'
import { loader } from '#app/routes/resources+/sequence-generations.events.ts'
import { prisma } from '#app/utils/db.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { addToCampaign, createCampaignRecord } from '#tests/factories/campaign.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'
import { sseReader } from '#tests/sse-reader.ts'

// "Generating N%" live: a NOTIFY from the Sequence trigger reaches the organization's stream,
// coalesced into progress frames; a run's stream also carries its figures.

afterEach(async () => {
	await stopEventHub()
})

async function campaignRun(contactCount = 2) {
	const signedIn = await createSignedInUser()
	const actor = {
		organizationId: signedIn.organization.id,
		userId: signedIn.user.id,
		email: signedIn.user.email,
		name: signedIn.user.name,
	}
	const mailbox = await ensureUserMailbox(actor)
	const campaign = await createCampaignRecord(actor.organizationId, { name: 'Autumn' })
	const contacts = await Promise.all(
		Array.from({ length: contactCount }, () => insertContact(actor.organizationId)),
	)
	await addToCampaign(
		campaign.id,
		contacts.map((contact) => contact.id),
	)
	return { ...signedIn, actor, mailbox, campaign }
}

function openStream(cookie: string, query = '', signal?: AbortSignal) {
	return loader({
		request: makeRequest(`/resources/sequence-generations/events${query}`, { cookie, headers: {} }),
		params: {},
		context: {},
	} as never).then((response) => {
		if (signal) signal.addEventListener('abort', () => void response.body?.cancel())
		return response
	})
}

test("a run's stream: its figures at once, then each sequence's progress and the new figures", async () => {
	const { cookie, actor, mailbox, campaign } = await campaignRun(2)
	const run = await startGenerationRun({
		actor,
		target: { campaignId: campaign.id },
		emailAddressId: mailbox.id,
		options: { prompt: '', orgPrompt: true, linkedin: false, phoneCall: false },
	})
	const response = await openStream(cookie, `?run=${run.id}`)
	expect(response.headers.get('Content-Type')).toContain('text/event-stream')
	const stream = sseReader(response)
	const first = await stream.nextEvent('progress')
	expect(first?.data).toMatchObject({ sequences: [], run: { total: 2, generating: 2, progress: 0 } })

	const [one] = await prisma.sequence.findMany({ where: { generationId: run.id }, orderBy: { id: 'asc' } })
	await prisma.sequence.update({ where: { id: one!.id }, data: { progress: 30 } })
	const moved = await stream.nextEvent('progress')
	expect(moved?.data.sequences).toEqual([
		{ id: one!.id, generationId: run.id, status: 'CREATING', progress: 30 },
	])
	expect(moved?.data.run).toMatchObject({ generating: 2, progress: 15 })

	await prisma.sequence.update({ where: { id: one!.id }, data: { status: 'FAILED', progress: 0 } })
	const failed = await stream.nextEvent('progress')
	expect(failed?.data.sequences[0]).toMatchObject({ id: one!.id, status: 'FAILED' })
	expect(failed?.data.run).toMatchObject({ generating: 1, failed: 1, progress: 50 })
	await stream.cancel()
})

test("the organization's stream carries its own generations only, and sending never notifies", async () => {
	const mine = await campaignRun(1)
	const theirs = await campaignRun(1)
	const response = await openStream(mine.cookie)
	const stream = sseReader(response)
	expect(await stream.next()).toEqual({ retry: '3000' })
	expect(await stream.next()).toMatchObject({ event: 'resync' })

	const theirRun = await startGenerationRun({
		actor: theirs.actor,
		target: { campaignId: theirs.campaign.id },
		emailAddressId: theirs.mailbox.id,
		options: { prompt: '', orgPrompt: true, linkedin: false, phoneCall: false },
	})
	await prisma.sequence.updateMany({ where: { generationId: theirRun.id }, data: { progress: 40 } })
	// A sequence that is not generating (sending, pausing) never notifies.
	const sending = await insertSequence({
		organizationId: mine.actor.organizationId,
		user: mine.user,
		status: 'ACTIVE',
	})
	await prisma.sequence.update({ where: { id: sending.id }, data: { status: 'PAUSED', progress: 50 } })
	const myRun = await startGenerationRun({
		actor: mine.actor,
		target: { campaignId: mine.campaign.id },
		emailAddressId: mine.mailbox.id,
		options: { prompt: '', orgPrompt: true, linkedin: false, phoneCall: false },
	})
	await prisma.sequence.updateMany({ where: { generationId: myRun.id }, data: { progress: 90 } })
	const frame = await stream.nextEvent('progress')
	expect(frame?.data.sequences).toHaveLength(1)
	expect(frame?.data.sequences[0]).toMatchObject({ generationId: myRun.id, progress: 90 })
	expect(frame?.data.run).toBeUndefined()
	await stream.cancel()

	// Another organization's run cannot be followed.
	const denied = await callRoute(() => openStream(mine.cookie, `?run=${theirRun.id}`))
	expect(denied.status).toBe(404)
})

test('the Generate Sequences page: its data, and its form starts a run and redirects to it (no JavaScript)', async () => {
	const { cookie, mailbox, campaign } = await campaignRun(3)
	const page = await callRoute(() =>
		newRunLoader({
			request: makeRequest(`/sequences/generations/new?campaignId=${campaign.id}`, { cookie }),
			params: {},
			context: {},
		} as never),
	)
	expect(page.body).toMatchObject({ target: { label: 'Autumn', count: 3 }, phoneEnabled: false })
	expect(page.body.mailboxes).toEqual([{ id: mailbox.id, address: mailbox.address }])

	const missingSender = await callRoute(() =>
		newRunAction({
			request: makeRequest('/sequences/generations/new', {
				method: 'POST',
				cookie,
				form: { campaignId: campaign.id, emailAddressId: '', orgPrompt: 'on' },
			}),
			params: {},
			context: {},
		} as never),
	)
	expect(missingSender.status).toBe(400)
	expect(missingSender.body).toMatchObject({
		result: { error: { emailAddressId: ['Please select a sender email'] } },
	})

	const started = await callRoute(() =>
		newRunAction({
			request: makeRequest('/sequences/generations/new', {
				method: 'POST',
				cookie,
				form: { campaignId: campaign.id, emailAddressId: mailbox.id, orgPrompt: 'on', prompt: 'Be brief' },
			}),
			params: {},
			context: {},
		} as never),
	)
	expect(started.status).toBe(302)
	const location = started.headers.get('Location')!
	expect(location).toMatch(/^\/sequences\/generations\/.+/)
	const run = await prisma.sequenceGeneration.findUniqueOrThrow({
		where: { id: location.split('/').pop()! },
		include: { _count: { select: { sequences: true } } },
	})
	expect(run).toMatchObject({ prompt: 'Be brief', orgPrompt: true, linkedin: false, campaignId: campaign.id })
	expect(run._count.sequences).toBe(3)
})

test("the run page: another organization's run is a 404 to read, activate or cancel", async () => {
	const theirs = await campaignRun(1)
	const mine = await campaignRun(1)
	const run = await startGenerationRun({
		actor: theirs.actor,
		target: { campaignId: theirs.campaign.id },
		emailAddressId: theirs.mailbox.id,
		options: { prompt: '', orgPrompt: true, linkedin: false, phoneCall: false },
	})
	const read = await callRoute(() =>
		runPageLoader({
			request: makeRequest(`/sequences/generations/${run.id}`, { cookie: mine.cookie }),
			params: { runId: run.id },
			context: {},
		} as never),
	)
	expect(read.status).toBe(404)
	for (const intent of ['activate', 'cancel']) {
		const changed = await callRoute(() =>
			runPageAction({
				request: makeRequest(`/sequences/generations/${run.id}`, {
					method: 'POST',
					cookie: mine.cookie,
					form: { intent },
				}),
				params: { runId: run.id },
				context: {},
			} as never),
		)
		expect(changed.status).toBe(404)
	}
	expect(await prisma.sequence.count({ where: { generationId: run.id, status: 'CREATING' } })).toBe(1)
	const mineReads = await callRoute(() =>
		runPageLoader({
			request: makeRequest(`/sequences/generations/${run.id}`, { cookie: theirs.cookie }),
			params: { runId: run.id },
			context: {},
		} as never),
	)
	expect(mineReads.body.counts).toMatchObject({ total: 1, generating: 1 })
})
