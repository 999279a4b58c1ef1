import { afterAll, beforeAll, expect, test } from 'vitest'
import { type GenerateSequencePayload } from '#app/jobs/generate-sequence.ts'
import { cancelSequenceGenerations } from '#app/models/assistant/cancel-generation.server.ts'
import {
	runSequenceGeneration,
	startSequenceGeneration,
} from '#app/models/assistant/generate-sequence.server.ts'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { action as apiSequenceAction } from '#app/routes/api+/v1+/sequences.$id.ts'
import { action as drawerAction } from '#app/routes/_app+/sequences.$sequenceId.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { startFakeOpenAI, type FakeOpenAI, pointModelAt, unsetModel } from '#tests/fakes/openai-server.ts'

// Cancelling a generation: the CREATING row and its pending job go, a job already running writes
// nothing, a sequence written meanwhile stays, and only the organization's own sequences count.

const options = { prompt: '', orgPrompt: true, linkedin: false, phoneCall: false }

async function organizationWithContact() {
	const signedIn = await createSignedInUser()
	const { organization, user } = signedIn
	const mailbox = await ensureUserMailbox({
		organizationId: organization.id,
		userId: user.id,
		email: user.email,
	})
	const contact = await insertContact(organization.id, { firstName: 'Ada', lastName: 'Lovelace' })
	const actor = { organizationId: organization.id, userId: user.id, email: user.email, name: user.name }
	const start = () =>
		startSequenceGeneration({ actor, contactId: contact.id, emailAddressId: mailbox.id, options })
	return { ...signedIn, mailbox, contact, start }
}

async function jobOf(sequenceId: string) {
	const rows = await prisma.$queryRaw<
		Array<{ id: string; payload: GenerateSequencePayload; attempts: number; max_attempts: number }>
	>`SELECT id::text, payload, attempts, max_attempts FROM graphile_worker._private_jobs
		WHERE key = ${'generate-sequence:' + sequenceId}`
	return rows[0] ?? null
}

test('cancel deletes the CREATING sequence and its pending job; a later run of the job writes nothing', async () => {
	const { organization, start } = await organizationWithContact()
	const first = await start()
	const second = await start()
	const job = await jobOf(first.id)
	expect(job).not.toBeNull()

	expect(await cancelSequenceGenerations(organization.id, [first.id, second.id, first.id])).toBe(2)
	expect(await prisma.sequence.count({ where: { id: { in: [first.id, second.id] } } })).toBe(0)
	expect(await jobOf(first.id)).toBeNull()
	expect(await jobOf(second.id)).toBeNull()

	// A worker that had already fetched the job finds the row gone.
	expect(await runSequenceGeneration(job!.payload, { isFinalAttempt: true })).toBe('gone')
	expect(await prisma.emailStep.count({ where: { sequenceId: first.id } })).toBe(0)
	expect(await prisma.sequence.count({ where: { id: first.id } })).toBe(0)
})

test('a running (locked) job is not retried after cancel', async () => {
	const { organization, start } = await organizationWithContact()
	const sequence = await start()
	await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test-worker'
		WHERE key = ${'generate-sequence:' + sequence.id}`
	const locked = await prisma.$queryRaw<Array<{ id: string }>>`
		SELECT id::text FROM graphile_worker._private_jobs WHERE locked_by = 'test-worker'`
	expect(await cancelSequenceGenerations(organization.id, [sequence.id])).toBe(1)
	const [job] = await prisma.$queryRaw<Array<{ key: string | null; attempts: number; max_attempts: number }>>`
		SELECT key, attempts, max_attempts FROM graphile_worker._private_jobs WHERE id = ${locked[0]!.id}::bigint`
	expect(job).toMatchObject({ key: null })
	expect(job!.attempts).toBe(job!.max_attempts)
	await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE id = ${locked[0]!.id}::bigint`
})

test('another organization’s sequences are not cancelled, nor anything not CREATING', async () => {
	const mine = await organizationWithContact()
	const theirs = await organizationWithContact()
	const their = await theirs.start()
	const draft = await prisma.sequence.create({
		data: { organizationId: mine.organization.id, contactId: mine.contact.id, status: 'PENDING' },
	})
	expect(await cancelSequenceGenerations(mine.organization.id, [their.id, draft.id])).toBe(0)
	expect(await prisma.sequence.findUnique({ where: { id: their.id } })).toMatchObject({ status: 'CREATING' })
	expect(await jobOf(their.id)).not.toBeNull()
	expect(await prisma.sequence.findUnique({ where: { id: draft.id } })).toMatchObject({ status: 'PENDING' })
	expect(await cancelSequenceGenerations(mine.organization.id, [])).toBe(0)
})

test('DELETE /api/v1/sequences/:id cancels a generation; another organization gets a 404', async () => {
	const mine = await organizationWithContact()
	const other = await organizationWithContact()
	const sequence = await mine.start()
	const remove = (cookie: string) =>
		callRoute(() =>
			apiSequenceAction({
				request: makeRequest(`/api/v1/sequences/${sequence.id}`, { method: 'DELETE', cookie }),
				params: { id: sequence.id },
				context: {},
			}),
		)
	const refused = await remove(other.cookie)
	expect(refused.status).toBe(404)
	expect(await jobOf(sequence.id)).not.toBeNull()

	const deleted = await remove(mine.cookie)
	expect(deleted.status).toBe(200)
	expect(deleted.body).toEqual({ message: 'Sequence deleted' })
	expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)
	expect(await jobOf(sequence.id)).toBeNull()
})

test('the drawer’s cancel-generation intent: cancels and closes; 409 once written; 404 for another organization', async () => {
	const mine = await organizationWithContact()
	const other = await organizationWithContact()
	const sequence = await mine.start()
	const post = (cookie: string, form: Record<string, string>) =>
		callRoute(() =>
			drawerAction({
				request: makeRequest(`/sequences/${sequence.id}`, { method: 'POST', cookie, form }),
				params: { sequenceId: sequence.id },
				context: {},
			}),
		)
	const fetcher = { intent: 'cancel-generation', mode: 'fetcher', returnTo: `/sequences/${sequence.id}` }

	const theirs = await post(other.cookie, fetcher)
	expect(theirs.status).toBe(404)
	expect(await jobOf(sequence.id)).not.toBeNull()

	// Plain form: back to the list.
	const plain = await post(mine.cookie, {
		intent: 'cancel-generation',
		returnTo: `/sequences/${sequence.id}`,
		closeTo: '/sequences',
	})
	expect(plain.status).toBe(302)
	expect(plain.headers.get('Location')).toBe('/sequences')
	expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)
	expect(await jobOf(sequence.id)).toBeNull()

	// Written before the cancel arrived: it stays, and the user is told.
	const written = await mine.start()
	await prisma.sequence.update({ where: { id: written.id }, data: { status: 'PENDING' } })
	const late = await callRoute(() =>
		drawerAction({
			request: makeRequest(`/sequences/${written.id}`, {
				method: 'POST',
				cookie: mine.cookie,
				form: fetcher,
			}),
			params: { sequenceId: written.id },
			context: {},
		}),
	)
	expect(late.status).toBe(409)
	expect(late.body).toMatchObject({ ok: false, toast: { title: 'Failed to cancel generation' } })
	expect(await prisma.sequence.count({ where: { id: written.id } })).toBe(1)
})

test.describe('with a model that is still writing', () => {
	let fake: FakeOpenAI
	beforeAll(async () => {
		fake = await startFakeOpenAI()
		pointModelAt(fake)
	})
	afterAll(async () => {
		await fake.close()
		unsetModel()
	})

	test('a generation cancelled while the model writes saves nothing', async () => {
		const { organization, start } = await organizationWithContact()
		const sequence = await start()
		const job = (await jobOf(sequence.id))!
		fake.setDelayMs(500)
		fake.setHandler(() => ({
			emailSteps: [{ subject: 'Hello Ada', body: 'Hi Ada,\n\nA note.\n\nUser', daysAfter: 0 }],
			linkedInSteps: [],
			phoneCallSteps: [],
		}))
		const running = runSequenceGeneration(job.payload, { isFinalAttempt: true })
		// Cancel once the model has the request.
		await expect.poll(() => fake.requests().length, { timeout: 5_000 }).toBeGreaterThan(0)
		expect(await cancelSequenceGenerations(organization.id, [sequence.id])).toBe(1)
		expect(await running).toBe('gone')
		expect(await prisma.emailStep.count({ where: { sequenceId: sequence.id } })).toBe(0)
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)
	})
})
