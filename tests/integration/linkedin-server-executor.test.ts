import { afterAll, beforeAll, expect, test } from 'vitest'
import { saveLinkedInAuthStatus } from '#app/models/linkedin/linkedin-connection.server.ts'
import { runServerLinkedInActions } from '#app/models/linkedin/run-linkedin-actions.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'
import { startFakeLinkedIn, type FakeLinkedIn } from '#tests/fakes/linkedin-server.ts'

// The server-side executor (decision 029) against the fake LinkedIn: the real client, the real
// claims and reports, only LinkedIn faked at its HTTP boundary.

let fake: FakeLinkedIn

beforeAll(async () => {
	fake = await startFakeLinkedIn({ accounts: [] })
})
afterAll(async () => {
	await fake.close()
})

let counter = 0

/** A user whose LinkedIn session (the fake's account `username`) the server may use. */
async function serverAccount() {
	const username = `seller-${++counter}-${Date.now().toString(36)}`
	const credentials = fake.addAccount({ username, firstName: 'Sam', lastName: 'Seller' })
	const signedIn = await createSignedInUser()
	await saveLinkedInAuthStatus(signedIn.user.id, {
		isAuthenticated: true,
		linkedInAuthData: {
			cookie: credentials.cookie,
			csrfToken: credentials.csrfToken,
			userDetails: { publicIdentifier: username },
		},
		linkedinOrgConsent: false,
	})
	await prisma.linkedInAccount.upsert({
		where: { userId: signedIn.user.id },
		create: {
			userId: signedIn.user.id,
			allowServerActions: true,
			activeHoursStart: 0,
			activeHoursEnd: 24,
			paceMinSeconds: 0,
			paceMaxSeconds: 0,
		},
		update: {
			allowServerActions: true,
			activeHoursStart: 0,
			activeHoursEnd: 24,
			paceMinSeconds: 0,
			paceMaxSeconds: 0,
		},
	})
	return { ...signedIn, username, credentials }
}

async function personSequence(owner: Awaited<ReturnType<typeof serverAccount>>, emailSteps = 0) {
	const person = fake.addPerson({ username: `lead-${++counter}`, firstName: 'Lee', lastName: 'Lead' })
	const contact = await insertContact(owner.organization.id, { email: `${person.username}@example.org` })
	await prisma.contact.update({
		where: { id: contact.id },
		data: { linkedin: `https://www.linkedin.com/in/${person.username}/` },
	})
	const past = new Date(Date.now() - 60_000)
	const sequence = await insertSequence({
		organizationId: owner.organization.id,
		user: owner.user,
		contactId: contact.id,
		status: 'ACTIVE',
		steps: Array.from({ length: emailSteps }, () => ({ status: 'SCHEDULED' as const, daysAfter: 3 })),
		linkedInSteps: [
			{
				linkedinUrl: `https://www.linkedin.com/in/${person.username}/`,
				requestNote: 'Hello Lee, a note.',
				status: 'SCHEDULED',
				scheduledFor: past,
			},
			{
				linkedinUrl: `https://www.linkedin.com/in/${person.username}/`,
				message: 'Thanks for connecting, Lee.',
				status: 'SCHEDULED',
				scheduledFor: past,
			},
		],
	})
	return { person, sequence }
}

function run() {
	return runServerLinkedInActions({ baseUrl: fake.baseUrl, budgetMs: 20_000 })
}

async function makeDue(stepId: string) {
	await prisma.linkedInStep.update({
		where: { id: stepId },
		data: { nextCheckAt: new Date(Date.now() - 1000) },
	})
}

test('request with its note, acceptance, message, reply: the sequence stops, the email never goes', async () => {
	const owner = await serverAccount()
	const { person, sequence } = await personSequence(owner, 1)
	const [connect, message] = sequence.linkedInSteps

	await run()
	expect(fake.invitationsFrom(owner.username)).toEqual([{ to: person.username, note: 'Hello Lee, a note.' }])
	expect(await prisma.linkedInStep.findUniqueOrThrow({ where: { id: connect!.id } })).toMatchObject({
		status: 'SENT',
	})
	// A second pass sends nothing again.
	await run()
	expect(
		fake.received.filter((request) => request.account === owner.username && request.method === 'POST'),
	).toHaveLength(1)

	fake.acceptInvitation(owner.username, person.username)
	await makeDue(connect!.id)
	await run()
	expect((await prisma.linkedInStep.findUniqueOrThrow({ where: { id: connect!.id } })).status).toBe(
		'ACCEPTED',
	)
	expect((await prisma.linkedInStep.findUniqueOrThrow({ where: { id: message!.id } })).status).toBe('SENT')
	expect(fake.messagesBetween(owner.username, person.username)).toEqual([
		expect.objectContaining({ from: owner.username, text: 'Thanks for connecting, Lee.' }),
	])

	fake.reply(person.username, owner.username, 'Sounds good — Thursday?')
	await makeDue(message!.id)
	await run()
	const stopped = await prisma.sequence.findUniqueOrThrow({
		where: { id: sequence.id },
		include: { linkedInSteps: { orderBy: { order: 'asc' } }, emailSteps: true, messages: true },
	})
	expect(stopped.status).toBe('PAUSED')
	expect(stopped.linkedInSteps[1]).toMatchObject({
		status: 'REPLIED',
		repliedContent: 'Sounds good — Thursday?',
	})
	expect(stopped.messages).toEqual([
		expect.objectContaining({ type: 'LINKEDIN', bodyText: 'Sounds good — Thursday?' }),
	])
	expect(stopped.emailSteps[0]!.status).toBe('SCHEDULED')
})

test('someone already connected gets no request; a message goes straight away', async () => {
	const owner = await serverAccount()
	const person = fake.addPerson({
		username: `known-${++counter}`,
		firstName: 'Kim',
		lastName: 'Known',
		connectedTo: [owner.username],
	})
	const contact = await insertContact(owner.organization.id, { email: `${person.username}@example.org` })
	const sequence = await insertSequence({
		organizationId: owner.organization.id,
		user: owner.user,
		contactId: contact.id,
		status: 'ACTIVE',
		steps: [],
		linkedInSteps: [
			{
				username: person.username,
				requestNote: 'Hi',
				status: 'SCHEDULED',
				scheduledFor: new Date(Date.now() - 1000),
			},
			{
				username: person.username,
				message: 'Good to see you here.',
				status: 'SCHEDULED',
				scheduledFor: new Date(Date.now() - 1000),
			},
		],
	})
	await run()
	expect(fake.invitationsFrom(owner.username)).toEqual([])
	const steps = await prisma.linkedInStep.findMany({
		where: { sequenceId: sequence.id },
		orderBy: { order: 'asc' },
	})
	expect(steps.map((step) => step.status)).toEqual(['ACCEPTED', 'SENT'])
	expect(steps[0]!.metadata).toMatchObject({ alreadyConnected: true })
})

test('an expired session pauses the account and sends nothing more; reconnecting resumes it', async () => {
	const owner = await serverAccount()
	await personSequence(owner)
	fake.expireSession(owner.credentials.liAt)
	await run()
	const account = await prisma.linkedInAccount.findUniqueOrThrow({ where: { userId: owner.user.id } })
	expect(account.pausedAt).not.toBeNull()
	expect(fake.invitationsFrom(owner.username)).toEqual([])
	const before = fake.received.length
	await run()
	expect(fake.received.length).toBe(before)
})

test('a checkpoint pauses the account; a 999 backs it off without losing the step', async () => {
	const owner = await serverAccount()
	const { sequence } = await personSequence(owner)
	fake.rateLimit(owner.credentials.liAt, 1, 999)
	await run()
	const account = await prisma.linkedInAccount.findUniqueOrThrow({ where: { userId: owner.user.id } })
	expect(account.backoffUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000)
	expect(
		(await prisma.linkedInStep.findFirstOrThrow({ where: { sequenceId: sequence.id, order: 1 } })).status,
	).toBe('SCHEDULED')

	await prisma.linkedInAccount.update({ where: { userId: owner.user.id }, data: { backoffUntil: null } })
	fake.checkpoint(owner.credentials.liAt)
	await run()
	const paused = await prisma.linkedInAccount.findUniqueOrThrow({ where: { userId: owner.user.id } })
	expect(paused.pauseReason).toMatch(/confirm it is you/)
})
