import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { type Role } from '#app/generated/prisma/enums.ts'
import { markRepliedByHand, recordInboundMessage } from '#app/models/conversation/reply-detection.server.ts'
import { listDueCalls } from '#app/models/phone-call/list-due-calls.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import * as drawerRoute from '#app/routes/_app+/sequences.$sequenceId.tsx'
import { CALL_MESSAGES } from '#app/schemas/phone-call.ts'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence, type StepInput } from '#tests/factories/sequence.ts'

// Phone-call steps as the user's call list (issue 18, decision 030): who sees which calls, what
// logging a call does to the sequence, what a reply does to the calls, and the API's answers.

const send = setupApiRouter()
const DAY = 86_400_000

async function caller({ role = 'OWNER', organizationId }: { role?: Role; organizationId?: string } = {}) {
	const signedIn = await createSignedInUser({ role, organizationId })
	await prisma.featureFlag.create({
		data: { userId: signedIn.user.id, key: 'sequence:phone', value: 'true' },
	})
	const api = (method: string, path: string, json?: unknown) =>
		send(method, `/api/v1${path}`, { cookie: signedIn.cookie, json })
	return { ...signedIn, api }
}

type Caller = Awaited<ReturnType<typeof caller>>

/** An ACTIVE sequence of the caller's with its email steps in `emailStatus` and these calls. */
async function sequenceWithCalls(
	owner: Pick<Caller, 'user' | 'organization'>,
	calls: Array<{
		daysAfter?: number
		scheduledFor?: Date | null
		status?: 'SCHEDULED' | 'PENDING'
		talkingPoints?: string
	}>,
	{
		status = 'ACTIVE',
		emails = [{ status: 'SENT' }],
		phone = '+1 415 555 0132',
	}: { status?: 'ACTIVE' | 'PAUSED' | 'PENDING'; emails?: StepInput[]; phone?: string | null } = {},
) {
	const contact = await insertContact(owner.organization.id, {
		firstName: 'Grace',
		lastName: `Hopper ${randomUUID().slice(0, 4)}`,
		phone,
		role: 'Rear Admiral',
	})
	const sequence = await insertSequence({
		organizationId: owner.organization.id,
		user: owner.user,
		contactId: contact.id,
		status,
		steps: emails,
	})
	const steps = []
	for (const [index, call] of calls.entries()) {
		steps.push(
			await prisma.phoneCallStep.create({
				data: {
					organizationId: owner.organization.id,
					sequenceId: sequence.id,
					order: index + 1,
					daysAfter: call.daysAfter ?? 0,
					talkingPoints: call.talkingPoints ?? `Point ${index + 1}`,
					status: call.status ?? 'SCHEDULED',
					scheduledFor: call.scheduledFor === undefined ? new Date() : call.scheduledFor,
				},
			}),
		)
	}
	return { sequence, contact, calls: steps }
}

function ids(list: {
	overdue: Array<{ stepId: string }>
	today: Array<{ stepId: string }>
	upcoming: Array<{ stepId: string }>
}) {
	return [...list.overdue, ...list.today, ...list.upcoming].map((call) => call.stepId).sort()
}

describe('the call list', () => {
	test("a member sees only their own calls; an owner may see the organization's; never another organization's", async () => {
		const owner = await caller()
		const member = await caller({ role: 'MEMBER', organizationId: owner.organization.id })
		const teammate = await caller({ role: 'MEMBER', organizationId: owner.organization.id })
		const stranger = await caller()
		const mine = await sequenceWithCalls(member, [{}])
		const theirs = await sequenceWithCalls(teammate, [{}])
		const foreign = await sequenceWithCalls(stranger, [{}])

		const memberList = await member.api('GET', '/calls')
		expect(memberList.status, memberList.text).toBe(200)
		expect(ids(memberList.json.data)).toEqual([mine.calls[0]!.id])
		expect(memberList.json.data.today[0]).toMatchObject({
			stepId: mine.calls[0]!.id,
			talkingPoints: 'Point 1',
			sequence: { id: mine.sequence.id, subject: 'Quick question' },
			contact: {
				id: mine.contact.id,
				role: 'Rear Admiral',
				phone: { raw: '+1 415 555 0132', display: '+1 415 555 0132', href: 'tel:+14155550132' },
			},
		})
		// Everyone's calls are for owners and admins.
		expectApiError(await member.api('GET', '/calls?scope=all'), 403, CALL_MESSAGES.scopeForbidden)

		expect(ids((await owner.api('GET', '/calls')).json.data)).toEqual([])
		const all = await owner.api('GET', '/calls?scope=all')
		expect(ids(all.json.data)).toEqual([mine.calls[0]!.id, theirs.calls[0]!.id].sort())
		expect(JSON.stringify(all.json)).not.toContain(foreign.contact.lastName)
		expect(ids((await stranger.api('GET', '/calls?scope=all')).json.data)).toEqual([foreign.calls[0]!.id])
	})

	test("grouped by the organization's day: overdue, today, the next 7 days; one call per sequence; ACTIVE sequences only", async () => {
		const owner = await caller()
		await prisma.organization.update({
			where: { id: owner.organization.id },
			data: { timeZone: 'America/New_York' },
		})
		// 22:00 on Wednesday, Nov 25 in New York.
		const now = new Date('2026-11-26T03:00:00Z')
		const overdue = await sequenceWithCalls(owner, [{ scheduledFor: new Date('2026-11-25T04:00:00Z') }])
		const today = await sequenceWithCalls(owner, [
			{ scheduledFor: new Date('2026-11-26T04:00:00Z') },
			// Its second call waits for the first to be logged.
			{ scheduledFor: new Date('2026-11-26T04:30:00Z') },
		])
		const tomorrow = await sequenceWithCalls(owner, [{ scheduledFor: new Date('2026-11-26T06:00:00Z') }])
		await sequenceWithCalls(owner, [{ scheduledFor: new Date(now.getTime() + 9 * DAY) }])
		await sequenceWithCalls(owner, [{ scheduledFor: now }], { status: 'PAUSED' })
		await sequenceWithCalls(owner, [{ status: 'PENDING', scheduledFor: null }], { status: 'PENDING' })

		const list = await listDueCalls({ organizationId: owner.organization.id, userId: owner.user.id, now })
		expect(list.timeZone).toBe('America/New_York')
		expect(list.overdue.map((call) => call.stepId)).toEqual([overdue.calls[0]!.id])
		expect(list.today.map((call) => call.stepId)).toEqual([today.calls[0]!.id])
		expect(list.today[0]).toMatchObject({ order: 1, callCount: 2 })
		expect(list.upcoming.map((call) => call.stepId)).toEqual([tomorrow.calls[0]!.id])
	})

	test("the sequence's history across channels, in time order; no phone: null", async () => {
		const owner = await caller()
		const { sequence, calls } = await sequenceWithCalls(owner, [{}], { phone: null })
		const sentAt = new Date(Date.now() - 3 * DAY)
		await prisma.emailStep.updateMany({ where: { sequenceId: sequence.id }, data: { sentAt } })
		await prisma.linkedInStep.create({
			data: {
				organizationId: owner.organization.id,
				sequenceId: sequence.id,
				order: 1,
				status: 'ACCEPTED',
				requestNote: 'Loved your talk on compilers',
				sentAt: new Date(Date.now() - 2 * DAY),
				acceptedAt: new Date(Date.now() - DAY),
			},
		})
		await prisma.conversationMessage.create({
			data: {
				organizationId: owner.organization.id,
				sequenceId: sequence.id,
				fromAddress: 'auto@example.org',
				bodyText: 'I am out of office',
				isFromUser: false,
				automatic: 'AUTO_REPLY',
				date: new Date(Date.now() - 2.5 * DAY),
				providerMessageId: `auto-${randomUUID()}`,
			},
		})
		const list = await listDueCalls({ organizationId: owner.organization.id, userId: owner.user.id })
		const call = list.today.find((entry) => entry.stepId === calls[0]!.id)!
		expect(call.contact.phone).toBeNull()
		expect(call.history.map((entry) => [entry.channel, entry.label, entry.detail])).toEqual([
			['email', 'Email sent', 'Quick question'],
			['linkedin', 'LinkedIn connection request sent', 'Loved your talk on compilers'],
			['linkedin', 'LinkedIn connection accepted', null],
		])
	})

	test('without the sequence:phone flag: the API and the page answer 404', async () => {
		const { cookie } = await createSignedInUser()
		expectApiError(await send('GET', '/api/v1/calls', { cookie }), 404)
		expectApiError(
			await send('POST', '/api/v1/calls/anything/outcome', { cookie, json: { outcome: 'CONNECTED' } }),
			404,
		)
		expect((await send('GET', '/calls', { cookie })).status).toBe(404)
	})
})

describe('logging a call', () => {
	test('the step SUCCESS with outcome, notes, when and who; the next call planned from now; the sequence goes on', async () => {
		const owner = await caller()
		const { sequence, calls, contact } = await sequenceWithCalls(owner, [
			{ daysAfter: 0 },
			{ daysAfter: 2, scheduledFor: new Date(Date.now() + 30 * DAY) },
		])
		const before = Date.now()
		const result = await owner.api('POST', `/calls/${calls[0]!.id}/outcome`, {
			outcome: 'CONNECTED',
			notes: '  Wants a demo on Tuesday  ',
		})
		expect(result.status, result.text).toBe(200)
		expect(result.json).toMatchObject({
			message: CALL_MESSAGES.recorded,
			result: 'recorded',
			sequenceId: sequence.id,
			sequenceCompleted: false,
			step: { id: calls[0]!.id, outcome: 'CONNECTED', notes: 'Wants a demo on Tuesday' },
		})
		const [first, second] = await prisma.phoneCallStep.findMany({
			where: { sequenceId: sequence.id },
			orderBy: { order: 'asc' },
		})
		expect(first).toMatchObject({
			status: 'SUCCESS',
			outcome: 'CONNECTED',
			notes: 'Wants a demo on Tuesday',
			completedById: owner.user.id,
		})
		expect(first!.completedAt!.getTime()).toBeGreaterThanOrEqual(before)
		expect(second!.status).toBe('SCHEDULED')
		const planned = second!.scheduledFor!.getTime() - first!.completedAt!.getTime()
		expect(planned).toBe(2 * DAY)
		expect(result.json.nextCallAt).toBe(second!.scheduledFor!.toISOString())
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('ACTIVE')
		const updated = await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })
		expect(updated.lastContactedAt!.getTime()).toBe(first!.completedAt!.getTime())

		// The list: the logged call gone, the next one upcoming, the logged one in the history.
		const list = (await owner.api('GET', '/calls')).json.data
		expect(ids(list)).toEqual([second!.id])
		expect(list.upcoming[0].history.at(-1)).toMatchObject({
			channel: 'phone',
			label: 'Call: Connected',
			detail: 'Wants a demo on Tuesday',
		})
	})

	test('the last thing left: the sequence COMPLETED', async () => {
		const owner = await caller()
		const { sequence, calls } = await sequenceWithCalls(owner, [{}], {
			emails: [{ status: 'SENT' }, { status: 'SENT' }],
		})
		const result = await owner.api('POST', `/calls/${calls[0]!.id}/outcome`, { outcome: 'VOICEMAIL' })
		expect(result.status, result.text).toBe(200)
		expect(result.json).toMatchObject({ sequenceCompleted: true, nextCallAt: null })
		const stored = await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })
		expect(stored.status).toBe('COMPLETED')
		expect(stored.completedAt).not.toBeNull()
	})

	test('an email still to send keeps the sequence ACTIVE after its last call', async () => {
		const owner = await caller()
		const { sequence, calls } = await sequenceWithCalls(owner, [{}], {
			emails: [{ status: 'SENT' }, { status: 'SCHEDULED' }],
		})
		const result = await owner.api('POST', `/calls/${calls[0]!.id}/outcome`, { outcome: 'NO_ANSWER' })
		expect(result.json).toMatchObject({ sequenceCompleted: false })
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('ACTIVE')
	})

	test('a second submit, even at the same moment, logs the call once and answers already_recorded', async () => {
		const owner = await caller()
		const { calls } = await sequenceWithCalls(owner, [{}, { daysAfter: 1 }])
		const [a, b] = await Promise.all([
			owner.api('POST', `/calls/${calls[0]!.id}/outcome`, { outcome: 'NO_ANSWER', notes: 'first' }),
			owner.api('POST', `/calls/${calls[0]!.id}/outcome`, { outcome: 'VOICEMAIL', notes: 'second' }),
		])
		expect([a.status, b.status]).toEqual([200, 200])
		expect([a.json.result, b.json.result].sort()).toEqual(['already_recorded', 'recorded'])
		const winner = a.json.result === 'recorded' ? a.json : b.json
		const again = await owner.api('POST', `/calls/${calls[0]!.id}/outcome`, { outcome: 'CONNECTED' })
		expect(again.status).toBe(200)
		expect(again.json).toMatchObject({ result: 'already_recorded', message: CALL_MESSAGES.alreadyRecorded })
		expect(again.json.step).toEqual(winner.step)
		const stored = await prisma.phoneCallStep.findUniqueOrThrow({ where: { id: calls[0]!.id } })
		expect(stored.outcome).toBe(winner.step.outcome)
		// The next call was planned once, from the first log.
		const next = await prisma.phoneCallStep.findUniqueOrThrow({ where: { id: calls[1]!.id } })
		expect(next.scheduledFor!.getTime() - stored.completedAt!.getTime()).toBe(DAY)
	})

	test('refused (409) when the sequence is not ACTIVE or the call no longer scheduled', async () => {
		const owner = await caller()
		const paused = await sequenceWithCalls(owner, [{}], { status: 'PAUSED' })
		expectApiError(
			await owner.api('POST', `/calls/${paused.calls[0]!.id}/outcome`, { outcome: 'CONNECTED' }),
			409,
			CALL_MESSAGES.sequenceNotActive('PAUSED'),
		)
		const active = await sequenceWithCalls(owner, [{}])
		await prisma.phoneCallStep.update({ where: { id: active.calls[0]!.id }, data: { status: 'CANCELED' } })
		expectApiError(
			await owner.api('POST', `/calls/${active.calls[0]!.id}/outcome`, { outcome: 'CONNECTED' }),
			409,
			CALL_MESSAGES.notScheduled,
		)
		for (const call of [paused.calls[0]!, active.calls[0]!]) {
			const stored = await prisma.phoneCallStep.findUniqueOrThrow({ where: { id: call.id } })
			expect(stored.outcome).toBeNull()
		}
	})

	test("another organization's call, or a teammate's for a member: 404, nothing changed; an owner may log a member's", async () => {
		const owner = await caller()
		const member = await caller({ role: 'MEMBER', organizationId: owner.organization.id })
		const stranger = await caller()
		const { calls } = await sequenceWithCalls(member, [{}])
		const teammateOfMember = await caller({ role: 'MEMBER', organizationId: owner.organization.id })

		expectApiError(
			await stranger.api('POST', `/calls/${calls[0]!.id}/outcome`, { outcome: 'CONNECTED' }),
			404,
			CALL_MESSAGES.callNotFound,
		)
		expectApiError(
			await teammateOfMember.api('POST', `/calls/${calls[0]!.id}/outcome`, { outcome: 'CONNECTED' }),
			404,
		)
		expect((await prisma.phoneCallStep.findUniqueOrThrow({ where: { id: calls[0]!.id } })).status).toBe(
			'SCHEDULED',
		)
		const logged = await owner.api('POST', `/calls/${calls[0]!.id}/outcome`, { outcome: 'CONNECTED' })
		expect(logged.status, logged.text).toBe(200)
		expect(
			(await prisma.phoneCallStep.findUniqueOrThrow({ where: { id: calls[0]!.id } })).completedById,
		).toBe(owner.user.id)
	})

	test('bad input: 400 with the message', async () => {
		const owner = await caller()
		const { calls } = await sequenceWithCalls(owner, [{}])
		const path = `/calls/${calls[0]!.id}/outcome`
		expectApiError(await owner.api('POST', path, {}), 400, CALL_MESSAGES.outcomeRequired)
		expectApiError(await owner.api('POST', path, { outcome: 'HUNG_UP' }), 400, CALL_MESSAGES.outcomeRequired)
		expectApiError(
			await owner.api('POST', path, { outcome: 'CONNECTED', notes: 'x'.repeat(5_001) }),
			400,
			CALL_MESSAGES.notesTooLong,
		)
	})

	test('a wrong number flags the contact: the list warns until the phone changes', async () => {
		const owner = await caller()
		const { calls, contact } = await sequenceWithCalls(owner, [{}, { daysAfter: 0 }])
		await owner.api('POST', `/calls/${calls[0]!.id}/outcome`, { outcome: 'WRONG_NUMBER' })
		const stored = await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })
		expect(stored.metadata).toMatchObject({ wrongPhoneNumber: '+1 415 555 0132' })
		expect(stored.lastContactedAt).toBeNull()
		let list = (await owner.api('GET', '/calls')).json.data
		expect(list.today[0].stepId).toBe(calls[1]!.id)
		expect(list.today[0].contact.phone.wrongNumberAt).toEqual(expect.any(String))

		await prisma.contact.update({ where: { id: contact.id }, data: { phone: '+44 20 7946 0958' } })
		list = (await owner.api('GET', '/calls')).json.data
		expect(list.today[0].contact.phone).toMatchObject({ display: '+44 20 7946 0958', wrongNumberAt: null })
	})
})

describe('the Calls page', () => {
	test('the form without JavaScript: a redirect back with the toast; a missing outcome is a 400 with the message', async () => {
		const owner = await caller()
		const { calls } = await sequenceWithCalls(owner, [{}])
		const page = await send('GET', '/calls', { cookie: owner.cookie })
		expect(page.status).toBe(200)
		expect(page.text).toContain('href="tel:+14155550132"')
		expect(page.text).toContain('Point 1')

		const invalid = await send('POST', '/calls', { cookie: owner.cookie, form: { stepId: calls[0]!.id } })
		expect(invalid.status).toBe(400)
		expect(invalid.text).toContain(CALL_MESSAGES.outcomeRequired)

		const done = await send('POST', '/calls', {
			cookie: owner.cookie,
			form: { stepId: calls[0]!.id, outcome: 'CONNECTED', notes: 'Booked a demo' },
		})
		expect(done.status).toBe(302)
		expect(done.headers.get('location')).toBe('/calls')
		expect(done.headers.get('set-cookie')).toContain('en_toast')
		expect((await prisma.phoneCallStep.findUniqueOrThrow({ where: { id: calls[0]!.id } })).notes).toBe(
			'Booked a demo',
		)
		// Submitted again (a reload, a double click): back to the list, nothing changed, no error page.
		const again = await send('POST', '/calls', {
			cookie: owner.cookie,
			form: { stepId: calls[0]!.id, outcome: 'NO_ANSWER' },
		})
		expect(again.status).toBe(302)
		expect((await prisma.phoneCallStep.findUniqueOrThrow({ where: { id: calls[0]!.id } })).outcome).toBe(
			'CONNECTED',
		)
	})
})

describe('a reply stops the calls', () => {
	async function activatedWithCalls() {
		const owner = await caller()
		const sequence = await insertSequence({
			organizationId: owner.organization.id,
			user: owner.user,
			steps: [{ daysAfter: 0 }, { daysAfter: 3 }],
		})
		await prisma.phoneCallStep.createMany({
			data: [
				{ organizationId: owner.organization.id, sequenceId: sequence.id, order: 1, daysAfter: 0 },
				{ organizationId: owner.organization.id, sequenceId: sequence.id, order: 2, daysAfter: 2 },
			],
		})
		await activateSequences(owner.organization.id, [sequence.id])
		expect(await sendEmailStep(sequence.emailSteps[0]!.id)).toBe('sent')
		// Activation planned the calls: the first is due now.
		expect(ids((await owner.api('GET', '/calls')).json.data)).toHaveLength(1)
		return { owner, sequence }
	}

	test('an email reply (recordInboundMessage): the pending calls CANCELED and off the list', async () => {
		const { owner, sequence } = await activatedWithCalls()
		const step = await prisma.emailStep.findFirstOrThrow({ where: { sequenceId: sequence.id, order: 1 } })
		const contact = await prisma.contact.findUniqueOrThrow({ where: { id: sequence.contactId } })
		const { outcome } = await recordInboundMessage({
			organizationId: owner.organization.id,
			sequenceId: sequence.id,
			providerMessageId: `gmail-${randomUUID()}`,
			from: contact.email!,
			date: new Date(),
			subject: 'Re: Quick question',
			text: 'Happy to talk, but please email rather than call.',
			inReplyTo: step.messageId,
		})
		expect(outcome).toBe('REPLY')
		const calls = await prisma.phoneCallStep.findMany({ where: { sequenceId: sequence.id } })
		expect(calls.map((call) => call.status)).toEqual(['CANCELED', 'CANCELED'])
		expect(ids((await owner.api('GET', '/calls?scope=all')).json.data)).toEqual([])
	})

	test('"Mark as replied" cancels them too', async () => {
		const { owner, sequence } = await activatedWithCalls()
		expect(
			await markRepliedByHand({
				organizationId: owner.organization.id,
				sequenceId: sequence.id,
				userId: owner.user.id,
			}),
		).toBe('marked')
		const calls = await prisma.phoneCallStep.findMany({ where: { sequenceId: sequence.id } })
		expect(calls.map((call) => call.status)).toEqual(['CANCELED', 'CANCELED'])
	})
})

describe('phone-call steps in the drawer', () => {
	test('talking points and timing of a draft edited, a call removed; refused once the sequence runs', async () => {
		const owner = await caller()
		const draft = await sequenceWithCalls(
			owner,
			[
				{ status: 'PENDING', scheduledFor: null },
				{ status: 'PENDING', scheduledFor: null, daysAfter: 2 },
			],
			{ status: 'PENDING', emails: [{}] },
		)
		type Args = { request: Request; params: object; context: object }
		const post = (sequenceId: string, form: Record<string, string>) => {
			const action = drawerRoute.action as unknown as (args: Args) => Promise<unknown>
			const request = makeRequest(`/sequences/${sequenceId}`, {
				method: 'POST',
				cookie: owner.cookie,
				form: { mode: 'fetcher', returnTo: `/sequences/${sequenceId}`, ...form },
			})
			return callRoute(() => action({ request, params: { sequenceId }, context: {} }))
		}
		const drawerOf = async (sequenceId: string) => {
			const loader = drawerRoute.loader as unknown as (args: Args) => Promise<unknown>
			const request = makeRequest(`/sequences/${sequenceId}`, { cookie: owner.cookie })
			return (await callRoute(() => loader({ request, params: { sequenceId }, context: {} }))).body
		}

		const edit = await post(draft.sequence.id, {
			intent: 'update-phone-talking-points',
			stepId: draft.calls[0]!.id,
			talkingPoints: 'Ask about COBOL',
		})
		expect(edit.status).toBe(200)
		expect(
			(await prisma.phoneCallStep.findUniqueOrThrow({ where: { id: draft.calls[0]!.id } })).talkingPoints,
		).toBe('Ask about COBOL')
		const timing = await post(draft.sequence.id, {
			intent: 'update-step-timing',
			kind: 'phone',
			stepId: draft.calls[1]!.id,
			daysAfter: '4',
		})
		expect(timing.status).toBe(200)
		const removed = await post(draft.sequence.id, {
			intent: 'delete-step',
			kind: 'phone',
			stepId: draft.calls[0]!.id,
		})
		expect(removed.status).toBe(200)
		const left = await prisma.phoneCallStep.findMany({ where: { sequenceId: draft.sequence.id } })
		expect(left.map((call) => [call.order, call.daysAfter])).toEqual([[1, 4]])

		// The drawer's data: the calls with the flag, none without it.
		expect((await drawerOf(draft.sequence.id)).drawer.sequence.phoneCallSteps).toEqual([
			expect.objectContaining({ order: 1, daysAfter: 4, talkingPoints: 'Point 2', status: 'PENDING' }),
		])
		await prisma.featureFlag.deleteMany({ where: { userId: owner.user.id } })
		const unflagged = (await drawerOf(draft.sequence.id)).drawer.sequence
		expect(unflagged).toMatchObject({ phoneCallSteps: [], phoneCallStepCount: 1 })
		await prisma.featureFlag.create({ data: { userId: owner.user.id, key: 'sequence:phone', value: 'true' } })

		const active = await sequenceWithCalls(owner, [{}])
		const refused = await post(active.sequence.id, {
			intent: 'update-phone-talking-points',
			stepId: active.calls[0]!.id,
			talkingPoints: 'Too late',
		})
		expect(refused.status).toBe(409)
		expect(refused.body).toMatchObject({ ok: false, toast: { title: 'Failed to update step' } })
	})
})
