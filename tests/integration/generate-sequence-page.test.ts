import { expect, test } from 'vitest'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { action, loader } from '#app/routes/_app+/contacts.$contactId_.sequences.generate.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'

// /contacts/:id/sequences/generate, the Generate Sequence panel without JavaScript: the loader's
// fields, the plain form's validation, the CREATING sequence with its job, and organization scoping.

async function setup({ linkedin = 'https://www.linkedin.com/in/ada' as string | null } = {}) {
	const signedIn = await createSignedInUser()
	const { organization, user } = signedIn
	const mailbox = await ensureUserMailbox({
		organizationId: organization.id,
		userId: user.id,
		email: user.email,
	})
	const contact = await insertContact(organization.id, { firstName: 'Ada', lastName: 'Lovelace', linkedin })
	return { ...signedIn, mailbox, contact }
}

function load(cookie: string, contactId: string) {
	return callRoute(() =>
		loader({
			request: makeRequest(`/contacts/${contactId}/sequences/generate`, { cookie }),
			params: { contactId },
			context: {},
		}),
	)
}

function post(cookie: string, contactId: string, form: Record<string, string>) {
	return callRoute(() =>
		action({
			request: makeRequest(`/contacts/${contactId}/sequences/generate`, { method: 'POST', cookie, form }),
			params: { contactId },
			context: {},
		}),
	)
}

async function jobOf(sequenceId: string) {
	const rows = await prisma.$queryRaw<Array<{ payload: Record<string, unknown> }>>`
		SELECT payload FROM graphile_worker._private_jobs WHERE key = ${'generate-sequence:' + sequenceId}`
	return rows[0]?.payload
}

test('the loader offers the senders, LinkedIn only with a profile, Phone Call only with the flag', async () => {
	const { cookie, contact, mailbox, user } = await setup()
	const page = await load(cookie, contact.id)
	expect(page.status).toBe(200)
	expect(page.body.contact).toMatchObject({ id: contact.id, firstName: 'Ada', hasLinkedin: true })
	expect(page.body.mailboxes).toEqual([{ id: mailbox.id, address: mailbox.address }])
	expect(page.body.phoneEnabled).toBe(false)

	await prisma.featureFlag.create({ data: { userId: user.id, key: 'sequence:phone', value: 'true' } })
	const noLinkedin = await insertContact(contact.organizationId, { linkedin: null })
	const flagged = await load(cookie, noLinkedin.id)
	expect(flagged.body.contact.hasLinkedin).toBe(false)
	expect(flagged.body.phoneEnabled).toBe(true)
})

test('a submission creates the CREATING sequence and its job, and redirects to it with the toast', async () => {
	const { cookie, contact, mailbox, organization } = await setup()
	const result = await post(cookie, contact.id, {
		emailAddressId: mailbox.id,
		orgPrompt: 'on',
		linkedin: 'on',
		phoneCall: 'on', // not offered without the flag: ignored
		prompt: 'Mention the pilot',
	})
	expect(result.status).toBe(302)
	const sequence = await prisma.sequence.findFirstOrThrow({ where: { organizationId: organization.id } })
	expect(sequence).toMatchObject({ status: 'CREATING', contactId: contact.id, mailboxId: mailbox.id })
	expect(result.headers.get('Location')).toBe(`/sequences/${sequence.id}`)
	const cookieHeader = result.headers.get('Set-Cookie')!.split(';')[0]!
	const { toast } = await getToast(
		new Request('http://localhost:3000/', { headers: { Cookie: cookieHeader } }),
	)
	expect(toast).toMatchObject({
		type: 'success',
		title: 'Your sequence is being generated. Give it a moment.',
	})
	expect(await jobOf(sequence.id)).toMatchObject({
		sequenceId: sequence.id,
		prompt: 'Mention the pilot',
		orgPrompt: true,
		linkedin: true,
		phoneCall: false,
	})
})

test('unchecked boxes are off; LinkedIn is off for a contact without a profile', async () => {
	const { cookie, contact, mailbox, organization } = await setup({ linkedin: null })
	const result = await post(cookie, contact.id, { emailAddressId: mailbox.id, linkedin: 'on', prompt: '' })
	expect(result.status).toBe(302)
	const sequence = await prisma.sequence.findFirstOrThrow({ where: { organizationId: organization.id } })
	expect(await jobOf(sequence.id)).toMatchObject({ orgPrompt: false, linkedin: false, phoneCall: false })
})

test('Phone Call is on with the feature flag', async () => {
	const { cookie, contact, mailbox, organization, user } = await setup()
	await prisma.featureFlag.create({ data: { userId: user.id, key: 'sequence:phone', value: 'true' } })
	await post(cookie, contact.id, { emailAddressId: mailbox.id, phoneCall: 'on' })
	const sequence = await prisma.sequence.findFirstOrThrow({ where: { organizationId: organization.id } })
	expect(await jobOf(sequence.id)).toMatchObject({ phoneCall: true })
})

test('no sender, or one the user may not use: 400 with the message and the input kept; nothing created', async () => {
	const { cookie, contact, organization } = await setup()
	const missing = await post(cookie, contact.id, { emailAddressId: '', prompt: 'Keep me' })
	expect(missing.status).toBe(400)
	expect(missing.body.result.error.emailAddressId).toEqual(['Please select a sender email'])
	expect(missing.body.result.initialValue).toMatchObject({ prompt: 'Keep me' })

	const other = await setup()
	const theirs = await post(cookie, contact.id, { emailAddressId: other.mailbox.id, prompt: 'Keep me' })
	expect(theirs.status).toBe(400)
	expect(theirs.body.result.error.emailAddressId).toEqual(['Please select a sender email'])
	expect(theirs.body.result.initialValue).toMatchObject({ prompt: 'Keep me' })
	expect(await prisma.sequence.count({ where: { organizationId: organization.id } })).toBe(0)
})

test('another organization’s contact is a 404 to load and to post; signed out goes to sign-in', async () => {
	const mine = await setup()
	const other = await setup()
	expect((await load(other.cookie, mine.contact.id)).status).toBe(404)
	const posted = await post(other.cookie, mine.contact.id, { emailAddressId: other.mailbox.id })
	expect(posted.status).toBe(404)
	expect(await prisma.sequence.count({ where: { contactId: mine.contact.id } })).toBe(0)
	const signedOut = await callRoute(() =>
		loader({
			request: makeRequest(`/contacts/${mine.contact.id}/sequences/generate`),
			params: { contactId: mine.contact.id },
			context: {},
		}),
	)
	expect(signedOut.status).toBe(302)
	expect(signedOut.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
})
