import { expect, test } from 'vitest'
import { claimLinkedInAction } from '#app/models/linkedin/claim-linkedin-action.server.ts'
import { readLinkedInReplyIntent } from '#app/models/linkedin/linkedin-reply-intent.server.ts'
import { reportLinkedInAction } from '#app/models/linkedin/report-linkedin-action.server.ts'
import { type LinkedInActionClaim, type LinkedInActionResult } from '#app/schemas/linkedin-action.ts'
import { encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { action as claimRoute } from '#app/routes/api+/v1+/linkedin.companion.actions.claim.ts'
import { action as reportRoute } from '#app/routes/api+/v1+/linkedin.companion.actions.$actionId.report.ts'
import { action as tokenRoute } from '#app/routes/api+/v1+/linkedin.companion-token.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// The LinkedIn action model (decision 029): what is due, claimed exactly once, limited per account
// whichever executor asks, and what each report does to the step, the sequence and the account.

async function connectedUser({
	premium = false,
	organizationId,
}: { premium?: boolean; organizationId?: string } = {}) {
	const signedIn = await createSignedInUser({ organizationId })
	await prisma.user.update({
		where: { id: signedIn.user.id },
		data: {
			linkedinConnectedAt: new Date(),
			linkedinAuthEncrypted: encrypt(
				JSON.stringify({ cookie: 'li_at=x; JSESSIONID="ajax:1"', csrfToken: 'ajax:1' }),
			),
		},
	})
	// Tests act at any hour without pauses between actions.
	await prisma.linkedInAccount.create({
		data: {
			userId: signedIn.user.id,
			activeHoursStart: 0,
			activeHoursEnd: 24,
			paceMinSeconds: 0,
			paceMaxSeconds: 0,
			premium,
		},
	})
	return signedIn
}

type SignedIn = Awaited<ReturnType<typeof connectedUser>>

/** An ACTIVE sequence with a connection request due now and `messages` message steps after it. */
async function linkedInSequence(
	owner: SignedIn,
	{
		note = 'Hi, glad to connect',
		messages = 0,
		emailSteps = 0,
		data = {},
	}: {
		note?: string | null
		messages?: number
		emailSteps?: number
		data?: Parameters<typeof insertSequence>[0]['data']
	} = {},
) {
	const contact = await insertContact(owner.organization.id, {
		email: `p-${Math.random().toString(36).slice(2, 8)}@example.org`,
	})
	const username = `person-${contact.id.slice(-8)}`
	const past = new Date(Date.now() - 60_000)
	return insertSequence({
		organizationId: owner.organization.id,
		user: owner.user,
		contactId: contact.id,
		status: 'ACTIVE',
		steps: Array.from({ length: emailSteps }, (_, index) => ({
			daysAfter: index === 0 ? 0 : 2,
			status: 'SCHEDULED' as const,
		})),
		linkedInSteps: [
			{ username, requestNote: note, status: 'SCHEDULED', scheduledFor: past },
			...Array.from({ length: messages }, (_, index) => ({
				username,
				message: `Message ${index + 1}`,
				daysAfter: index === 0 ? 0 : 2,
				status: 'SCHEDULED' as const,
				scheduledFor: past,
			})),
		],
		data,
	})
}

async function claim(userId: string, now = new Date(), executor: 'SERVER' | 'COMPANION' = 'SERVER') {
	return claimLinkedInAction({ userId, executor, now })
}

async function claimAction(userId: string, now = new Date()) {
	const response = await claim(userId, now)
	if (!response.action) throw new Error(`expected an action, got ${response.reason}`)
	return response.action
}

function report(userId: string, action: LinkedInActionClaim, result: LinkedInActionResult, now = new Date()) {
	return reportLinkedInAction({
		actionId: action.id,
		userId,
		report: { claimToken: action.claimToken, result },
		now,
	})
}

test('a connection request is claimed once, sent, then watched for acceptance; its messages wait for it', async () => {
	const owner = await connectedUser()
	const sequence = await linkedInSequence(owner, { messages: 1 })
	const [connect, message] = sequence.linkedInSteps

	const action = await claimAction(owner.user.id)
	expect(action).toMatchObject({ kind: 'CONNECT', attempt: 1, note: 'Hi, glad to connect' })
	expect(action.profile.username).toBe(connect!.username)
	expect((await prisma.linkedInStep.findUniqueOrThrow({ where: { id: connect!.id } })).status).toBe('SENDING')
	// One action at a time per account: a second executor gets nothing while it is in flight.
	expect(await claim(owner.user.id, new Date(), 'COMPANION')).toMatchObject({ action: null, reason: 'BUSY' })

	expect(await report(owner.user.id, action, { outcome: 'SENT', withNote: true })).toEqual({
		accepted: true,
		stepStatus: 'SENT',
	})
	// The message is due by its plan, but waits for the acceptance; the check is an hour away.
	expect(await claim(owner.user.id)).toMatchObject({ action: null, reason: 'NOTHING_DUE' })

	const inAnHour = new Date(Date.now() + 61 * 60_000)
	const check = await claimAction(owner.user.id, inAnHour)
	expect(check.kind).toBe('CHECK_ACCEPTANCE')
	await report(owner.user.id, check, { outcome: 'ACCEPTED' }, inAnHour)
	const accepted = await prisma.linkedInStep.findUniqueOrThrow({ where: { id: connect!.id } })
	expect(accepted).toMatchObject({ status: 'ACCEPTED', nextCheckAt: null })
	// "Same day as acceptance": the first message is planned from the acceptance.
	expect((await prisma.linkedInStep.findUniqueOrThrow({ where: { id: message!.id } })).scheduledFor).toEqual(
		inAnHour,
	)

	const send = await claimAction(owner.user.id, inAnHour)
	expect(send).toMatchObject({ kind: 'MESSAGE', message: 'Message 1' })
	await report(owner.user.id, send, { outcome: 'SENT', conversationId: 'conv-1' }, inAnHour)
	const sent = await prisma.linkedInStep.findUniqueOrThrow({ where: { id: message!.id } })
	expect(sent.status).toBe('SENT')
	expect(sent.metadata).toMatchObject({ conversationId: 'conv-1' })
	// Nothing left to do on any channel: the sequence completes, and its conversation is still read.
	expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('COMPLETED')
	const sync = await claimAction(owner.user.id, new Date(inAnHour.getTime() + 11 * 60_000))
	expect(sync).toMatchObject({
		kind: 'SYNC_CONVERSATION',
		conversationId: 'conv-1',
		since: inAnHour.toISOString(),
	})
})

/**
 * The connection accepted and the first message sent in conversation `conversationId`; returns that
 * message step, and the conversation's sync claimed eleven minutes later (when it is due).
 */
async function messageSentThenSyncClaimed(
	owner: SignedIn,
	sequence: Awaited<ReturnType<typeof linkedInSequence>>,
	conversationId: string,
) {
	const [connect, first] = sequence.linkedInSteps
	await prisma.linkedInStep.update({
		where: { id: connect!.id },
		data: { status: 'ACCEPTED', acceptedAt: new Date() },
	})
	const send = await claimAction(owner.user.id)
	expect(send.profile.username).toBe(first!.username)
	await report(owner.user.id, send, { outcome: 'SENT', conversationId })
	const later = new Date(Date.now() + 11 * 60_000)
	const sync = await claimAction(owner.user.id, later)
	expect(sync.kind).toBe('SYNC_CONVERSATION')
	return { first: first!, later, sync }
}

test('a LinkedIn reply stops the whole sequence: no email, message or call goes after it', async () => {
	const owner = await connectedUser()
	const sequence = await linkedInSequence(owner, { messages: 2, emailSteps: 2 })
	await prisma.phoneCallStep.create({
		data: {
			organizationId: owner.organization.id,
			sequenceId: sequence.id,
			order: 1,
			status: 'SCHEDULED',
			scheduledFor: new Date(),
		},
	})
	const { first, later, sync } = await messageSentThenSyncClaimed(owner, sequence, 'conv-9')
	const replies = [{ id: 'msg-1', text: 'Thanks — send me the deck.', date: new Date().toISOString() }]
	await report(owner.user.id, sync, { outcome: 'REPLIED', conversationId: 'conv-9', replies }, later)

	const stopped = await prisma.sequence.findUniqueOrThrow({
		where: { id: sequence.id },
		include: {
			linkedInSteps: { orderBy: { order: 'asc' } },
			phoneCallSteps: true,
			messages: true,
			events: true,
		},
	})
	expect(stopped.status).toBe('PAUSED')
	expect(stopped.linkedInSteps[1]).toMatchObject({
		status: 'REPLIED',
		repliedContent: 'Thanks — send me the deck.',
	})
	expect(stopped.linkedInSteps[2]!.status).toBe('SCHEDULED')
	expect(stopped.phoneCallSteps[0]!.status).toBe('CANCELED')
	expect(stopped.messages).toEqual([
		expect.objectContaining({ type: 'LINKEDIN', isFromUser: false, bodyText: replies[0]!.text }),
	])
	expect(stopped.events.filter((event) => event.type === 'REPLY')).toHaveLength(1)
	// The next message is never claimed.
	expect(await claim(owner.user.id, new Date(later.getTime() + 86_400_000 * 3))).toMatchObject({
		action: null,
	})

	// The same reply read again is recorded once.
	await prisma.sequence.update({ where: { id: sequence.id }, data: { status: 'ACTIVE' } })
	await prisma.linkedInStep.update({
		where: { id: first.id },
		data: { status: 'SENT', nextCheckAt: new Date(0) },
	})
	const again = await claimAction(owner.user.id, later)
	await report(owner.user.id, again, { outcome: 'REPLIED', conversationId: 'conv-9', replies }, later)
	expect(await prisma.conversationMessage.count({ where: { sequenceId: sequence.id } })).toBe(1)
})

test('12 connection requests a day and 5 notes a month, counted whichever executor sent them', async () => {
	const owner = await connectedUser()
	for (let index = 0; index < 14; index++) await linkedInSequence(owner)
	const sent: LinkedInActionClaim[] = []
	for (let index = 0; index < 20; index++) {
		const response = await claim(owner.user.id, new Date(), index % 2 ? 'COMPANION' : 'SERVER')
		if (!response.action) {
			expect(response.reason).toBe('LIMIT_REACHED')
			expect(response.retryAfterSeconds).toBeGreaterThan(80_000)
			break
		}
		sent.push(response.action)
		await report(owner.user.id, response.action, { outcome: 'SENT', withNote: Boolean(response.action.note) })
	}
	expect(sent).toHaveLength(12)
	expect(sent.filter((action) => action.note)).toHaveLength(5)
	const steps = await prisma.linkedInStep.findMany({ where: { organizationId: owner.organization.id } })
	expect(steps.filter((step) => step.status === 'SENT')).toHaveLength(12)
	expect(steps.filter((step) => step.status === 'SCHEDULED')).toHaveLength(2)
	// The note that did not go is said on its step.
	expect(steps.filter((step) => (step.metadata as { noteDropped?: boolean }).noteDropped)).toHaveLength(7)
	// A day later the next ones go.
	const tomorrow = new Date(Date.now() + 86_400_000 + 60_000)
	expect((await claim(owner.user.id, tomorrow)).action?.kind).toBe('CONNECT')
})

test('LinkedIn Premium sends every note; a person already connected costs no request', async () => {
	const owner = await connectedUser({ premium: true })
	for (let index = 0; index < 7; index++) await linkedInSequence(owner)
	let notes = 0
	for (let index = 0; index < 7; index++) {
		const action = await claimAction(owner.user.id)
		if (action.note) notes++
		await report(
			owner.user.id,
			action,
			index === 0 ? { outcome: 'ALREADY_CONNECTED' } : { outcome: 'SENT', withNote: true },
		)
	}
	expect(notes).toBe(7)
	const counted = await prisma.linkedInAction.count({
		where: {
			accountUserId: owner.user.id,
			kind: 'CONNECT',
			status: 'DONE',
			NOT: { outcome: 'ALREADY_CONNECTED' },
		},
	})
	expect(counted).toBe(6)
	expect(
		await prisma.linkedInStep.count({ where: { organizationId: owner.organization.id, status: 'ACCEPTED' } }),
	).toBe(1)
})

test('a claim whose executor vanished is released after its lease; the late report changes nothing', async () => {
	const owner = await connectedUser()
	const sequence = await linkedInSequence(owner, { messages: 1 })
	await prisma.linkedInStep.update({
		where: { id: sequence.linkedInSteps[0]!.id },
		data: { status: 'ACCEPTED' },
	})
	const first = await claimAction(owner.user.id)
	expect(first.kind).toBe('MESSAGE')
	const afterLease = new Date(Date.parse(first.leaseUntil) + 1000)
	const second = await claimAction(owner.user.id, afterLease)
	// The next executor is told it is a retry, so it checks the conversation before sending again.
	expect(second).toMatchObject({ kind: 'MESSAGE', attempt: 2, since: expect.any(String) })
	expect(await report(owner.user.id, first, { outcome: 'SENT' })).toEqual({
		accepted: false,
		stepStatus: 'SENDING',
	})
	expect(
		await report(owner.user.id, second, { outcome: 'SENT', conversationId: 'c' }, afterLease),
	).toMatchObject({ accepted: true })
	const actions = await prisma.linkedInAction.findMany({
		where: { stepId: second.id ? sequence.linkedInSteps[1]!.id : '' },
	})
	expect(actions.map((action) => action.status).sort()).toEqual(['DONE', 'EXPIRED'])
})

test('an expired session pauses the account until it reconnects; 429 and 999 back off', async () => {
	const owner = await connectedUser()
	const sequence = await linkedInSequence(owner)
	const action = await claimAction(owner.user.id)
	await report(owner.user.id, action, { outcome: 'ERROR', error: 'SESSION_EXPIRED', status: 401 })
	expect(
		(await prisma.linkedInStep.findUniqueOrThrow({ where: { id: sequence.linkedInSteps[0]!.id } })).status,
	).toBe('SCHEDULED')
	expect(await claim(owner.user.id)).toMatchObject({ action: null, reason: 'PAUSED' })
	const account = await prisma.linkedInAccount.findUniqueOrThrow({ where: { userId: owner.user.id } })
	expect(account.pauseReason).toMatch(/session expired/i)
	// Not counted against the limit: nothing went.
	expect(
		await prisma.linkedInAction.count({
			where: { accountUserId: owner.user.id, status: { in: ['CLAIMED', 'DONE'] } },
		}),
	).toBe(0)

	await prisma.linkedInAccount.update({
		where: { userId: owner.user.id },
		data: { pausedAt: null, pauseReason: null },
	})
	const retry = await claimAction(owner.user.id)
	expect(retry.attempt).toBe(2)
	await report(owner.user.id, retry, { outcome: 'ERROR', error: 'RATE_LIMITED', status: 999 })
	const backingOff = await claim(owner.user.id)
	expect(backingOff).toMatchObject({ action: null, reason: 'BACKING_OFF' })
	expect(backingOff.action === null && backingOff.retryAfterSeconds).toBeGreaterThan(14 * 60)
	const later = new Date(Date.now() + 16 * 60_000)
	expect((await claim(owner.user.id, later)).action?.kind).toBe('CONNECT')
})

test('a profile that does not exist fails its step and cancels the steps after it', async () => {
	const owner = await connectedUser()
	const sequence = await linkedInSequence(owner, { messages: 1 })
	const action = await claimAction(owner.user.id)
	await report(owner.user.id, action, { outcome: 'ERROR', error: 'PROFILE_NOT_FOUND', status: 404 })
	const steps = await prisma.linkedInStep.findMany({
		where: { sequenceId: sequence.id },
		orderBy: { order: 'asc' },
	})
	expect(steps.map((step) => step.status)).toEqual(['FAILED', 'CANCELED'])
	expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('COMPLETED')
})

test('four workers and the companion racing one account: one in flight, none over the limit, none twice', async () => {
	const owner = await connectedUser()
	for (let index = 0; index < 20; index++) await linkedInSequence(owner)
	let inFlight = 0
	let maxInFlight = 0
	const executors = ['SERVER', 'SERVER', 'SERVER', 'SERVER', 'COMPANION'] as const
	// Each executor asks until the limit answers; a deadline rather than a count of rounds, which
	// ran out on a loaded CI machine before the twelve sends were done (claims serialize per account).
	const deadline = Date.now() + 60_000
	await Promise.all(
		executors.map(async (executor) => {
			while (Date.now() < deadline) {
				const response = await claimLinkedInAction({ userId: owner.user.id, executor })
				if (!response.action) {
					if (response.reason === 'LIMIT_REACHED') return
					await new Promise((resolve) => setTimeout(resolve, 5))
					continue
				}
				inFlight++
				maxInFlight = Math.max(maxInFlight, inFlight)
				await new Promise((resolve) => setTimeout(resolve, 2))
				inFlight--
				await report(owner.user.id, response.action, { outcome: 'SENT' })
			}
		}),
	)
	expect(maxInFlight).toBe(1)
	const done = await prisma.linkedInAction.findMany({
		where: { accountUserId: owner.user.id, status: 'DONE' },
	})
	expect(done).toHaveLength(12)
	expect(new Set(done.map((action) => action.stepId)).size).toBe(12)
	expect(new Set(done.map((action) => action.executor))).toContain('SERVER')
}, 90_000)

test('a campaign sequence uses a member’s account only with their organization-level consent', async () => {
	const owner = await connectedUser()
	const campaign = await prisma.campaign.create({
		data: { name: 'Q4', organizationId: owner.organization.id, channels: ['LINKEDIN'] },
	})
	const run = await prisma.sequenceGeneration.create({
		data: {
			name: 'Run',
			organizationId: owner.organization.id,
			campaignId: campaign.id,
			creatorId: owner.user.id,
		},
	})
	await linkedInSequence(owner, { data: { generationId: run.id } })
	expect(await claim(owner.user.id)).toMatchObject({ action: null, reason: 'NOTHING_DUE' })
	await prisma.user.update({ where: { id: owner.user.id }, data: { linkedinOrgConsent: true } })
	expect((await claim(owner.user.id)).action?.kind).toBe('CONNECT')
})

test('the companion routes: a token for the signed-in user, bearer-only, scoped to its own account', async () => {
	const owner = await connectedUser()
	const other = await connectedUser()
	await linkedInSequence(owner)
	const otherSequence = await linkedInSequence(other)

	const issued = await callRoute(() =>
		tokenRoute(route('/api/v1/linkedin/companion-token', { method: 'POST', cookie: owner.cookie })),
	)
	expect(issued.status).toBe(200)
	const token = issued.body.token as string
	expect(token).toMatch(/^rc_/)
	// Stored only as a hash.
	const account = await prisma.linkedInAccount.findUniqueOrThrow({ where: { userId: owner.user.id } })
	expect(account.companionTokenHash).not.toContain(token)

	const bearer = { authorization: `Bearer ${token}`, origin: 'chrome-extension://abc' }
	expect(
		(
			await callRoute(() =>
				claimRoute(
					route('/api/v1/linkedin/companion/actions/claim', {
						method: 'POST',
						json: {},
						cookie: owner.cookie,
					}),
				),
			)
		).status,
	).toBe(401)
	expect(
		(
			await callRoute(() =>
				claimRoute(
					route('/api/v1/linkedin/companion/actions/claim', {
						method: 'POST',
						json: {},
						headers: { authorization: 'Bearer rc_wrongwrongwrongwrongwrong' },
					}),
				),
			)
		).status,
	).toBe(401)
	const claimed = await callRoute(() =>
		claimRoute(
			route('/api/v1/linkedin/companion/actions/claim', { method: 'POST', json: {}, headers: bearer }),
		),
	)
	expect(claimed.status).toBe(200)
	expect(claimed.body.action).toMatchObject({ kind: 'CONNECT' })
	expect(
		await prisma.linkedInAction.findUniqueOrThrow({ where: { id: claimed.body.action.id } }),
	).toMatchObject({ executor: 'COMPANION' })

	// Another account's action cannot be reported with this token.
	const theirs = await claimAction(other.user.id)
	const foreign = await callRoute(() =>
		reportRoute({
			...routeArgs(`/api/v1/linkedin/companion/actions/${theirs.id}/report`, {
				method: 'POST',
				json: { claimToken: theirs.claimToken, result: { outcome: 'SENT' } },
				headers: bearer,
			}),
			params: { actionId: theirs.id },
		}),
	)
	expect(foreign.body).toEqual({ accepted: false, stepStatus: 'SENDING' })
	expect(
		(await prisma.linkedInStep.findUniqueOrThrow({ where: { id: otherSequence.linkedInSteps[0]!.id } }))
			.status,
	).toBe('SENDING')

	const mine = claimed.body.action as LinkedInActionClaim
	const reported = await callRoute(() =>
		reportRoute({
			...routeArgs(`/api/v1/linkedin/companion/actions/${mine.id}/report`, {
				method: 'POST',
				json: { claimToken: mine.claimToken, result: { outcome: 'SENT', withNote: true } },
				headers: bearer,
			}),
			params: { actionId: mine.id },
		}),
	)
	expect(reported.body).toEqual({ accepted: true, stepStatus: 'SENT' })
	const invalid = await callRoute(() =>
		reportRoute({
			...routeArgs(`/api/v1/linkedin/companion/actions/${mine.id}/report`, {
				method: 'POST',
				json: { claimToken: mine.claimToken, result: { outcome: 'MAYBE' } },
				headers: bearer,
			}),
			params: { actionId: mine.id },
		}),
	)
	expect(invalid.status).toBe(400)
})

function routeArgs(path: string, options: Parameters<typeof makeRequest>[1]) {
	return { request: makeRequest(path, options), params: {}, context: {} }
}

function route(path: string, options: Parameters<typeof makeRequest>[1]) {
	return routeArgs(path, options)
}

test('a step without a profile of its own acts on the contact’s LinkedIn URL', async () => {
	const owner = await connectedUser()
	const sequence = await linkedInSequence(owner)
	await prisma.linkedInStep.update({ where: { id: sequence.linkedInSteps[0]!.id }, data: { username: null } })
	await prisma.contact.update({
		where: { id: sequence.contactId },
		data: { linkedin: 'https://www.linkedin.com/in/grace-hopper/' },
	})
	const action = await claimAction(owner.user.id)
	expect(action.profile).toEqual({
		username: 'grace-hopper',
		url: 'https://www.linkedin.com/in/grace-hopper/',
	})
})

test('a LinkedIn reply’s intent is read after it stops the sequence, and acted on as for an email', async () => {
	const owner = await connectedUser()
	const sequence = await linkedInSequence(owner, { messages: 1 })
	const { later, sync } = await messageSentThenSyncClaimed(owner, sequence, 'conv-7')
	const text =
		"I'm not the right person for this. You should talk to Priya Shah (priya.shah@northwind.example), she runs procurement."
	await report(
		owner.user.id,
		sync,
		{
			outcome: 'REPLIED',
			conversationId: 'conv-7',
			replies: [{ id: 'msg-2', text, date: new Date().toISOString() }],
		},
		later,
	)
	const message = await prisma.conversationMessage.findFirstOrThrow({ where: { sequenceId: sequence.id } })
	expect(message.intent).toBeNull()
	const jobs = await prisma.$queryRaw<Array<{ payload: { messageId: string } }>>`
		SELECT payload FROM graphile_worker._private_jobs WHERE key = ${'linkedin-reply-intent:' + message.id}`
	expect(jobs).toEqual([{ payload: { messageId: message.id } }])

	expect(await readLinkedInReplyIntent(message.id)).toEqual({ status: 'read', intent: 'REFERRAL' })
	const read = await prisma.conversationMessage.findUniqueOrThrow({ where: { id: message.id } })
	expect(read).toMatchObject({ intent: 'REFERRAL', intentSource: 'rules' })
	expect(read.intentReason).toContain('a task to contact Priya Shah was added')
	const tasks = await prisma.followUpTask.findMany({ where: { sequenceId: sequence.id } })
	expect(tasks).toEqual([
		expect.objectContaining({ personEmail: 'priya.shah@northwind.example', messageId: message.id }),
	])
	// Read twice (a retried job): nothing more.
	expect(await readLinkedInReplyIntent(message.id)).toEqual({ status: 'skipped' })
	expect(await prisma.followUpTask.count({ where: { sequenceId: sequence.id } })).toBe(1)
})
