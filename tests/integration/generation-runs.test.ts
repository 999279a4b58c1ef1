import { Logger, runOnce } from 'graphile-worker'
import { expect, test } from 'vitest'
import { NOTHING_TO_GENERATE } from '#app/models/assistant/generation-run.server.ts'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { addToCampaign, createCampaignRecord } from '#tests/factories/campaign.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// Generate Sequences: many contacts (picked or a campaign's), one CREATING draft and one job
// each, written by the worker with the offline writer; one run's figures; activate together.

const send = setupApiRouter()
const quietLogger = new Logger(() => () => {})

async function signedInWithMailbox() {
	const signedIn = await createSignedInUser()
	const mailbox = await ensureUserMailbox({
		organizationId: signedIn.organization.id,
		userId: signedIn.user.id,
		email: signedIn.user.email,
		name: signedIn.user.name,
	})
	return { ...signedIn, mailbox }
}

function runWorker() {
	return runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		logger: quietLogger,
	})
}

test('a campaign run: one draft per contact with an email, skips the rest, figures, then activate all', async () => {
	const { cookie, mailbox, organization, user } = await signedInWithMailbox()
	const campaign = await createCampaignRecord(organization.id, { name: 'Spring launch' })
	const contacts = await Promise.all(
		['Ada', 'Grace', 'Alan'].map((firstName) => insertContact(organization.id, { firstName })),
	)
	const noEmail = await insertContact(organization.id, { firstName: 'Nobody', email: null })
	const alreadyOpen = await insertContact(organization.id, { firstName: 'Busy' })
	await insertSequence({ organizationId: organization.id, user, contactId: alreadyOpen.id, status: 'ACTIVE' })
	await addToCampaign(campaign.id, [...contacts.map((c) => c.id), noEmail.id, alreadyOpen.id])

	const started = await send('POST', '/api/v1/sequence-generations', {
		cookie,
		json: { campaignId: campaign.id, emailAddressId: mailbox.id, prompt: 'Mention our spring launch' },
	})
	expect(started.status).toBe(202)
	expect(started.json.data).toMatchObject({ name: 'Spring launch', total: 3, skipped: 2 })
	const runId = started.json.data.id as string

	const jobs = await prisma.$queryRaw<
		Array<{ key: string; priority: number; payload: Record<string, unknown> }>
	>`
		SELECT j.key, j.priority, j.payload FROM graphile_worker._private_jobs j
		JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'generate_sequence'`
	expect(jobs).toHaveLength(3)
	expect(jobs.every((job) => job.key.startsWith('generate-sequence:') && job.priority > 0)).toBe(true)
	expect(jobs[0]!.payload).toMatchObject({
		prompt: 'Mention our spring launch',
		orgPrompt: true,
		linkedin: false,
	})

	const during = await send('GET', `/api/v1/sequence-generations/${runId}`, { cookie })
	expect(during.json.data.counts).toMatchObject({ total: 3, generating: 3, drafts: 0, progress: 0 })
	expect(during.json.sequences).toHaveLength(3)

	await runWorker()
	const after = await send('GET', `/api/v1/sequence-generations/${runId}`, { cookie })
	expect(after.json.data.counts).toMatchObject({
		total: 3,
		generating: 0,
		drafts: 3,
		failed: 0,
		progress: 100,
	})
	for (const row of after.json.sequences as Array<{ status: string; stepCount: number; subject: string }>) {
		expect(row.status).toBe('PENDING')
		expect(row.stepCount).toBeGreaterThan(0)
		expect(row.subject).not.toBe('')
	}

	// Running it again adds nobody: every contact now has an open draft, so no empty run starts.
	const again = await send('POST', '/api/v1/sequence-generations', {
		cookie,
		json: { campaignId: campaign.id, emailAddressId: mailbox.id },
	})
	expectApiError(again, 400, NOTHING_TO_GENERATE)
	expect(await prisma.sequenceGeneration.count({ where: { campaignId: campaign.id } })).toBe(1)

	const activated = await send('POST', `/api/v1/sequence-generations/${runId}/activate`, { cookie })
	expect(activated.json).toMatchObject({ activated: 3, message: '3 sequences activated' })
	const statuses = await prisma.sequence.findMany({
		where: { generationId: runId },
		select: { status: true },
	})
	expect(statuses.map((s) => s.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE'])
})

test('picked contacts, or all matching a filter minus the unticked', async () => {
	const { cookie, mailbox, organization } = await signedInWithMailbox()
	const picked = await Promise.all(
		['Mira', 'Nia', 'Omar'].map((firstName) =>
			insertContact(organization.id, { firstName, role: 'VP Sales' }),
		),
	)
	const byIds = await send('POST', '/api/v1/sequence-generations', {
		cookie,
		json: { contactIds: [picked[0]!.id, picked[1]!.id], emailAddressId: mailbox.id },
	})
	expect(byIds.status).toBe(202)
	expect(byIds.json.data).toMatchObject({ name: '2 contacts', total: 2, skipped: 0 })

	const all = await send('POST', '/api/v1/sequence-generations', {
		cookie,
		json: { contactIds: 'all', search: 'Omar', exclude_ids: [], emailAddressId: mailbox.id },
	})
	expect(all.json.data).toMatchObject({ total: 1 })
	const omar = await prisma.sequence.findFirstOrThrow({ where: { generationId: all.json.data.id } })
	expect(omar).toMatchObject({ contactId: picked[2]!.id, status: 'CREATING' })
})

test('bad input: no sender, no contacts, an unknown campaign', async () => {
	const { cookie, mailbox } = await signedInWithMailbox()
	await expectApiError(
		await send('POST', '/api/v1/sequence-generations', { cookie, json: { contactIds: ['x'] } }),
		400,
		'Please select a sender email',
	)
	await expectApiError(
		await send('POST', '/api/v1/sequence-generations', { cookie, json: { emailAddressId: mailbox.id } }),
		400,
		'Select at least one contact',
	)
	await expectApiError(
		await send('POST', '/api/v1/sequence-generations', {
			cookie,
			json: { contactIds: ['no-such-contact'], emailAddressId: mailbox.id },
		}),
		400,
		'Select at least one contact',
	)
	await expectApiError(
		await send('POST', '/api/v1/sequence-generations', {
			cookie,
			json: { campaignId: 'no-such-campaign', emailAddressId: mailbox.id },
		}),
		404,
		'Campaign not found',
	)
})

test("another organization's contacts, campaign, sender and run stay out of reach", async () => {
	const mine = await signedInWithMailbox()
	const theirs = await signedInWithMailbox()
	const theirContact = await insertContact(theirs.organization.id)
	const theirCampaign = await createCampaignRecord(theirs.organization.id)
	await addToCampaign(theirCampaign.id, [theirContact.id])

	await expectApiError(
		await send('POST', '/api/v1/sequence-generations', {
			cookie: mine.cookie,
			json: { contactIds: [theirContact.id], emailAddressId: mine.mailbox.id },
		}),
		400,
		'Select at least one contact',
	)
	await expectApiError(
		await send('POST', '/api/v1/sequence-generations', {
			cookie: mine.cookie,
			json: { campaignId: theirCampaign.id, emailAddressId: mine.mailbox.id },
		}),
		404,
	)
	const myContact = await insertContact(mine.organization.id)
	await expectApiError(
		await send('POST', '/api/v1/sequence-generations', {
			cookie: mine.cookie,
			json: { contactIds: [myContact.id], emailAddressId: theirs.mailbox.id },
		}),
		400,
		'Please select a sender email',
	)

	const theirRun = await send('POST', '/api/v1/sequence-generations', {
		cookie: theirs.cookie,
		json: { campaignId: theirCampaign.id, emailAddressId: theirs.mailbox.id },
	})
	const runId = theirRun.json.data.id as string
	await expectApiError(
		await send('GET', `/api/v1/sequence-generations/${runId}`, { cookie: mine.cookie }),
		404,
	)
	await expectApiError(
		await send('POST', `/api/v1/sequence-generations/${runId}/activate`, { cookie: mine.cookie }),
		404,
	)
	await expectApiError(
		await send('POST', `/api/v1/sequence-generations/${runId}/cancel`, { cookie: mine.cookie }),
		404,
	)
	const myList = await send('GET', '/api/v1/sequence-generations', { cookie: mine.cookie })
	expect((myList.json.data as Array<{ id: string }>).map((run) => run.id)).not.toContain(runId)
	expect(await prisma.sequence.count({ where: { generationId: runId, status: 'CREATING' } })).toBe(1)
})
