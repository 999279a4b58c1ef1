import { Logger, runOnce } from 'graphile-worker'
import { expect, test } from 'vitest'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import * as drawerRoute from '#app/routes/_app+/sequences.$sequenceId.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertCompany, insertContact } from '#tests/factories/contact.ts'

// POST /api/sequences/background with no model configured: the sequence is CREATING at once and
// the generate_sequence task writes it with the offline writer, all steps in one go.

const send = setupApiRouter()
const quietLogger = new Logger(() => () => {})

async function signedInWithContact() {
	const signedIn = await createSignedInUser()
	const mailbox = await ensureUserMailbox({
		organizationId: signedIn.organization.id,
		userId: signedIn.user.id,
		email: signedIn.user.email,
		name: signedIn.user.name,
	})
	const company = await insertCompany(signedIn.organization.id, {
		name: 'Lovelace Looms',
		industry: 'Textiles',
	})
	const contact = await insertContact(signedIn.organization.id, {
		firstName: 'Ada',
		lastName: 'Lovelace',
		email: 'ada@looms.example',
		role: 'Head of Engineering',
		linkedin: 'https://www.linkedin.com/in/ada-lovelace',
		companyId: company.id,
	})
	return { ...signedIn, mailbox, contact }
}

test('CREATING at once, then PENDING with email, LinkedIn and phone-call steps from the offline writer', async () => {
	const { cookie, mailbox, contact, user } = await signedInWithContact()
	await prisma.featureFlag.create({ data: { userId: user.id, key: 'sequence:phone', value: 'true' } })
	const result = await send('POST', '/api/sequences/background', {
		cookie,
		json: {
			prompt: 'Keep it short',
			contactId: contact.id,
			emailAddressId: mailbox.id,
			linkedin: true,
			phoneCall: true,
		},
	})
	expect(result.status).toBe(202)
	expect(result.json).toMatchObject({
		status: 'CREATING',
		message: 'Your sequence is being generated. Give it a moment.',
	})
	const id = result.json.sequenceId as string

	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		logger: quietLogger,
	})
	const sequence = await prisma.sequence.findUniqueOrThrow({
		where: { id },
		include: { emailSteps: { orderBy: { order: 'asc' } }, linkedInSteps: true, phoneCallSteps: true },
	})
	expect(sequence).toMatchObject({ status: 'PENDING', progress: 100, generatedBy: 'offline' })
	expect(sequence.emailSteps.length).toBeGreaterThan(0)
	expect(sequence.emailSteps[0]!.bodyText).toContain('Ada')
	expect(sequence.emailSteps[0]!.bodyHtml).toContain('<p>')
	expect(
		sequence.emailSteps.every(
			(step) => step.subject === sequence.subject && step.emailAddressId === mailbox.id,
		),
	).toBe(true)
	expect(sequence.linkedInSteps[0]!.requestNote!.length).toBeLessThanOrEqual(200)
	expect(sequence.linkedInSteps[0]!.username).toBe('ada-lovelace')
	expect(sequence.phoneCallSteps).toHaveLength(1)

	// The drawer says the offline writer wrote it.
	const drawer = await callRoute(() =>
		drawerRoute.loader({
			request: makeRequest(`/sequences/${id}`, { cookie }),
			params: { sequenceId: id },
			context: {},
		}),
	)
	expect(drawer.body.drawer.sequence).toMatchObject({ status: 'PENDING', generatedBy: 'offline' })
})

test('400 without a sender, 404 for another organization’s contact; nothing is created', async () => {
	const { cookie, mailbox, contact, organization } = await signedInWithContact()
	expectApiError(
		await send('POST', '/api/sequences/background', {
			cookie,
			json: { contactId: contact.id, emailAddressId: '' },
		}),
		400,
		'Please select a sender email',
	)
	const other = await createSignedInUser()
	expectApiError(
		await send('POST', '/api/sequences/background', {
			cookie: other.cookie,
			json: { contactId: contact.id, emailAddressId: mailbox.id },
		}),
		400,
	)
	const theirs = await signedInWithContact()
	expectApiError(
		await send('POST', '/api/sequences/background', {
			cookie: theirs.cookie,
			json: { contactId: contact.id, emailAddressId: theirs.mailbox.id },
		}),
		404,
	)
	expectApiError(await send('POST', '/api/sequences/background', { json: { contactId: contact.id } }), 401)
	expect(await prisma.sequence.count({ where: { organizationId: organization.id } })).toBe(0)
})

test('phone-call steps only with the sequence:phone flag, whatever the client sends', async () => {
	const { cookie, mailbox, contact } = await signedInWithContact()
	const result = await send('POST', '/api/sequences/background', {
		cookie,
		json: { contactId: contact.id, emailAddressId: mailbox.id, phoneCall: true },
	})
	expect(result.status).toBe(202)
	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList,
		noHandleSignals: true,
		logger: quietLogger,
	})
	const sequence = await prisma.sequence.findUniqueOrThrow({
		where: { id: result.json.sequenceId as string },
		include: { phoneCallSteps: true, emailSteps: true },
	})
	expect(sequence.status).toBe('PENDING')
	expect(sequence.emailSteps.length).toBeGreaterThan(0)
	expect(sequence.phoneCallSteps).toHaveLength(0)
})
