import { beforeAll, describe, expect, test } from 'vitest'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { setupApiRouter, type ApiResult } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// Every sequence route called by an owner of another organization with the first
// organization's ids: each answers 404 (or shows nothing of theirs), never a 500, and
// nothing of the first organization changes.

const send = setupApiRouter()

let victim: Awaited<ReturnType<typeof seedVictim>>
let intruder: Awaited<ReturnType<typeof createSignedInUser>>
let intruderMailboxId: string

async function seedVictim() {
	const { organization, user } = await createSignedInUser()
	const mailbox = await ensureUserMailbox({
		organizationId: organization.id,
		userId: user.id,
		email: user.email,
	})
	const sender = await prisma.mailbox.create({
		data: {
			organizationId: organization.id,
			address: 'sales@victim.example',
			kind: 'SENDER',
			verifiedAt: new Date(),
		},
	})
	const contact = await insertContact(organization.id, { linkedin: 'https://www.linkedin.com/in/victor' })
	const sequence = await insertSequence({
		organizationId: organization.id,
		user,
		contactId: contact.id,
		linkedInSteps: [{ daysAfter: 0 }, { daysAfter: 1 }],
	})
	const phoneCall = await prisma.phoneCallStep.create({
		data: { organizationId: organization.id, sequenceId: sequence.id, order: 1, daysAfter: 2 },
	})
	await prisma.sequenceEvent.create({
		data: {
			organizationId: organization.id,
			sequenceId: sequence.id,
			emailStepId: sequence.emailSteps[0]!.id,
			type: 'LINK_CLICK',
		},
	})
	return { organization, user, mailbox, sender, contact, sequence, phoneCall }
}

/** Everything of the victim's a sequence route could change, to compare before and after. */
async function victimState() {
	const where = { organizationId: victim.organization.id }
	const [sequences, emailSteps, linkedInSteps, phoneCallSteps, events] = await Promise.all([
		prisma.sequence.findMany({ where, orderBy: { id: 'asc' } }),
		prisma.emailStep.findMany({ where, orderBy: { id: 'asc' } }),
		prisma.linkedInStep.findMany({ where, orderBy: { id: 'asc' } }),
		prisma.phoneCallStep.findMany({ where, orderBy: { id: 'asc' } }),
		prisma.sequenceEvent.count({ where }),
	])
	return { sequences, emailSteps, linkedInSteps, phoneCallSteps, events }
}

beforeAll(async () => {
	victim = await seedVictim()
	intruder = await createSignedInUser()
	intruderMailboxId = (
		await ensureUserMailbox({
			organizationId: intruder.organization.id,
			userId: intruder.user.id,
			email: intruder.user.email,
		})
	).id
	// A sequence of their own, so lists that show nothing of the victim's are not empty by accident.
	await insertSequence({ organizationId: intruder.organization.id, user: intruder.user })
})

function call(method: string, path: string, json?: unknown) {
	return send(method, `/api/v1${path}`, { cookie: intruder.cookie, json })
}
function expectNotFound(result: ApiResult, label: string) {
	expect(result.status, `${label}: ${result.text.slice(0, 200)}`).toBe(404)
	expect(typeof result.json?.message, label).toBe('string')
}

describe('the sequence API as a member of another organization', () => {
	test('reads by id answer 404', async () => {
		const { sequence, contact } = victim
		expectNotFound(await call('GET', `/sequences/${sequence.id}`), 'GET sequence')
		expectNotFound(await call('GET', `/sequences/${sequence.id}/stats`), 'GET stats')
		expectNotFound(await call('GET', `/sequences/${sequence.id}/ledger`), 'GET ledger')
		expectNotFound(
			await call('GET', `/contacts/${contact.id}/sequences?steps=true&contact=true`),
			'GET contact sequences',
		)
	})

	test('lists show nothing of theirs: sequences and sender addresses', async () => {
		const list = await call('GET', '/sequences')
		expect(list.json.total).toBe(1)
		expect(list.json.sequences.some((row: { id: string }) => row.id === victim.sequence.id)).toBe(false)
		const mailboxes = await call('GET', '/ses/email')
		expect(mailboxes.json.map((mailbox: { id: string }) => mailbox.id)).toEqual([intruderMailboxId])
	})

	test('writes by id answer 404 and change nothing', async () => {
		const before = await victimState()
		const { sequence, phoneCall } = victim
		const [emailStep] = sequence.emailSteps
		const [linkedInStep] = sequence.linkedInSteps
		const writes: Array<[string, string, unknown?]> = [
			['PUT', `/sequences/${sequence.id}`, { status: 'ACTIVE' }],
			['PUT', `/sequences/${sequence.id}`, { status: 'CANCELLED' }],
			['POST', `/sequences/${sequence.id}/steps`, { daysAfter: 1, subject: 'x', body: 'Injected' }],
			['PUT', `/sequences/${sequence.id}/steps/${emailStep!.id}`, { subject: 'Pwned', updateAllSteps: true }],
			['PUT', `/sequences/${sequence.id}/steps/${emailStep!.id}`, { daysAfter: 9 }],
			['DELETE', `/sequences/${sequence.id}/steps/${emailStep!.id}`],
			['PUT', `/steps/${emailStep!.id}`, { daysAfter: 9 }],
			['PUT', `/steps/${emailStep!.id}`, { proseMirrorJson: { root: { type: 'root', children: [] } } }],
			['DELETE', `/steps/${emailStep!.id}`],
			['POST', `/sequences/${sequence.id}/linkedin-steps`, { daysAfter: 1 }],
			['PUT', `/sequences/${sequence.id}/linkedin-steps/${linkedInStep!.id}`, { message: 'Pwned' }],
			['DELETE', `/sequences/${sequence.id}/linkedin-steps/${linkedInStep!.id}`],
			['PUT', `/sequences/${sequence.id}/phone-call-steps/${phoneCall.id}`, { daysAfter: 9 }],
			['DELETE', `/sequences/${sequence.id}/phone-call-steps/${phoneCall.id}`],
			['DELETE', `/sequences/${sequence.id}`],
		]
		for (const [method, path, body] of writes)
			expectNotFound(await call(method, path, body), `${method} ${path}`)
		expect(await victimState()).toEqual(before)
	})

	test("their steps under the intruder's own sequence path answer 404 too", async () => {
		const own = await insertSequence({ organizationId: intruder.organization.id, user: intruder.user })
		const before = await victimState()
		const { sequence, phoneCall } = victim
		expectNotFound(
			await call('PUT', `/sequences/${own.id}/steps/${sequence.emailSteps[0]!.id}`, { daysAfter: 4 }),
			'email step via own sequence',
		)
		expectNotFound(
			await call('DELETE', `/sequences/${own.id}/linkedin-steps/${sequence.linkedInSteps[0]!.id}`),
			'LinkedIn step via own sequence',
		)
		expectNotFound(
			await call('DELETE', `/sequences/${own.id}/phone-call-steps/${phoneCall.id}`),
			'phone-call step via own sequence',
		)
		expect(await victimState()).toEqual(before)
	})

	test('creating a sequence for their contact or from their mailboxes is refused', async () => {
		const before = await victimState()
		const step = (emailAddressId: string) => ({ body: 'Hello there', daysAfter: 0, emailAddressId })
		const forTheirContact = await call('POST', '/sequences', {
			contactId: victim.contact.id,
			subject: 'Hi',
			steps: [step(intruderMailboxId)],
		})
		expectNotFound(forTheirContact, 'POST sequence for their contact')
		const ownContact = await insertContact(intruder.organization.id)
		for (const mailboxId of [victim.mailbox.id, victim.sender.id]) {
			const result = await call('POST', '/sequences', {
				contactId: ownContact.id,
				subject: 'Hi',
				steps: [step(mailboxId)],
			})
			expect(result.status, result.text).toBe(400)
			expect(result.json.message).toBe('Please select a sender email')
		}
		expect(await prisma.sequence.count({ where: { contactId: ownContact.id } })).toBe(0)
		expect(await victimState()).toEqual(before)
	})
})
