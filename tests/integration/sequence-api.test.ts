import { describe, expect, test } from 'vitest'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { textToEditorJson } from '#app/utils/editor-json/from-text.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// The sequence API of the spec (§7 "Sequences") through the real router: happy paths, the
// editing rules of §4/§5 and their 400/404/409/422 answers.

const send = setupApiRouter()

async function setup() {
	const signedIn = await createSignedInUser()
	const { user, organization, cookie } = signedIn
	const mailbox = await ensureUserMailbox({
		organizationId: organization.id,
		userId: user.id,
		email: user.email,
	})
	const contact = await insertContact(organization.id, {
		firstName: 'Ada',
		lastName: 'Lovelace',
		linkedin: 'https://www.linkedin.com/in/ada-lovelace',
	})
	const call = (method: string, path: string, json?: unknown) =>
		send(method, `/api/v1${path}`, { cookie, json })
	const draft = (options: Partial<Parameters<typeof insertSequence>[0]> = {}) =>
		insertSequence({ organizationId: organization.id, user, contactId: contact.id, ...options })
	return { ...signedIn, mailbox, contact, call, draft }
}

function createBody(contactId: string, mailboxId: string, overrides: Record<string, unknown> = {}) {
	return {
		status: 'PENDING',
		contactId,
		subject: 'Quick question',
		shouldStartImmediately: false,
		steps: [
			{ body: 'Hi Ada,\n\nShall we talk?', daysAfter: 0, status: 'PENDING', emailAddressId: mailboxId },
			{ body: '<p>Following up</p>', daysAfter: 3, status: 'PENDING', emailAddressId: mailboxId },
		],
		linkedInSteps: [],
		...overrides,
	}
}

async function emailSteps(sequenceId: string) {
	return prisma.emailStep.findMany({ where: { sequenceId }, orderBy: { order: 'asc' } })
}

describe('GET /ses/email', () => {
	test("the user's own address first, then the organization's verified sender addresses", async () => {
		const { call, organization, user } = await setup()
		await prisma.mailbox.createMany({
			data: [
				{
					organizationId: organization.id,
					address: 'sales@acme.example',
					kind: 'SENDER',
					verifiedAt: new Date(),
				},
				{ organizationId: organization.id, address: 'unverified@acme.example', kind: 'SENDER' },
			],
		})
		const teammate = await createSignedInUser({ organizationId: organization.id })
		await ensureUserMailbox({
			organizationId: organization.id,
			userId: teammate.user.id,
			email: teammate.user.email,
		})
		const result = await call('GET', '/ses/email')
		expect(result.status).toBe(200)
		expect(result.json.map((mailbox: { address: string }) => mailbox.address)).toEqual([
			user.email.toLowerCase(),
			'sales@acme.example',
		])
		expect(Object.keys(result.json[0]).sort()).toEqual(['address', 'id'])
	})
})

describe('POST /sequences', () => {
	test('creates a draft: steps 1..n with the one subject, bodies as editor JSON, HTML and text', async () => {
		const { call, contact, mailbox, user } = await setup()
		const result = await call('POST', '/sequences', createBody(contact.id, mailbox.id))
		expect(result.status, result.text).toBe(201)
		expect(result.json).toMatchObject({
			status: 'PENDING',
			subject: 'Quick question',
			contactId: contact.id,
			fromEmail: mailbox.address,
			contact: { id: contact.id, firstName: 'Ada', lastName: 'Lovelace', email: contact.email },
		})
		const sequence = await prisma.sequence.findUniqueOrThrow({ where: { id: result.json.id } })
		expect(sequence).toMatchObject({ status: 'PENDING', creatorId: user.id, mailboxId: mailbox.id })
		const steps = await emailSteps(sequence.id)
		expect(steps.map((step) => [step.order, step.subject, step.daysAfter, step.status])).toEqual([
			[1, 'Quick question', 0, 'PENDING'],
			[2, 'Quick question', 3, 'PENDING'],
		])
		expect(steps[0]).toMatchObject({
			bodyHtml: '<p>Hi Ada,</p><p>Shall we talk?</p>',
			bodyText: 'Hi Ada,\n\nShall we talk?',
			emailAddressId: mailbox.id,
		})
		expect(steps[1]).toMatchObject({ bodyHtml: '<p>Following up</p>', bodyText: 'Following up' })
		expect((steps[0]!.bodyJson as { root: { type: string } }).root.type).toBe('root')
		expect(result.json.emailSteps[0]).toMatchObject({
			body: '<p>Hi Ada,</p><p>Shall we talk?</p>',
			emailAddress: { address: mailbox.address },
			clicked: false,
		})
	})

	test('takes proseMirrorJson bodies, the first step subject, and LinkedIn steps', async () => {
		const { call, contact, mailbox } = await setup()
		const result = await call(
			'POST',
			'/sequences',
			createBody(contact.id, mailbox.id, {
				subject: undefined,
				steps: [
					{
						subject: 'From the step',
						body: '',
						proseMirrorJson: textToEditorJson('Rich hello'),
						daysAfter: 1,
						status: 'PENDING',
						emailAddressId: mailbox.id,
					},
				],
				linkedInSteps: [
					{ username: 'ada-lovelace', linkedinUrl: contact.linkedin, daysAfter: 0, requestNote: 'Hi Ada' },
					{ username: 'ada-lovelace', linkedinUrl: contact.linkedin, daysAfter: 2, message: 'Thanks!' },
				],
			}),
		)
		expect(result.status, result.text).toBe(201)
		expect(result.json.subject).toBe('From the step')
		expect(result.json.emailSteps[0]).toMatchObject({ body: '<p>Rich hello</p>', bodyText: 'Rich hello' })
		expect(
			result.json.linkedInSteps.map((step: { order: number; daysAfter: number }) => [
				step.order,
				step.daysAfter,
			]),
		).toEqual([
			[1, 0],
			[2, 2],
		])
		expect(result.json.linkedInSteps[0].requestNote).toBe('Hi Ada')
	})

	test('shouldStartImmediately activates it and schedules the steps', async () => {
		const { call, contact, mailbox } = await setup()
		const result = await call(
			'POST',
			'/sequences',
			createBody(contact.id, mailbox.id, { shouldStartImmediately: true }),
		)
		expect(result.status, result.text).toBe(201)
		expect(result.json.status).toBe('ACTIVE')
		const steps = await emailSteps(result.json.id)
		expect(steps.every((step) => step.status === 'SCHEDULED' && step.scheduledFor)).toBe(true)
	})

	test('started at once, it goes through the pre-flight check: 409 with the problems, the draft kept, then launched when acknowledged', async () => {
		const { call, contact, mailbox, organization } = await setup()
		await prisma.contact.update({ where: { id: contact.id }, data: { unsubscribedAt: new Date() } })
		const refused = await call(
			'POST',
			'/sequences',
			createBody(contact.id, mailbox.id, { shouldStartImmediately: true }),
		)
		expect(refused.status, refused.text).toBe(409)
		expect(refused.json.error).toBe('preflight_problems')
		expect(refused.json.problems.map((problem: { kind: string }) => problem.kind)).toContain('unsubscribed')
		const draft = await prisma.sequence.findFirstOrThrow({ where: { contactId: contact.id } })
		expect(draft).toMatchObject({ id: refused.json.check.target.id, status: 'PENDING' })

		const started = await call(
			'POST',
			'/sequences',
			createBody(contact.id, mailbox.id, { shouldStartImmediately: true, acknowledgeProblems: true }),
		)
		expect(started.status, started.text).toBe(201)
		expect(started.json.status).toBe('ACTIVE')
		expect(
			await prisma.launchAcknowledgement.count({
				where: { organizationId: organization.id, targetId: started.json.id },
			}),
		).toBe(1)
	})

	test('a missing Gmail grant answers 403 GoogleScopeError and leaves no sequence behind', async () => {
		const { call, contact, mailbox, user } = await setup()
		await prisma.user.update({ where: { id: user.id }, data: { shouldResetGmailScope: true } })
		const result = await call(
			'POST',
			'/sequences',
			createBody(contact.id, mailbox.id, { shouldStartImmediately: true }),
		)
		expectApiError(result, 403)
		expect(result.json.error).toBe('GoogleScopeError')
		expect(await prisma.sequence.count({ where: { contactId: contact.id } })).toBe(0)
	})

	test("a mailbox the user may not send from: 400 'Please select a sender email'", async () => {
		const { call, contact, organization } = await setup()
		const teammate = await createSignedInUser({ organizationId: organization.id })
		const theirs = await ensureUserMailbox({
			organizationId: organization.id,
			userId: teammate.user.id,
			email: teammate.user.email,
		})
		const unverified = await prisma.mailbox.create({
			data: { organizationId: organization.id, address: 'new@acme.example', kind: 'SENDER' },
		})
		for (const mailboxId of [theirs.id, unverified.id, 'no-such-mailbox']) {
			expectApiError(
				await call('POST', '/sequences', createBody(contact.id, mailboxId)),
				400,
				'Please select a sender email',
			)
		}
		expectApiError(
			await call('POST', '/sequences', createBody(contact.id, '', {})),
			400,
			'Please select a sender email',
		)
		expect(await prisma.sequence.count({ where: { contactId: contact.id } })).toBe(0)
	})

	test('validation answers with the messages users see', async () => {
		const { call, contact, mailbox } = await setup()
		const step = { body: 'Hello there', daysAfter: 0, status: 'PENDING', emailAddressId: mailbox.id }
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ steps: [], linkedInSteps: [] }, 'Add at least one step'],
			[{ subject: '  ' }, 'Subject is required'],
			[{ steps: [{ ...step, daysAfter: -1 }] }, 'Days after cannot be negative'],
			[{ steps: [{ ...step, daysAfter: 1.5 }] }, 'Days after must be a whole number'],
			[{ steps: [{ ...step, body: '   ' }] }, 'Email body is required'],
			[{ steps: [{ ...step, body: '<p> </p>' }] }, 'Email body is required'],
			[
				{ steps: [{ ...step, proseMirrorJson: { root: { type: 'paragraph' } } }] },
				'Email content is not valid editor JSON',
			],
			[
				{ linkedInSteps: [{ daysAfter: 0, requestNote: 'x'.repeat(201) }] },
				'Request note must be less than 200 characters',
			],
			[{ status: 'ACTIVE' }, 'A new sequence starts as PENDING'],
			[{ contactId: '' }, 'Please select a contact'],
		]
		for (const [overrides, message] of cases) {
			expectApiError(
				await call('POST', '/sequences', createBody(contact.id, mailbox.id, overrides)),
				400,
				message,
			)
		}
		expectApiError(
			await send('POST', '/api/v1/sequences', { cookie: (await setup()).cookie, body: '{"steps": [' }),
			400,
			'Request body must be valid JSON',
		)
		expect(await prisma.sequence.count({ where: { contactId: contact.id } })).toBe(0)
	})

	test("another organization's contact: 404", async () => {
		const { call, mailbox } = await setup()
		const other = await createSignedInUser()
		const theirContact = await insertContact(other.organization.id)
		expectApiError(
			await call('POST', '/sequences', createBody(theirContact.id, mailbox.id)),
			404,
			'Contact not found',
		)
	})
})

describe('GET, PUT and DELETE /sequences/:id', () => {
	test('GET: the drawer data, with the steps a LINK_CLICK marks as clicked', async () => {
		const { call, draft, contact, mailbox, organization } = await setup()
		const sequence = await draft({
			status: 'ACTIVE',
			steps: [{ status: 'SENT' }, { status: 'SCHEDULED', daysAfter: 2 }],
		})
		await prisma.sequenceEvent.create({
			data: {
				organizationId: organization.id,
				sequenceId: sequence.id,
				emailStepId: sequence.emailSteps[0]!.id,
				type: 'LINK_CLICK',
				url: 'https://example.com',
			},
		})
		const result = await call('GET', `/sequences/${sequence.id}`)
		expect(result.status).toBe(200)
		expect(result.json).toMatchObject({
			id: sequence.id,
			status: 'ACTIVE',
			fromEmail: mailbox.address,
			contact: { id: contact.id, linkedin: contact.linkedin },
			clickedStepIds: [sequence.emailSteps[0]!.id],
			stepCount: 2,
			sentStepCount: 1,
			sendProgress: 50,
		})
		expect(
			result.json.emailSteps.map((step: { order: number; clicked: boolean }) => [step.order, step.clicked]),
		).toEqual([
			[1, true],
			[2, false],
		])
		expect(result.json.linkedInSteps).toEqual([])
		expect(result.json.phoneCallSteps).toEqual([])
		expectApiError(await call('GET', '/sequences/no-such-id'), 404, 'Sequence not found')
	})

	test('PUT { status: ACTIVE } activates a draft; PAUSED and CANCELLED follow the rules', async () => {
		const { call, draft } = await setup()
		const sequence = await draft()
		const activated = await call('PUT', `/sequences/${sequence.id}`, { status: 'ACTIVE' })
		expect(activated.status, activated.text).toBe(200)
		expect(activated.json.status).toBe('ACTIVE')
		expect((await emailSteps(sequence.id)).every((step) => step.status === 'SCHEDULED')).toBe(true)
		expect((await call('PUT', `/sequences/${sequence.id}`, { status: 'PAUSED' })).json.status).toBe('PAUSED')
		expect((await call('PUT', `/sequences/${sequence.id}`, { status: 'CANCELLED' })).json.status).toBe(
			'CANCELLED',
		)
		expectApiError(await call('PUT', `/sequences/${sequence.id}`, { status: 'ACTIVE' }), 409)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('CANCELLED')
	})

	test('PUT refuses unknown statuses (400), empty drafts (422), unknown ids (404)', async () => {
		const { call, draft } = await setup()
		const sequence = await draft()
		for (const status of ['COMPLETED', 'PENDING', 'nope', undefined]) {
			expectApiError(
				await call('PUT', `/sequences/${sequence.id}`, { status }),
				400,
				'Status must be ACTIVE, PAUSED or CANCELLED',
			)
		}
		const empty = await draft({ steps: [] })
		expectApiError(await call('PUT', `/sequences/${empty.id}`, { status: 'ACTIVE' }), 422)
		expectApiError(await call('PUT', '/sequences/no-such-id', { status: 'ACTIVE' }), 404)
	})

	test('DELETE removes the sequence with its steps', async () => {
		const { call, draft } = await setup()
		const sequence = await draft()
		const result = await call('DELETE', `/sequences/${sequence.id}`)
		expect(result.status).toBe(200)
		expect(result.json.message).toBe('Sequence deleted')
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)
		expect(await prisma.emailStep.count({ where: { sequenceId: sequence.id } })).toBe(0)
		expectApiError(await call('DELETE', `/sequences/${sequence.id}`), 404)
	})
})

describe('GET /sequences/:id/stats', () => {
	test('counts steps, sends, replies, clicks, bounces and unsubscribes, per step too', async () => {
		const { call, draft, organization } = await setup()
		const sequence = await draft({
			status: 'PAUSED',
			steps: [{ status: 'SENT' }, { status: 'REPLIED' }, { status: 'CANCELED' }],
			linkedInSteps: [{ status: 'SENT' }],
		})
		const [first, second] = sequence.emailSteps
		const event = (type: 'LINK_CLICK' | 'BOUNCE' | 'UNSUBSCRIBE', emailStepId: string) => ({
			organizationId: organization.id,
			sequenceId: sequence.id,
			emailStepId,
			type,
		})
		await prisma.sequenceEvent.createMany({
			data: [
				event('LINK_CLICK', first!.id),
				event('LINK_CLICK', first!.id),
				event('LINK_CLICK', second!.id),
				event('UNSUBSCRIBE', second!.id),
			],
		})
		const result = await call('GET', `/sequences/${sequence.id}/stats`)
		expect(result.status).toBe(200)
		expect(result.json.data).toMatchObject({
			steps: 4,
			sent: 3,
			replied: 1,
			clicked: 2,
			clicks: 3,
			bounced: 0,
			unsubscribed: 1,
		})
		expect(result.json.data.opened).toBeUndefined()
		expect(result.json.data.perStep).toEqual([
			{ stepId: first!.id, order: 1, status: 'SENT', sentAt: null, clicks: 2 },
			{ stepId: second!.id, order: 2, status: 'REPLIED', sentAt: null, clicks: 1 },
			{ stepId: sequence.emailSteps[2]!.id, order: 3, status: 'CANCELED', sentAt: null, clicks: 0 },
		])
		expectApiError(await call('GET', '/sequences/no-such-id/stats'), 404, 'Sequence not found')
	})
})

describe('email steps', () => {
	test('POST adds a step at the end, a day after the last by default, with the subject and mailbox', async () => {
		const { call, draft, mailbox } = await setup()
		const sequence = await draft({ steps: [{ daysAfter: 0 }, { daysAfter: 4 }] })
		const added = await call('POST', `/sequences/${sequence.id}/steps`, {
			subject: 'Ignored',
			body: 'One more',
		})
		expect(added.status, added.text).toBe(201)
		expect(added.json).toMatchObject({
			order: 3,
			daysAfter: 5,
			subject: 'Quick question',
			body: '<p>One more</p>',
			status: 'PENDING',
			emailAddressId: mailbox.id,
		})
		const explicit = await call('POST', `/sequences/${sequence.id}/steps`, { daysAfter: 0, body: '' })
		expect(explicit.json).toMatchObject({ order: 4, daysAfter: 0 })
		expect((await emailSteps(sequence.id)).map((step) => step.order)).toEqual([1, 2, 3, 4])
	})

	test('POST is refused outside a draft (409) and validates days after (400)', async () => {
		const { call, draft } = await setup()
		const active = await draft({ status: 'ACTIVE' })
		expectApiError(
			await call('POST', `/sequences/${active.id}/steps`, { body: 'x' }),
			409,
			'Steps can only be added while the sequence is a draft',
		)
		const pending = await draft()
		expectApiError(
			await call('POST', `/sequences/${pending.id}/steps`, { daysAfter: -2 }),
			400,
			'Days after cannot be negative',
		)
		expectApiError(
			await call('POST', '/sequences/no-such-id/steps', { body: 'x' }),
			404,
			'Sequence not found',
		)
		expect(await prisma.emailStep.count({ where: { sequenceId: active.id } })).toBe(3)
	})

	test('PUT subject with updateAllSteps changes every step and the sequence', async () => {
		const { call, draft } = await setup()
		const sequence = await draft()
		const step = sequence.emailSteps[1]!
		const result = await call('PUT', `/sequences/${sequence.id}/steps/${step.id}`, {
			subject: 'A better subject',
			updateAllSteps: true,
		})
		expect(result.status, result.text).toBe(200)
		expect(result.json).toMatchObject({ id: step.id, subject: 'A better subject' })
		expect((await emailSteps(sequence.id)).map((row) => row.subject)).toEqual(
			Array(3).fill('A better subject'),
		)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).subject).toBe(
			'A better subject',
		)
	})

	test('PUT subject without updateAllSteps changes that step only', async () => {
		const { call, draft } = await setup()
		const sequence = await draft()
		await call('PUT', `/sequences/${sequence.id}/steps/${sequence.emailSteps[2]!.id}`, { subject: 'Only me' })
		expect((await emailSteps(sequence.id)).map((row) => row.subject)).toEqual([
			'Quick question',
			'Re: Quick question',
			'Only me',
		])
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).subject).toBe(
			'Quick question',
		)
	})

	test('PUT body (HTML or text) and proseMirrorJson set editor JSON, HTML and text', async () => {
		const { call, draft } = await setup()
		const sequence = await draft()
		const id = sequence.emailSteps[0]!.id
		const html = await call('PUT', `/sequences/${sequence.id}/steps/${id}`, {
			body: '<p>Hi <b>Ada</b><script>x()</script></p>',
		})
		expect(html.json).toMatchObject({ body: '<p>Hi <strong>Ada</strong></p>', bodyText: 'Hi Ada' })
		const json = await call('PUT', `/steps/${id}`, {
			proseMirrorJson: JSON.stringify(textToEditorJson('New\n\nbody')),
		})
		expect(json.status, json.text).toBe(200)
		const row = await prisma.emailStep.findUniqueOrThrow({ where: { id } })
		expect(row).toMatchObject({ bodyHtml: '<p>New</p><p>body</p>', bodyText: 'New\n\nbody' })
		expect(row.bodyJson).toEqual(textToEditorJson('New\n\nbody'))
		expectApiError(
			await call('PUT', `/steps/${id}`, { proseMirrorJson: '{"root":' }),
			400,
			'Email content is not valid editor JSON',
		)
	})

	test('PUT with an unchanged value writes nothing', async () => {
		const { call, draft } = await setup()
		const sequence = await draft({ steps: [{ daysAfter: 2 }] })
		const id = sequence.emailSteps[0]!.id
		await call('PUT', `/steps/${id}`, { body: 'Same text' })
		const before = await prisma.emailStep.findUniqueOrThrow({ where: { id } })
		for (const patch of [{ daysAfter: 2 }, { body: 'Same text' }, { subject: 'Quick question' }]) {
			expect((await call('PUT', `/steps/${id}`, patch)).status).toBe(200)
		}
		expect((await prisma.emailStep.findUniqueOrThrow({ where: { id } })).updatedAt).toEqual(before.updatedAt)
		// Unchanged values are no edit, so they pass even where edits are refused.
		await prisma.sequence.update({ where: { id: sequence.id }, data: { status: 'ACTIVE' } })
		for (const patch of [
			{ daysAfter: 2 },
			{ body: 'Same text' },
			{ subject: 'Quick question', updateAllSteps: true },
		]) {
			expect((await call('PUT', `/steps/${id}`, patch)).status).toBe(200)
		}
	})

	test('PUT daysAfter: DRAFT steps too; never once sent (422); only in a draft sequence (422)', async () => {
		const { call, draft } = await setup()
		const sequence = await draft({ steps: [{ status: 'DRAFT' }, { status: 'SENT' }, { status: 'REPLIED' }] })
		const [draftStep, sent, replied] = sequence.emailSteps
		const ok = await call('PUT', `/sequences/${sequence.id}/steps/${draftStep!.id}`, { daysAfter: 6 })
		expect(ok.status, ok.text).toBe(200)
		expect(ok.json.daysAfter).toBe(6)
		for (const step of [sent!, replied!]) {
			expectApiError(
				await call('PUT', `/sequences/${sequence.id}/steps/${step.id}`, { daysAfter: 9 }),
				422,
				'Timing cannot change once the step is sent',
			)
		}
		const active = await draft({ status: 'ACTIVE', steps: [{ status: 'SCHEDULED' }] })
		expectApiError(
			await call('PUT', `/steps/${active.emailSteps[0]!.id}`, { daysAfter: 3 }),
			422,
			'Timing can only change while the sequence is a draft',
		)
		const failed = await draft({ steps: [{ status: 'FAILED' }] })
		expectApiError(
			await call('PUT', `/steps/${failed.emailSteps[0]!.id}`, { daysAfter: 3 }),
			422,
			'Timing can only change while the step is pending',
		)
		expectApiError(
			await call('PUT', `/steps/${draftStep!.id}`, { daysAfter: -1 }),
			400,
			'Days after cannot be negative',
		)
		expect((await emailSteps(sequence.id)).map((step) => step.daysAfter)).toEqual([6, 0, 0])
	})

	test('PUT content: only PENDING steps of a draft (409)', async () => {
		const { call, draft } = await setup()
		const sequence = await draft({ steps: [{ status: 'DRAFT' }] })
		expectApiError(
			await call('PUT', `/steps/${sequence.emailSteps[0]!.id}`, { body: 'New words' }),
			409,
			'Only pending steps can be edited',
		)
		const active = await draft({ status: 'ACTIVE' })
		expectApiError(
			await call('PUT', `/steps/${active.emailSteps[0]!.id}`, { subject: 'New', updateAllSteps: true }),
			409,
			'Steps can only be edited while the sequence is a draft',
		)
		expect((await emailSteps(active.id)).map((step) => step.subject)).toEqual([
			'Quick question',
			'Re: Quick question',
			'Re: Quick question',
		])
	})

	test('PUT takes exactly one field', async () => {
		const { call, draft } = await setup()
		const sequence = await draft()
		const id = sequence.emailSteps[0]!.id
		for (const body of [{}, { daysAfter: 1, body: 'x' }, { updateAllSteps: true }]) {
			expectApiError(await call('PUT', `/steps/${id}`, body), 400, 'Send exactly one field to update')
		}
	})

	test("a step of another sequence under this sequence's path: 404", async () => {
		const { call, draft } = await setup()
		const one = await draft()
		const two = await draft()
		expectApiError(
			await call('PUT', `/sequences/${one.id}/steps/${two.emailSteps[0]!.id}`, { daysAfter: 5 }),
			404,
			'Step not found',
		)
		expectApiError(
			await call('DELETE', `/sequences/${one.id}/steps/${two.emailSteps[0]!.id}`),
			404,
			'Step not found',
		)
		expect(await prisma.emailStep.count({ where: { sequenceId: two.id } })).toBe(3)
	})

	test('DELETE removes the step and renumbers; the last email step takes the sequence', async () => {
		const { call, draft } = await setup()
		const sequence = await draft()
		const [first, second, third] = sequence.emailSteps
		const removed = await call('DELETE', `/sequences/${sequence.id}/steps/${second!.id}`)
		expect(removed.status).toBe(200)
		expect(removed.json).toEqual({ message: 'Step removed', sequenceDeleted: false })
		expect((await emailSteps(sequence.id)).map((step) => [step.id, step.order])).toEqual([
			[first!.id, 1],
			[third!.id, 2],
		])
		await call('DELETE', `/steps/${first!.id}`)
		expect((await emailSteps(sequence.id)).map((step) => [step.id, step.order])).toEqual([[third!.id, 1]])
		const last = await call('DELETE', `/steps/${third!.id}`)
		expect(last.json).toEqual({ message: 'Sequence deleted', sequenceDeleted: true })
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)
		expectApiError(await call('DELETE', `/steps/${third!.id}`), 404, 'Step not found')
	})

	test('DELETE is refused for sent steps and outside a draft (409)', async () => {
		const { call, draft } = await setup()
		const sequence = await draft({ steps: [{ status: 'SENT' }, {}] })
		expectApiError(
			await call('DELETE', `/steps/${sequence.emailSteps[0]!.id}`),
			409,
			'A step that was sent cannot be removed',
		)
		const active = await draft({ status: 'ACTIVE' })
		expectApiError(
			await call('DELETE', `/steps/${active.emailSteps[1]!.id}`),
			409,
			'Steps can only be removed while the sequence is a draft',
		)
		expect(await prisma.emailStep.count({ where: { sequenceId: active.id } })).toBe(3)
	})

	test('concurrent deletes of the last two steps leave a consistent sequence', async () => {
		const { call, draft } = await setup()
		const sequence = await draft({ steps: [{}, {}] })
		const results = await Promise.all(sequence.emailSteps.map((step) => call('DELETE', `/steps/${step.id}`)))
		expect(results.map((result) => result.json.sequenceDeleted).sort()).toEqual([false, true])
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)
	})
})

describe('LinkedIn steps', () => {
	test("POST adds one at the end with the contact's profile; the note is at most 200 characters", async () => {
		const { call, draft } = await setup()
		const sequence = await draft({ linkedInSteps: [{ daysAfter: 1 }] })
		const added = await call('POST', `/sequences/${sequence.id}/linkedin-steps`, {
			sequenceId: sequence.id,
			requestNote: 'x'.repeat(200),
		})
		expect(added.status, added.text).toBe(201)
		expect(added.json).toMatchObject({
			order: 2,
			daysAfter: 2,
			username: 'ada-lovelace',
			linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
			status: 'PENDING',
		})
		expectApiError(
			await call('POST', `/sequences/${sequence.id}/linkedin-steps`, { requestNote: 'x'.repeat(201) }),
			400,
			'Request note must be less than 200 characters',
		)
		const active = await draft({ status: 'ACTIVE' })
		expectApiError(await call('POST', `/sequences/${active.id}/linkedin-steps`, {}), 409)
	})

	test('PUT daysAfter, requestNote with message, or message; rules as for email', async () => {
		const { call, draft } = await setup()
		const sequence = await draft({ linkedInSteps: [{ daysAfter: 0 }, { daysAfter: 1, status: 'SENT' }] })
		const [connect, sent] = sequence.linkedInSteps
		const path = `/sequences/${sequence.id}/linkedin-steps/${connect!.id}`
		expect((await call('PUT', path, { daysAfter: 4 })).json.daysAfter).toBe(4)
		const note = await call('PUT', path, { requestNote: 'Hello Ada', message: 'Nice to meet you' })
		expect(note.json).toMatchObject({ requestNote: 'Hello Ada', message: 'Nice to meet you' })
		expect((await call('PUT', path, { message: 'Only the message' })).json).toMatchObject({
			requestNote: 'Hello Ada',
			message: 'Only the message',
		})
		expectApiError(
			await call('PUT', path, { requestNote: 'y'.repeat(201), message: 'x' }),
			400,
			'Request note must be less than 200 characters',
		)
		expectApiError(
			await call('PUT', path, { daysAfter: 1, message: 'x' }),
			400,
			'Send exactly one field to update',
		)
		expectApiError(
			await call('PUT', `/sequences/${sequence.id}/linkedin-steps/${sent!.id}`, { daysAfter: 7 }),
			422,
			'Timing cannot change once the step is sent',
		)
		expectApiError(
			await call('PUT', `/sequences/${sequence.id}/linkedin-steps/${sent!.id}`, { message: 'x' }),
			409,
			'Only pending steps can be edited',
		)
	})

	test('DELETE renumbers; a sequence left with no steps at all is deleted', async () => {
		const { call, draft } = await setup()
		const sequence = await draft({ steps: [], linkedInSteps: [{}, {}] })
		const [first, second] = sequence.linkedInSteps
		const removed = await call('DELETE', `/sequences/${sequence.id}/linkedin-steps/${first!.id}`)
		expect(removed.json).toEqual({ message: 'Step removed', sequenceDeleted: false })
		expect((await prisma.linkedInStep.findUniqueOrThrow({ where: { id: second!.id } })).order).toBe(1)
		const last = await call('DELETE', `/sequences/${sequence.id}/linkedin-steps/${second!.id}`)
		expect(last.json.sequenceDeleted).toBe(true)
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)

		const withEmail = await draft({ linkedInSteps: [{}] })
		const kept = await call(
			'DELETE',
			`/sequences/${withEmail.id}/linkedin-steps/${withEmail.linkedInSteps[0]!.id}`,
		)
		expect(kept.json.sequenceDeleted).toBe(false)
		expect(await prisma.sequence.count({ where: { id: withEmail.id } })).toBe(1)
	})
})

describe('phone-call steps', () => {
	async function withCalls(
		draft: Awaited<ReturnType<typeof setup>>['draft'],
		organizationId: string,
		status: 'PENDING' | 'ACTIVE' = 'PENDING',
	) {
		const sequence = await draft({ status })
		const calls = await Promise.all(
			[1, 2].map((order) =>
				prisma.phoneCallStep.create({
					data: { organizationId, sequenceId: sequence.id, order, daysAfter: order, talkingPoints: 'Budget' },
				}),
			),
		)
		return { sequence, calls }
	}

	test('PUT daysAfter and talking points; DELETE renumbers', async () => {
		const { call, draft, organization } = await setup()
		const { sequence, calls } = await withCalls(draft, organization.id)
		const path = `/sequences/${sequence.id}/phone-call-steps/${calls[0]!.id}`
		expect((await call('PUT', path, { daysAfter: 5 })).json).toMatchObject({ daysAfter: 5 })
		expect((await call('PUT', path, { talkingPoints: 'Timeline' })).json).toMatchObject({
			talkingPoints: 'Timeline',
		})
		expectApiError(await call('PUT', path, { daysAfter: -1 }), 400, 'Days after cannot be negative')
		expectApiError(await call('PUT', path, {}), 400, 'Send exactly one field to update')
		const removed = await call('DELETE', path)
		expect(removed.json).toEqual({ message: 'Step removed', sequenceDeleted: false })
		expect((await prisma.phoneCallStep.findUniqueOrThrow({ where: { id: calls[1]!.id } })).order).toBe(1)
	})

	test('refused outside a draft', async () => {
		const { call, draft, organization } = await setup()
		const { sequence, calls } = await withCalls(draft, organization.id, 'ACTIVE')
		const path = `/sequences/${sequence.id}/phone-call-steps/${calls[0]!.id}`
		expectApiError(
			await call('PUT', path, { daysAfter: 5 }),
			422,
			'Timing can only change while the sequence is a draft',
		)
		expectApiError(await call('DELETE', path), 409, 'Steps can only be removed while the sequence is a draft')
		expect(await prisma.phoneCallStep.count({ where: { sequenceId: sequence.id } })).toBe(2)
	})
})

describe('GET /contacts/:id/sequences', () => {
	test('newest first with steps and contact on request, progress counts always', async () => {
		const { call, draft, contact } = await setup()
		const older = await draft({ status: 'ACTIVE', steps: [{ status: 'SENT' }, { status: 'SCHEDULED' }] })
		await prisma.sequence.update({
			where: { id: older.id },
			data: { createdAt: new Date(Date.now() - 60_000) },
		})
		const newer = await draft({ status: 'CREATING', data: { progress: 40 } })
		const full = await call('GET', `/contacts/${contact.id}/sequences?steps=true&contact=true`)
		expect(full.status).toBe(200)
		expect(full.json.map((sequence: { id: string }) => sequence.id)).toEqual([newer.id, older.id])
		expect(full.json[1]).toMatchObject({
			stepCount: 2,
			sentStepCount: 1,
			sendProgress: 50,
			contact: { id: contact.id },
		})
		expect(full.json[1].emailSteps).toHaveLength(2)
		expect(full.json[1].linkedInSteps).toEqual([])
		expect(full.json[0]).toMatchObject({ status: 'CREATING', progress: 40 })
		const bare = await call('GET', `/contacts/${contact.id}/sequences`)
		expect(bare.json[0].emailSteps).toBeUndefined()
		expect(bare.json[0].contact).toBeUndefined()
		expectApiError(await call('GET', '/contacts/no-such-id/sequences'), 404, 'Contact not found')
	})
})

describe('GET /sequences', () => {
	test("the organization's sequences with stats, filtered by status", async () => {
		const { call, draft, organization } = await setup()
		const active = await draft({ status: 'ACTIVE', steps: [{ status: 'SENT' }, { status: 'REPLIED' }, {}] })
		await draft()
		await prisma.sequenceEvent.create({
			data: {
				organizationId: organization.id,
				sequenceId: active.id,
				emailStepId: active.emailSteps[0]!.id,
				type: 'LINK_CLICK',
			},
		})
		const all = await call('GET', '/sequences')
		expect(all.json).toMatchObject({ total: 2, page: 1, pageSize: 25 })
		const filtered = await call('GET', '/sequences?status=ACTIVE')
		expect(filtered.json.total).toBe(1)
		expect(filtered.json.sequences[0]).toMatchObject({
			id: active.id,
			stats: { steps: 3, sent: 2, replied: 1, clicks: 1, progress: 67 },
		})
		expect((await call('GET', '/sequences?status=bogus&page=-3')).json).toMatchObject({ total: 2, page: 1 })
	})
})
