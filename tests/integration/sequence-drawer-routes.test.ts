import { beforeAll, describe, expect, test } from 'vitest'
import * as contactSequencesRoute from '#app/routes/_app+/contacts.$contactId_.sequences._index.tsx'
import * as drawerRoute from '#app/routes/_app+/sequences.$sequenceId.tsx'
import * as sequencesRoute from '#app/routes/_app+/sequences.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { ADMIN_DOMAIN, adminEmail } from '#tests/factories/list.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// The drawer's route (/sequences/:id: loader and every intent of its action, as fetchers post
// them with mode=fetcher and as plain forms do), the Sequences list and View Sequences' page.

beforeAll(() => {
	process.env.ADMIN_EMAIL_DOMAINS = ADMIN_DOMAIN
	resetEnvCache()
})

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown }
type RouteArgs = { request: Request; params: object; context: object }

function get(route: RouteModule, path: string, cookie: string, params: Record<string, string> = {}) {
	const loader = route.loader as unknown as (args: RouteArgs) => Promise<unknown>
	return callRoute(() => loader({ request: makeRequest(path, { cookie }), params, context: {} }))
}

function post(sequenceId: string, cookie: string, values: Record<string, string>) {
	const action = drawerRoute.action as unknown as (args: RouteArgs) => Promise<unknown>
	const request = makeRequest(`/sequences/${sequenceId}`, { method: 'POST', cookie, form: values })
	return callRoute(() => action({ request, params: { sequenceId }, context: {} }))
}

/** As the drawer's fetchers post: mode=fetcher, no closeTo (the drawer over View Sequences). */
function fetcherPost(sequenceId: string, cookie: string, values: Record<string, string>) {
	return post(sequenceId, cookie, { mode: 'fetcher', returnTo: `/sequences/${sequenceId}`, ...values })
}

function toastCookie(headers: Headers) {
	return headers.get('set-cookie') ?? ''
}

/** The flash toast's title, decoded from the cookie Remix signed (base64 JSON before the signature). */
function toastTitle(headers: Headers) {
	const match = /en_toast=([^;]+)/.exec(toastCookie(headers))
	if (!match) return null
	const value = decodeURIComponent(match[1]!).split('.')[0]!
	const session = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as {
		__flash_toast__?: { title: string }
	}
	return session.__flash_toast__?.title ?? null
}

async function setup() {
	const signedIn = await createSignedInUser()
	const sequence = await insertSequence({ organizationId: signedIn.organization.id, user: signedIn.user })
	return { ...signedIn, organizationId: signedIn.organization.id, sequence }
}

async function stepsOf(sequenceId: string) {
	return prisma.emailStep.findMany({ where: { sequenceId }, orderBy: { order: 'asc' } })
}

describe('loader', () => {
	test('the drawer: steps in order, header, no messages and not read-only', async () => {
		const { cookie, sequence, user } = await setup()
		const result = await get(drawerRoute, `/sequences/${sequence.id}`, cookie, { sequenceId: sequence.id })
		expect(result.status).toBe(200)
		const { drawer, returnTo, closeTo } = result.body
		expect(drawer.readOnly).toBe(false)
		expect(drawer.messages).toEqual([])
		expect(drawer.sequence).toMatchObject({ id: sequence.id, status: 'PENDING', fromEmail: user.email })
		expect(
			drawer.sequence.emailSteps.map((step: { order: number; daysAfter: number }) => [
				step.order,
				step.daysAfter,
			]),
		).toEqual([
			[1, 0],
			[2, 3],
			[3, 4],
		])
		expect(returnTo).toBe(`/sequences/${sequence.id}`)
		expect(closeTo).toBe('/sequences')
	})

	test('one-off parameters stay out of returnTo; the list filter goes to closeTo', async () => {
		const { cookie, sequence } = await setup()
		const path = `/sequences/${sequence.id}?status=PENDING&page=2&edit=abc&confirm=delete`
		const result = await get(drawerRoute, path, cookie, { sequenceId: sequence.id })
		expect(result.body.returnTo).toBe(`/sequences/${sequence.id}?status=PENDING&page=2`)
		expect(result.body.closeTo).toBe('/sequences?status=PENDING&page=2')
		expect(result.body.editId).toBe('abc')
		expect(result.body.confirm).toBe('delete')
	})

	test('a replied sequence brings its conversation; clicked steps are marked', async () => {
		const { cookie, sequence, organizationId } = await setup()
		const [first] = await stepsOf(sequence.id)
		await prisma.emailStep.update({
			where: { id: first!.id },
			data: {
				status: 'REPLIED',
				sentAt: new Date('2026-01-05T10:00:00Z'),
				repliedAt: new Date('2026-01-06T10:00:00Z'),
			},
		})
		await prisma.sequence.update({ where: { id: sequence.id }, data: { status: 'PAUSED' } })
		await prisma.conversationMessage.create({
			data: {
				organizationId,
				sequenceId: sequence.id,
				emailStepId: first!.id,
				fromAddress: 'lead@example.org',
				bodyText: 'Sounds good, call me Tuesday.',
				isFromUser: false,
				date: new Date('2026-01-06T10:00:00Z'),
				providerMessageId: 'reply-1',
			},
		})
		await prisma.sequenceEvent.create({
			data: {
				organizationId,
				sequenceId: sequence.id,
				emailStepId: first!.id,
				type: 'LINK_CLICK',
				url: 'https://example.com',
			},
		})
		const result = await get(drawerRoute, `/sequences/${sequence.id}`, cookie, { sequenceId: sequence.id })
		const { drawer } = result.body
		expect(drawer.sequence.emailSteps[0]).toMatchObject({ status: 'REPLIED', clicked: true })
		expect(drawer.sequence.emailSteps[1].clicked).toBe(false)
		expect(
			drawer.messages.map((message: { from: string; isFromUser: boolean }) => [
				message.from,
				message.isFromUser,
			]),
		).toEqual([
			[expect.any(String), true],
			['lead@example.org', false],
		])
		expect(drawer.messages[1]).toMatchObject({
			body: 'Sounds good, call me Tuesday.',
			date: '2026-01-06T10:00:00.000Z',
		})
	})

	test('read-only only for a platform administrator asking with ?admin', async () => {
		const admin = await createSignedInUser({ email: adminEmail() })
		const sequence = await insertSequence({ organizationId: admin.organization.id, user: admin.user })
		const params = { sequenceId: sequence.id }
		const asAdmin = await get(drawerRoute, `/sequences/${sequence.id}?admin`, admin.cookie, params)
		expect(asAdmin.body.drawer.readOnly).toBe(true)
		expect(
			(await get(drawerRoute, `/sequences/${sequence.id}`, admin.cookie, params)).body.drawer.readOnly,
		).toBe(false)
		const member = await createSignedInUser({ organizationId: admin.organization.id, role: 'MEMBER' })
		const asMember = await get(drawerRoute, `/sequences/${sequence.id}?admin`, member.cookie, params)
		expect(asMember.body.drawer.readOnly).toBe(false)
	})
})

describe('timing', () => {
	test('+ and − change daysAfter with "Step updated"; never below 0', async () => {
		const { cookie, sequence } = await setup()
		const steps = await stepsOf(sequence.id)
		const later = await fetcherPost(sequence.id, cookie, {
			intent: 'update-step-timing',
			kind: 'email',
			stepId: steps[1]!.id,
			daysAfter: '4',
		})
		expect(later.status).toBe(200)
		expect(later.body).toMatchObject({ ok: true, intent: 'update-step-timing' })
		expect(toastTitle(later.headers)).toBe('Step updated')
		expect((await stepsOf(sequence.id))[1]!.daysAfter).toBe(4)

		const negative = await fetcherPost(sequence.id, cookie, {
			intent: 'update-step-timing',
			kind: 'email',
			stepId: steps[0]!.id,
			daysAfter: '-1',
		})
		expect(negative.status).toBe(400)
		expect(negative.body.ok).toBe(false)
		expect((await stepsOf(sequence.id))[0]!.daysAfter).toBe(0)
	})

	test('a refused timing (422) shows the server’s message as the toast', async () => {
		const signedIn = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: signedIn.organization.id,
			user: signedIn.user,
			status: 'ACTIVE',
			steps: [
				{ daysAfter: 0, status: 'SENT' },
				{ daysAfter: 3, status: 'SCHEDULED' },
			],
		})
		const [sent] = await stepsOf(sequence.id)
		const result = await fetcherPost(sequence.id, signedIn.cookie, {
			intent: 'update-step-timing',
			kind: 'email',
			stepId: sent!.id,
			daysAfter: '2',
		})
		expect(result.status).toBe(422)
		expect(result.body).toMatchObject({
			ok: false,
			message: 'Timing cannot change once the step is sent',
			toast: { title: 'Timing cannot change once the step is sent' },
		})
		// A refusal's toast travels in the answer, not in the flash cookie.
		expect(toastCookie(result.headers)).toBe('')
		expect((await stepsOf(sequence.id))[0]!.daysAfter).toBe(0)
	})

	test('without JavaScript the form comes back to the drawer with the toast', async () => {
		const { cookie, sequence } = await setup()
		const steps = await stepsOf(sequence.id)
		const returnTo = `/sequences/${sequence.id}?status=PENDING`
		const result = await post(sequence.id, cookie, {
			intent: 'update-step-timing',
			kind: 'email',
			stepId: steps[2]!.id,
			daysAfter: '7',
			returnTo,
			closeTo: '/sequences?status=PENDING',
		})
		expect(result.status).toBe(302)
		expect(result.headers.get('location')).toBe(returnTo)
		expect(toastTitle(result.headers)).toBe('Step updated')
		expect((await stepsOf(sequence.id))[2]!.daysAfter).toBe(7)
	})
})

describe('content', () => {
	test('a subject edit applies to every step', async () => {
		const { cookie, sequence } = await setup()
		const steps = await stepsOf(sequence.id)
		const result = await fetcherPost(sequence.id, cookie, {
			intent: 'update-step-subject',
			stepId: steps[2]!.id,
			subject: 'A better subject',
		})
		expect(result.status).toBe(200)
		expect(toastTitle(result.headers)).toBe('Step updated')
		expect((await stepsOf(sequence.id)).map((step) => step.subject)).toEqual([
			'A better subject',
			'A better subject',
			'A better subject',
		])
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).subject).toBe(
			'A better subject',
		)
	})

	test('the body as editor JSON, and as plain text without JavaScript', async () => {
		const { cookie, sequence } = await setup()
		const steps = await stepsOf(sequence.id)
		const json = {
			root: {
				type: 'root',
				children: [
					{ type: 'paragraph', children: [{ type: 'text', text: 'Hi from the editor', format: 1 }] },
				],
			},
		}
		const rich = await fetcherPost(sequence.id, cookie, {
			intent: 'update-step-body',
			stepId: steps[0]!.id,
			proseMirrorJson: JSON.stringify(json),
		})
		expect(rich.status).toBe(200)
		const plain = await post(sequence.id, cookie, {
			intent: 'update-step-body',
			stepId: steps[1]!.id,
			body: 'First line\n\nSecond paragraph',
			returnTo: `/sequences/${sequence.id}`,
		})
		expect(plain.status).toBe(302)
		const [first, second] = await stepsOf(sequence.id)
		expect(first!.bodyHtml).toBe('<p><strong>Hi from the editor</strong></p>')
		expect(second!.bodyHtml).toBe('<p>First line</p><p>Second paragraph</p>')
	})

	test('content of a step that is no longer pending is refused with "Failed to update step"', async () => {
		const signedIn = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: signedIn.organization.id,
			user: signedIn.user,
			steps: [{ status: 'DRAFT' }],
		})
		const [step] = await stepsOf(sequence.id)
		const result = await fetcherPost(sequence.id, signedIn.cookie, {
			intent: 'update-step-body',
			stepId: step!.id,
			body: 'New text',
		})
		expect(result.status).toBe(409)
		expect(result.body.toast).toEqual({
			title: 'Failed to update step',
			description: 'Only pending steps can be edited',
		})
	})

	test('a request note over 200 characters is refused with the spec’s message', async () => {
		const signedIn = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: signedIn.organization.id,
			user: signedIn.user,
			linkedInSteps: [{ daysAfter: 0, linkedinUrl: 'https://www.linkedin.com/in/ada' }],
		})
		const step = await prisma.linkedInStep.findFirstOrThrow({ where: { sequenceId: sequence.id } })
		const over = await fetcherPost(sequence.id, signedIn.cookie, {
			intent: 'update-linkedin-note',
			stepId: step.id,
			requestNote: 'x'.repeat(201),
		})
		expect(over.status).toBe(400)
		expect(over.body).toMatchObject({ ok: false, message: 'Request note must be less than 200 characters' })
		const fits = await fetcherPost(sequence.id, signedIn.cookie, {
			intent: 'update-linkedin-note',
			stepId: step.id,
			requestNote: 'y'.repeat(200),
		})
		expect(fits.status).toBe(200)
		expect(toastTitle(fits.headers)).toBe('Step updated')
		expect((await prisma.linkedInStep.findUniqueOrThrow({ where: { id: step.id } })).requestNote).toBe(
			'y'.repeat(200),
		)
	})
})

describe('the assistant’s answer', () => {
	test('applied by position: body and timing to each, the subject from the first to all', async () => {
		const { cookie, sequence } = await setup()
		const result = await fetcherPost(sequence.id, cookie, {
			intent: 'apply-modification',
			steps: JSON.stringify([
				{ subject: 'Casual hello', body: 'Hey there!', daysAfter: 1 },
				{ subject: 'Ignored', body: 'Just checking in.', daysAfter: 5 },
			]),
		})
		expect(result.status).toBe(200)
		expect(toastTitle(result.headers)).toBe('Sequence updated successfully')
		const steps = await stepsOf(sequence.id)
		expect(steps.map((step) => [step.subject, step.bodyText, step.daysAfter])).toEqual([
			['Casual hello', 'Hey there!', 1],
			['Casual hello', 'Just checking in.', 5],
			['Casual hello', 'Hello, this is email 3.', 4],
		])
		const broken = await fetcherPost(sequence.id, cookie, { intent: 'apply-modification', steps: 'not json' })
		expect(broken.status).toBe(400)
		expect(broken.body.toast.title).toBe('Failed to modify sequence')
	})
})

describe('adding and removing steps', () => {
	test('Add Step adds an email step at the given days, and a LinkedIn step with its toast', async () => {
		const { cookie, sequence } = await setup()
		const email = await fetcherPost(sequence.id, cookie, {
			intent: 'add-step',
			kind: 'email',
			daysAfter: '5',
		})
		expect(email.status).toBe(200)
		const steps = await stepsOf(sequence.id)
		expect(steps.map((step) => [step.order, step.daysAfter])).toEqual([
			[1, 0],
			[2, 3],
			[3, 4],
			[4, 5],
		])
		const linkedIn = await fetcherPost(sequence.id, cookie, {
			intent: 'add-step',
			kind: 'linkedin',
			daysAfter: '0',
		})
		expect(linkedIn.status).toBe(200)
		expect(toastTitle(linkedIn.headers)).toBe('LinkedIn step added')
		expect(await prisma.linkedInStep.count({ where: { sequenceId: sequence.id } })).toBe(1)
	})

	test('adding to an active sequence fails with "Failed to add step"', async () => {
		const signedIn = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: signedIn.organization.id,
			user: signedIn.user,
			status: 'ACTIVE',
		})
		const result = await fetcherPost(sequence.id, signedIn.cookie, {
			intent: 'add-step',
			kind: 'email',
			daysAfter: '9',
		})
		expect(result.status).toBe(409)
		expect(result.body.toast.title).toBe('Failed to add step')
		expect(await prisma.emailStep.count({ where: { sequenceId: sequence.id } })).toBe(3)
	})

	test('removing a step: "Step removed"', async () => {
		const { cookie, sequence } = await setup()
		const steps = await stepsOf(sequence.id)
		const result = await fetcherPost(sequence.id, cookie, {
			intent: 'delete-step',
			kind: 'email',
			stepId: steps[1]!.id,
		})
		expect(result.status).toBe(200)
		expect(toastTitle(result.headers)).toBe('Step removed')
		expect((await stepsOf(sequence.id)).map((step) => step.order)).toEqual([1, 2])
	})

	test('the last email step: confirmation first (no JS), then the sequence goes and the list comes back', async () => {
		const signedIn = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: signedIn.organization.id,
			user: signedIn.user,
			steps: [{}],
		})
		const [step] = await stepsOf(sequence.id)
		const form = {
			intent: 'delete-step',
			kind: 'email',
			stepId: step!.id,
			returnTo: `/sequences/${sequence.id}?status=PENDING`,
			closeTo: '/sequences?status=PENDING',
		}
		const asked = await post(sequence.id, signedIn.cookie, form)
		expect(asked.status).toBe(302)
		expect(asked.headers.get('location')).toBe(
			`/sequences/${sequence.id}?status=PENDING&confirm=delete-step&kind=email&step=${step!.id}`,
		)
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(1)

		const confirmed = await post(sequence.id, signedIn.cookie, { ...form, confirmed: 'true' })
		expect(confirmed.status).toBe(302)
		expect(confirmed.headers.get('location')).toBe('/sequences?status=PENDING')
		expect(toastTitle(confirmed.headers)).toBe('Sequence deleted')
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)
	})

	test('the drawer over View Sequences deletes the last step after its dialog and learns the sequence is gone', async () => {
		const signedIn = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: signedIn.organization.id,
			user: signedIn.user,
			steps: [{}],
		})
		const [step] = await stepsOf(sequence.id)
		const unconfirmed = await fetcherPost(sequence.id, signedIn.cookie, {
			intent: 'delete-step',
			kind: 'email',
			stepId: step!.id,
		})
		expect(unconfirmed.status).toBe(409)
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(1)
		const result = await fetcherPost(sequence.id, signedIn.cookie, {
			intent: 'delete-step',
			kind: 'email',
			stepId: step!.id,
			confirmed: 'true',
		})
		expect(result.status).toBe(200)
		expect(result.body).toMatchObject({ ok: true, sequenceDeleted: true })
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)
	})
})

describe('status', () => {
	test('activation: ACTIVE, steps scheduled, "Sequence updated successfully"; on its page it closes to the list', async () => {
		const { cookie, sequence } = await setup()
		const result = await post(sequence.id, cookie, {
			intent: 'activate',
			mode: 'fetcher',
			returnTo: `/sequences/${sequence.id}`,
			closeTo: '/sequences?status=PENDING',
		})
		expect(result.status).toBe(302)
		expect(result.headers.get('location')).toBe('/sequences?status=PENDING')
		expect(toastTitle(result.headers)).toBe('Sequence updated successfully')
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('ACTIVE')
		expect((await stepsOf(sequence.id)).every((step) => step.status === 'SCHEDULED')).toBe(true)
	})

	test('over View Sequences the answer is data (the drawer closes itself)', async () => {
		const { cookie, sequence } = await setup()
		const result = await fetcherPost(sequence.id, cookie, { intent: 'activate' })
		expect(result.status).toBe(200)
		expect(result.body).toMatchObject({ ok: true, intent: 'activate' })
	})

	test('a sequence without steps cannot be activated: "Failed to update sequence"', async () => {
		const signedIn = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: signedIn.organization.id,
			user: signedIn.user,
			steps: [],
		})
		const result = await fetcherPost(sequence.id, signedIn.cookie, { intent: 'activate' })
		expect(result.status).toBe(422)
		expect(result.body.toast.title).toBe('Failed to update sequence')
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('PENDING')
	})

	test('a Gmail grant to renew answers GoogleScopeError (403); without JS the page asks for it', async () => {
		const { cookie, sequence, user } = await setup()
		await prisma.user.update({ where: { id: user.id }, data: { shouldResetGmailScope: true } })
		const result = await fetcherPost(sequence.id, cookie, { intent: 'activate' })
		expect(result.status).toBe(403)
		expect(result.body).toMatchObject({ ok: false, error: 'GoogleScopeError' })
		const plain = await post(sequence.id, cookie, {
			intent: 'activate',
			returnTo: `/sequences/${sequence.id}`,
		})
		expect(plain.headers.get('location')).toBe(`/sequences/${sequence.id}?permissions=google`)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('PENDING')
	})

	test('pause and cancel', async () => {
		const signedIn = await createSignedInUser()
		const sequence = await insertSequence({ organizationId: signedIn.organization.id, user: signedIn.user })
		await fetcherPost(sequence.id, signedIn.cookie, { intent: 'activate' })
		const paused = await fetcherPost(sequence.id, signedIn.cookie, { intent: 'pause' })
		expect(paused.status).toBe(200)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('PAUSED')
		const cancelled = await fetcherPost(sequence.id, signedIn.cookie, { intent: 'cancel' })
		expect(cancelled.status).toBe(200)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('CANCELLED')
		const again = await fetcherPost(sequence.id, signedIn.cookie, { intent: 'activate' })
		expect(again.status).toBe(409)
	})

	test('delete: without JS a confirmation first; the dialog’s confirmed delete removes it', async () => {
		const { cookie, sequence } = await setup()
		const asked = await post(sequence.id, cookie, { intent: 'delete', returnTo: `/sequences/${sequence.id}` })
		expect(asked.headers.get('location')).toBe(`/sequences/${sequence.id}?confirm=delete`)
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(1)
		const result = await fetcherPost(sequence.id, cookie, { intent: 'delete', confirmed: 'true' })
		expect(result.status).toBe(200)
		expect(toastTitle(result.headers)).toBe('Sequence deleted')
		expect(await prisma.sequence.count({ where: { id: sequence.id } })).toBe(0)
	})
})

describe('reply', () => {
	async function repliedSequence() {
		const signedIn = await createSignedInUser()
		const sequence = await insertSequence({
			organizationId: signedIn.organization.id,
			user: signedIn.user,
			status: 'PAUSED',
			steps: [{ status: 'REPLIED' }],
		})
		await prisma.emailStep.updateMany({
			where: { sequenceId: sequence.id },
			data: { sentAt: new Date(), messageId: `<m-${sequence.id}@example.test>` },
		})
		return { ...signedIn, sequence }
	}

	test('blank text is refused; a reply goes into the conversation', async () => {
		const { cookie, sequence } = await repliedSequence()
		const blank = await fetcherPost(sequence.id, cookie, { intent: 'reply', body: '   ' })
		expect(blank.status).toBe(400)
		expect(blank.body.toast.title).toBe('Reply cannot be empty')

		const sent = await fetcherPost(sequence.id, cookie, {
			intent: 'reply',
			body: 'Tuesday works, talk then.',
		})
		expect(sent.status, JSON.stringify(sent.body)).toBe(200)
		const stored = await prisma.conversationMessage.findMany({ where: { sequenceId: sequence.id } })
		expect(stored).toHaveLength(1)
		expect(stored[0]).toMatchObject({ isFromUser: true, bodyText: 'Tuesday works, talk then.' })
	})
})

describe('another organization', () => {
	test('its sequence is a 404 for the loader and every intent, and nothing changes', async () => {
		const { cookie, sequence: mine } = await setup()
		const other = await createSignedInUser()
		const theirs = await insertSequence({
			organizationId: other.organization.id,
			user: other.user,
			linkedInSteps: [{ daysAfter: 0 }],
		})
		const [step] = await stepsOf(theirs.id)
		const linkedInStep = await prisma.linkedInStep.findFirstOrThrow({ where: { sequenceId: theirs.id } })
		const before = JSON.stringify({
			sequence: await prisma.sequence.findUniqueOrThrow({ where: { id: theirs.id } }),
			steps: await stepsOf(theirs.id),
			linkedIn: await prisma.linkedInStep.findMany({ where: { sequenceId: theirs.id } }),
		})

		const loaded = await get(drawerRoute, `/sequences/${theirs.id}`, cookie, { sequenceId: theirs.id })
		expect(loaded.status).toBe(404)
		expect(loaded.body.drawer).toBeNull()

		const attempts: Array<Record<string, string>> = [
			{ intent: 'activate' },
			{ intent: 'pause' },
			{ intent: 'cancel' },
			{ intent: 'delete', confirmed: 'true' },
			{ intent: 'add-step', kind: 'email', daysAfter: '1' },
			{ intent: 'add-step', kind: 'linkedin', daysAfter: '1' },
			{ intent: 'delete-step', kind: 'email', stepId: step!.id, confirmed: 'true' },
			{ intent: 'delete-step', kind: 'linkedin', stepId: linkedInStep.id, confirmed: 'true' },
			{ intent: 'update-step-timing', kind: 'email', stepId: step!.id, daysAfter: '9' },
			{ intent: 'update-step-timing', kind: 'linkedin', stepId: linkedInStep.id, daysAfter: '9' },
			{ intent: 'update-step-subject', stepId: step!.id, subject: 'Hijacked' },
			{ intent: 'update-step-body', stepId: step!.id, body: 'Hijacked' },
			{ intent: 'update-linkedin-note', stepId: linkedInStep.id, requestNote: 'Hijacked' },
			{ intent: 'update-linkedin-message', stepId: linkedInStep.id, message: 'Hijacked' },
			{ intent: 'reply', body: 'Hijacked' },
			{
				intent: 'apply-modification',
				steps: JSON.stringify([{ subject: 'Hijacked', body: 'Hijacked', daysAfter: 2 }]),
			},
		]
		for (const values of attempts) {
			const result = await fetcherPost(theirs.id, cookie, values)
			expect(result.status, values.intent).toBe(404)
			expect(result.body.ok, values.intent).toBe(false)
		}
		// Their step ids posted against one of our own sequences are not found either.
		for (const values of attempts.filter((attempt) => attempt.stepId)) {
			const result = await fetcherPost(mine.id, cookie, values)
			expect(result.status, `${values.intent} on our sequence`).toBe(404)
		}
		const after = JSON.stringify({
			sequence: await prisma.sequence.findUniqueOrThrow({ where: { id: theirs.id } }),
			steps: await stepsOf(theirs.id),
			linkedIn: await prisma.linkedInStep.findMany({ where: { sequenceId: theirs.id } }),
		})
		expect(after).toBe(before)
	})
})

describe('/sequences and /contacts/:id/sequences', () => {
	test('the list: the organization’s sequences only, with stats, filtered by status', async () => {
		const { cookie, organizationId, user, sequence } = await setup()
		const active = await insertSequence({
			organizationId,
			user,
			status: 'ACTIVE',
			steps: [{ status: 'SENT' }, { status: 'SCHEDULED' }],
		})
		const other = await createSignedInUser()
		await insertSequence({ organizationId: other.organization.id, user: other.user })

		const all = await get(sequencesRoute, '/sequences', cookie)
		expect(all.body.sequences.map((row: { id: string }) => row.id).sort()).toEqual(
			[sequence.id, active.id].sort(),
		)
		const activeRow = all.body.sequences.find((row: { id: string }) => row.id === active.id)
		expect(activeRow.stats).toMatchObject({ steps: 2, sent: 1, replied: 0, clicks: 0, progress: 50 })

		const filtered = await get(sequencesRoute, '/sequences?status=ACTIVE', cookie)
		expect(filtered.body.status).toBe('ACTIVE')
		expect(filtered.body.sequences.map((row: { id: string }) => row.id)).toEqual([active.id])
		const unknown = await get(sequencesRoute, '/sequences?status=NOPE&page=abc', cookie)
		expect(unknown.body).toMatchObject({ status: null, page: 1 })
	})

	test('pages of 25; a page past the end shows the last', async () => {
		const signedIn = await createSignedInUser()
		for (let index = 0; index < 26; index++) {
			await insertSequence({ organizationId: signedIn.organization.id, user: signedIn.user, steps: [{}] })
		}
		const second = await get(sequencesRoute, '/sequences?page=2', signedIn.cookie)
		expect(second.body).toMatchObject({ page: 2, lastPage: 2, total: 26 })
		expect(second.body.sequences).toHaveLength(1)
		const past = await get(sequencesRoute, '/sequences?page=9', signedIn.cookie)
		expect(past.body.page).toBe(2)
	})

	test('View Sequences: the contact’s sequences; another organization’s contact is a 404', async () => {
		const { cookie, sequence } = await setup()
		const contactId = sequence.contactId
		const result = await get(contactSequencesRoute, `/contacts/${contactId}/sequences`, cookie, { contactId })
		expect(result.status).toBe(200)
		expect(result.body.contact.id).toBe(contactId)
		expect(result.body.sequences).toEqual([
			expect.objectContaining({
				id: sequence.id,
				status: 'PENDING',
				stepCount: 3,
				sentStepCount: 0,
				sendProgress: 0,
			}),
		])
		const other = await createSignedInUser()
		const theirs = await insertSequence({ organizationId: other.organization.id, user: other.user })
		const foreign = await get(contactSequencesRoute, `/contacts/${theirs.contactId}/sequences`, cookie, {
			contactId: theirs.contactId,
		})
		expect(foreign.status).toBe(404)
		expect(foreign.body).toEqual({ contact: null, sequences: [] })
	})
})
