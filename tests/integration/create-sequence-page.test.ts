import { describe, expect, test } from 'vitest'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import {
	action as createSequenceAction,
	loader as createSequenceLoader,
} from '#app/routes/_app+/contacts.$contactId_.sequences.new.tsx'
import { SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { prisma } from '#app/utils/db.server.ts'
import { htmlToEditorJson } from '#app/utils/editor-json/from-html.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'

// The Create Email Sequence dialog's route (/contacts/:id/sequences/new): the loader's contact
// and senders, the action with the dialog's fetcher (mode=dialog) and the plain form, the
// timing rule, Conform's step intents without JavaScript, and a missing Gmail grant.

async function setup() {
	const signedIn = await createSignedInUser()
	const { organization, user } = signedIn
	const mailbox = await ensureUserMailbox({
		organizationId: organization.id,
		userId: user.id,
		email: user.email,
	})
	const contact = await insertContact(organization.id, { firstName: 'Ada', lastName: 'Lovelace' })
	return { ...signedIn, mailbox, contact }
}

function post(cookie: string, contactId: string, form: Record<string, string>) {
	return callRoute(() =>
		createSequenceAction({
			request: makeRequest(`/contacts/${contactId}/sequences/new`, { method: 'POST', cookie, form }),
			params: { contactId },
			context: {},
		}),
	)
}

function stepsForm(contactId: string, mailboxId: string, overrides: Record<string, string> = {}) {
	return {
		contactId,
		subject: 'Quick question',
		emailAddressId: mailboxId,
		'steps[0].daysAfter': '0',
		'steps[0].proseMirrorJson': JSON.stringify(htmlToEditorJson('<p>Hi <strong>Ada</strong></p>')),
		'steps[0].body': '<p>Hi <strong>Ada</strong></p>',
		'steps[1].daysAfter': '3',
		'steps[1].body': 'Just following up\n\nThanks',
		...overrides,
	}
}

describe('GET /contacts/:id/sequences/new', () => {
	test("the contact and the user's senders; another organization's contact is a 404", async () => {
		const { cookie, contact, mailbox } = await setup()
		const other = await setup()
		const load = (contactId: string) =>
			callRoute(() =>
				createSequenceLoader({
					request: makeRequest(`/contacts/${contactId}/sequences/new`, { cookie }),
					params: { contactId },
					context: {},
				}),
			)
		const result = await load(contact.id)
		expect(result.status).toBe(200)
		expect(result.body).toEqual({
			contact: { id: contact.id, firstName: 'Ada', lastName: 'Lovelace', email: contact.email },
			// The local outbox (no SMTP server) simulates replies: nothing to warn about.
			mailboxes: [{ id: mailbox.id, address: mailbox.address, repliesDetected: true }],
		})
		expect((await load(other.contact.id)).status).toBe(404)
	})
})

describe('POST /contacts/:id/sequences/new', () => {
	test('a bare `steps` value (no form sends one) is dropped, not echoed as the list the page renders', async () => {
		const { cookie, contact } = await setup()
		// Found by the route fuzz: echoed back, it broke the form's step list (a 500 on render).
		const result = await post(cookie, contact.id, { contactId: contact.id, subject: 'Hi', steps: 'cm0abc' })
		expect(result.status).toBe(400)
		expect(result.body.result.initialValue).not.toHaveProperty('steps')
	})

	test('from the dialog: a PENDING draft with the subject on every step, and the toast', async () => {
		const { cookie, contact, mailbox } = await setup()
		const result = await post(cookie, contact.id, { mode: 'dialog', ...stepsForm(contact.id, mailbox.id) })
		expect(result.status).toBe(200)
		expect(result.body.sequence).toEqual({ id: expect.any(String), status: 'PENDING' })
		expect(result.headers.get('Set-Cookie')).toMatch(/^en_toast=/)
		const sequence = await prisma.sequence.findUniqueOrThrow({
			where: { id: result.body.sequence.id },
			include: { emailSteps: { orderBy: { order: 'asc' } } },
		})
		expect(sequence).toMatchObject({ contactId: contact.id, subject: 'Quick question', status: 'PENDING' })
		expect(
			sequence.emailSteps.map(({ subject, bodyHtml, daysAfter, emailAddressId }) => ({
				subject,
				bodyHtml,
				daysAfter,
				emailAddressId,
			})),
		).toEqual([
			{
				subject: 'Quick question',
				bodyHtml: '<p>Hi <strong>Ada</strong></p>',
				daysAfter: 0,
				emailAddressId: mailbox.id,
			},
			// Typed without the editor: plain text keeps its paragraphs.
			{
				subject: 'Quick question',
				bodyHtml: '<p>Just following up</p><p>Thanks</p>',
				daysAfter: 3,
				emailAddressId: mailbox.id,
			},
		])
	})

	test('without JavaScript: Start immediately (a checkbox) activates it, then back to the contact', async () => {
		const { cookie, contact, mailbox } = await setup()
		const result = await post(cookie, contact.id, {
			...stepsForm(contact.id, mailbox.id),
			shouldStartImmediately: 'on',
		})
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe(`/contacts/${contact.id}`)
		const sequence = await prisma.sequence.findFirstOrThrow({ where: { contactId: contact.id } })
		expect(sequence.status).toBe('ACTIVE')
	})

	test('400 with the messages: subject, sender, empty body, a step before its minimum', async () => {
		const { cookie, contact, mailbox } = await setup()
		const result = await post(
			cookie,
			contact.id,
			stepsForm(contact.id, mailbox.id, {
				subject: '',
				emailAddressId: '',
				'steps[0].daysAfter': '5',
				'steps[1].daysAfter': '5',
				'steps[1].body': '   ',
			}),
		)
		expect(result.status).toBe(400)
		expect(result.body.result.error).toEqual({
			subject: [SEQUENCE_MESSAGES.subjectRequired],
			emailAddressId: [SEQUENCE_MESSAGES.senderRequired],
			'steps[1].daysAfter': ['Must be at least 6 days'],
			'steps[1].body': [SEQUENCE_MESSAGES.bodyRequired],
		})
		expect(await prisma.sequence.count({ where: { contactId: contact.id } })).toBe(0)
	})

	test("Add Step without JavaScript (Conform's insert intent) answers the form with one more step", async () => {
		const { cookie, contact, mailbox } = await setup()
		const intent = JSON.stringify({
			type: 'insert',
			payload: { name: 'steps', defaultValue: { daysAfter: '6' } },
		})
		const result = await post(cookie, contact.id, {
			...stepsForm(contact.id, mailbox.id),
			__intent__: intent,
		})
		expect(result.status).toBe(200)
		expect(result.body.result.initialValue.steps).toHaveLength(3)
		expect(result.body.result.initialValue.steps[2]).toEqual({ daysAfter: '6' })
		expect(await prisma.sequence.count({ where: { contactId: contact.id } })).toBe(0)
	})

	test("another organization's sender or contact creates nothing", async () => {
		const { cookie, contact, mailbox } = await setup()
		const other = await setup()
		const foreignSender = await post(cookie, contact.id, {
			mode: 'dialog',
			...stepsForm(contact.id, other.mailbox.id),
		})
		expect(foreignSender.status).toBe(400)
		expect(foreignSender.body.result.error).toEqual({ '': [SEQUENCE_MESSAGES.senderRequired] })
		const foreignContact = await post(cookie, other.contact.id, stepsForm(other.contact.id, mailbox.id))
		expect(foreignContact.status).toBe(404)
		expect(
			await prisma.sequence.count({ where: { contactId: { in: [contact.id, other.contact.id] } } }),
		).toBe(0)
	})

	test('a missing Gmail grant answers 403 googleScopeError and keeps no sequence, so posting again is safe', async () => {
		const { cookie, contact, mailbox, user } = await setup()
		await prisma.user.update({ where: { id: user.id }, data: { shouldResetGmailScope: true } })
		const form = { mode: 'dialog', ...stepsForm(contact.id, mailbox.id), shouldStartImmediately: 'on' }
		const refused = await post(cookie, contact.id, form)
		expect(refused.status).toBe(403)
		expect(refused.body.googleScopeError).toBe(true)
		expect(await prisma.sequence.count({ where: { contactId: contact.id } })).toBe(0)

		await prisma.user.update({ where: { id: user.id }, data: { shouldResetGmailScope: false } })
		const retried = await post(cookie, contact.id, form)
		expect(retried.status).toBe(200)
		expect(await prisma.sequence.count({ where: { contactId: contact.id } })).toBe(1)
	})
})
