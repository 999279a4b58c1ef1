import { afterAll, beforeAll, expect, test } from 'vitest'
import { enqueueEmailStepJobs } from '#app/jobs/send-email-step.ts'
import { syncMailbox } from '#app/models/conversation/gmail-sync.server.ts'
import { forgetMailboxTransports } from '#app/models/mailbox/mail-transport.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { connectFakeGmailAccount, useFakeGmailEnv } from '#tests/fakes/gmail-account.ts'
import { startFakeGmail, type FakeGmail } from '#tests/fakes/gmail-server.ts'
import { anotherRound, isSoak, reliabilityTimeout, reportReliabilityFigures } from './reliability-run.ts'
import { killAll, sleep, startWorkerProcess, waitUntilStarted } from './worker-processes.ts'

// Issue 12: replies that arrive while follow-ups are due, with worker processes sending them. The
// contact's reply lands in the Gmail thread after the last mailbox sync and before its follow-up's
// time; the dispatcher reads the thread before claiming a Gmail follow-up (decision 009), so not
// one follow-up goes out after a reply. Meanwhile the user writes in other threads from Gmail
// itself (labelled SENT) and the mailbox is synced at random moments: the user's own mail is
// never taken for the contact's reply, so those sequences carry on.

const SEQUENCES = isSoak ? 400 : 90
const WORKERS = 2
// Replies arrive, and follow-ups fall due, spread over this window.
const DUE_SPREAD_MS = isSoak ? 30_000 : 15_000

type Role = 'reply' | 'own' | 'quiet'

let fake: FakeGmail
beforeAll(async () => {
	fake = await startFakeGmail()
	useFakeGmailEnv(fake.env)
	forgetMailboxTransports()
})
afterAll(async () => {
	resetEnvCache()
	await fake?.close()
})

async function followUpsUnderReplies() {
	const { user, organization } = await createSignedInUser()
	await connectFakeGmailAccount(fake, user)
	const mailbox = await prisma.mailbox.create({
		data: {
			organizationId: organization.id,
			userId: user.id,
			address: user.email,
			kind: 'USER',
			verifiedAt: new Date(),
			dailyLimitStart: 100_000,
			dailyLimitMax: 100_000,
		},
	})
	const tag = organization.id
	const numbers = Array.from({ length: SEQUENCES }, (_, index) => index)
	await prisma.$executeRaw`
		INSERT INTO "Contact" (id, "firstName", "lastName", email, "organizationId", "updatedAt")
		SELECT ${tag} || '-c' || g, 'Lead', 'N' || g, 'lead' || g || '@example.org', ${organization.id}, now()
		FROM unnest(${numbers}::int[]) g`
	await prisma.$executeRaw`
		INSERT INTO "Sequence" (id, status, subject, "organizationId", "contactId", "mailboxId", "creatorId", "updatedAt")
		SELECT ${tag} || '-s' || g, 'PENDING', 'Quick question', ${organization.id}, ${tag} || '-c' || g,
			${mailbox.id}, ${user.id}, now()
		FROM unnest(${numbers}::int[]) g`
	// The follow-up is planned a day after the first email; the test then brings it forward.
	await prisma.$executeRaw`
		INSERT INTO "EmailStep" (id, "order", subject, "bodyHtml", "bodyText", "daysAfter", "organizationId",
			"sequenceId", "emailAddressId", "updatedAt")
		SELECT ${tag} || '-e' || g || '-' || n, n, 'Quick question', '<p>Hello</p>', 'Hello', n - 1,
			${organization.id}, ${tag} || '-s' || g, ${mailbox.id}, now()
		FROM unnest(${numbers}::int[]) g, generate_series(1, 2) n`

	const workers = Array.from({ length: WORKERS }, () => startWorkerProcess())
	try {
		await waitUntilStarted(workers)
		await activateSequences(
			organization.id,
			numbers.map((index) => `${tag}-s${index}`),
		)
		await waitFor(
			async () =>
				(await prisma.emailStep.count({
					where: { organizationId: organization.id, order: 1, status: 'SENT' },
				})) === SEQUENCES,
			'every first email sent',
		)
		// The last sync before the replies: everything after it is news to the mailbox.
		await syncMailbox(mailbox.id)

		const sequences = await prisma.sequence.findMany({
			where: { organizationId: organization.id },
			select: { id: true, threadId: true, contact: { select: { email: true } } },
		})
		const byId = new Map(sequences.map((sequence) => [sequence.id, sequence]))
		const start = Date.now()
		const plan = numbers.map((index) => ({
			index,
			role: (['reply', 'own', 'quiet'] as const)[index % 3] as Role,
		}))
		// At a random moment of the window, a reply (or the user's own message) lands in the thread;
		// right after it, the follow-up falls due — its time moved to within the next 1.5 s and its
		// job added, as the scheduler does. No mailbox sync in between but the random ones below.
		const arrivals = plan.map(async (p) => {
			const sequence = byId.get(`${tag}-s${p.index}`)!
			await sleep(Math.random() * DUE_SPREAD_MS)
			if (p.role === 'reply')
				await fake.injectReply({
					// Each soak round signs in another user: name whose mailbox it lands in.
					account: user.email,
					threadId: sequence.threadId!,
					from: sequence.contact.email!,
					body: 'Not now.',
				})
			if (p.role === 'own')
				await fake.injectReply({
					account: user.email,
					threadId: sequence.threadId!,
					from: user.email,
					body: 'Adding a link I forgot.',
					labelIds: ['SENT'],
				})
			const stepId = `${tag}-e${p.index}-2`
			const dueAt = new Date(Date.now() + Math.random() * 1_500)
			await prisma.emailStep.update({ where: { id: stepId }, data: { scheduledFor: dueAt, dueAt } })
			await enqueueEmailStepJobs(prismaRun(prisma), [{ stepId, runAt: dueAt }])
		})
		// The mailbox sync of production runs on its own schedule; here at random moments meanwhile.
		const syncs = (async () => {
			while (Date.now() < start + DUE_SPREAD_MS) {
				await sleep(2_000 + Math.random() * 4_000)
				await syncMailbox(mailbox.id)
			}
		})()
		await Promise.all([...arrivals, syncs])
		await waitFor(async () => {
			const [open] = await prisma.$queryRaw<Array<{ count: number }>>`
				SELECT count(*)::int AS count FROM "EmailStep" e JOIN "Sequence" s ON s.id = e."sequenceId"
				WHERE e."organizationId" = ${organization.id} AND s.status = 'ACTIVE'
					AND e.status IN ('SCHEDULED', 'SENDING')`
			return open!.count === 0
		}, 'every follow-up still owed sent')
		return await tally(organization.id, user.email, plan, tag)
	} finally {
		killAll(workers)
	}
}

async function tally(
	organizationId: string,
	userEmail: string,
	plan: Array<{ index: number; role: Role }>,
	tag: string,
) {
	const accepted = fake.sent().filter((message) => message.account === userEmail.toLowerCase())
	const sentIds = new Set(accepted.map((message) => message.messageId))
	const steps = await prisma.emailStep.findMany({
		where: { organizationId, order: 2 },
		select: { sequenceId: true, status: true, messageId: true },
	})
	const states = await prisma.sequence.findMany({
		where: { organizationId },
		select: {
			id: true,
			status: true,
			emailSteps: { select: { status: true }, where: { status: 'REPLIED' } },
		},
	})
	const followUpOf = new Map(steps.map((step) => [step.sequenceId, step]))
	const stateOf = new Map(states.map((state) => [state.id, state]))
	const roleOf = (role: Role) => plan.filter((p) => p.role === role).map((p) => `${tag}-s${p.index}`)
	const wentOut = (sequenceId: string) => {
		const messageId = followUpOf.get(sequenceId)?.messageId
		return messageId !== null && messageId !== undefined && sentIds.has(messageId)
	}
	return {
		sends: accepted.length,
		duplicates: accepted.length - sentIds.size,
		replied: roleOf('reply').length,
		sendsAfterReply: roleOf('reply').filter(wentOut).length,
		// A reply that did not stop its sequence would be a missed reply.
		missedReplies: roleOf('reply').filter((id) => stateOf.get(id)?.status !== 'PAUSED').length,
		falseReplies: roleOf('own').filter(
			(id) => stateOf.get(id)?.status !== 'COMPLETED' || stateOf.get(id)!.emailSteps.length > 0,
		).length,
		lost: [...roleOf('own'), ...roleOf('quiet')].filter((id) => !wentOut(id)).length,
	}
}

async function waitFor(done: () => Promise<boolean>, what: string, timeoutMs = 180_000) {
	const deadline = Date.now() + timeoutMs
	while (!(await done())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await sleep(250)
	}
}

test(
	'a reply that arrives while the follow-up is due stops it; the user’s own mail stops nothing',
	{ timeout: reliabilityTimeout(240_000) },
	async () => {
		const totals = { rounds: 0, sends: 0, duplicates: 0, lost: 0, sendsAfterReply: 0, falseReplies: 0 }
		let replies = 0
		let longest = 0
		while (anotherRound(totals.rounds, longest)) {
			const started = Date.now()
			const round = await followUpsUnderReplies()
			totals.rounds++
			totals.sends += round.sends
			totals.duplicates += round.duplicates
			totals.lost += round.lost
			totals.sendsAfterReply += round.sendsAfterReply
			totals.falseReplies += round.falseReplies
			replies += round.replied
			longest = Math.max(longest, Date.now() - started)

			expect(round).toMatchObject({
				duplicates: 0,
				sendsAfterReply: 0,
				missedReplies: 0,
				falseReplies: 0,
				lost: 0,
			})
			// Every first email, and the follow-ups of the sequences nobody answered.
			expect(round.sends).toBe(SEQUENCES + (SEQUENCES - round.replied))
		}
		reportReliabilityFigures('reply-while-due', {
			...totals,
			notes: `${replies} replies and ${totals.rounds * Math.floor((SEQUENCES + 1) / 3)} own messages landed before follow-ups fell due`,
		})
	},
)
