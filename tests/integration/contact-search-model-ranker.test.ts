import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { rankCandidates } from '#app/models/contact-search/rank/rank-candidates.server.ts'
import { type ContactCandidate } from '#app/schemas/contact-search.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import {
	type FakeChatMessage,
	type FakeOpenAI,
	startFakeOpenAI,
	pointModelAt,
	unsetModel,
} from '#tests/fakes/openai-server.ts'

// The contact-search model ranker (issue 15, decision 036) through rankCandidates: the real openai
// client against the fake OpenAI server; windows of 20, merged; malformed answers repaired, re-asked
// once, or replaced by the offline ranking; nobody the model names outside the window counts.

const userMessage = (messages: FakeChatMessage[]) =>
	messages.find((message) => message.role === 'user')!.content

/** The window's candidates as the model sees them: key and role. */
function windowOf(messages: FakeChatMessage[]) {
	return [...userMessage(messages).matchAll(/^\[(c\d+)\] role: ([^|\n]*)/gm)].map((match) => ({
		key: match[1]!,
		role: match[2]!.trim(),
	}))
}

/** A plausible model: Heads of Sales high, other sales people middling, everyone else low. */
function judge(role: string) {
	if (/head of sales/i.test(role)) return 95
	if (/sales/i.test(role)) return 60
	return 5
}
const goodModel = (messages: FakeChatMessage[]) => ({
	rankings: windowOf(messages).map(({ key, role }) => ({
		key,
		score: judge(role),
		reason: `Model: ${role} judged ${judge(role)}`,
	})),
})

function candidate(index: number, role: string): ContactCandidate {
	return {
		key: `linkedin:${index}`,
		source: 'LINKEDIN',
		firstName: `First${index}`,
		lastName: `Last${String(index).padStart(3, '0')}`,
		email: null,
		phone: null,
		role,
		roleDetails: null,
		summary: null,
		location: null,
		linkedinUrl: null,
		companyName: 'Globex',
		companyId: null,
		existingContactId: null,
	}
}

const ROLES = ['Software Engineer', 'Account Executive', 'Office Manager', 'Designer', 'Recruiter', 'Sales Engineer', 'Data Analyst', 'Buyer'] // prettier-ignore

/** `count` candidates; the ones at `heads` are Heads of Sales. */
function candidates(count: number, heads: number[] = []) {
	return Array.from({ length: count }, (_, index) =>
		candidate(index, heads.includes(index) ? `Head of Sales ${index}` : ROLES[index % ROLES.length]!),
	)
}

let fake: FakeOpenAI
beforeAll(async () => {
	fake = await startFakeOpenAI()
})
afterAll(async () => {
	await fake.close()
	unsetModel()
})
beforeEach(() => {
	fake.reset()
	pointModelAt(fake, { OPENAI_TIMEOUT_MS: '5000' })
})

function input(organizationId: string, list: ContactCandidate[], topX = 10) {
	return {
		organizationId,
		lookingFor: 'Head of Sales',
		myCompany: 'We sell payroll software to mid-sized companies.',
		company: { name: 'Globex', description: 'Industrial automation' },
		candidates: list,
		topX,
		signals: [],
	}
}

describe('rankCandidates with a model', () => {
	test('windows of 20, merged, then the top re-ranked; the model’s reasons; usage recorded', async () => {
		const { organization } = await createSignedInUser()
		fake.setHandler(goodModel)
		const list = candidates(45, [3, 21, 40])
		const { ranked, ranker } = await rankCandidates(input(organization.id, list, 5))

		expect(ranker).toBe('model')
		expect(ranked.map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5])
		expect(
			ranked
				.slice(0, 3)
				.map((entry) => entry.key)
				.sort(),
		).toEqual(['linkedin:21', 'linkedin:3', 'linkedin:40'])
		expect(ranked[0]!.matchReason).toMatch(/^Model: Head of Sales \d+ judged 95$/)
		for (const entry of ranked) {
			expect(entry.score).toBeGreaterThanOrEqual(0)
			expect(entry.score).toBeLessThanOrEqual(1)
		}
		// 45 candidates: three windows (15 each), then one call over the best 20.
		const windows = fake.requests().map((request) => windowOf(request.body.messages).length)
		expect(windows).toEqual([15, 15, 15, 20])
		expect(JSON.stringify(fake.requests()[0]!.body.response_format)).toContain('candidate_ranking')
		expect(userMessage(fake.requests()[0]!.body.messages)).toContain(
			'What the user is looking for: Head of Sales',
		)
		await expect.poll(async () => (await prisma.assistantUsage.findMany({ where: { organizationId: organization.id } })).reduce((sum, row) => sum + row.requests, 0)).toBe(4) // prettier-ignore
	})

	test('a repaired answer: unknown keys and repeats dropped, scores clamped, the missing asked once more', async () => {
		const { organization } = await createSignedInUser()
		let call = 0
		fake.setHandler((messages) => {
			call++
			const window = windowOf(messages)
			if (call === 1) {
				// Leaves out the last three, names someone who is not there, repeats one, overshoots a score.
				const answered = window
					.slice(0, -3)
					.map(({ key, role }) => ({ key, score: judge(role), reason: `first ${role}` }))
				return {
					rankings: [
						{ key: 'c99', score: 100, reason: 'Invented person' },
						{ key: 'C1', score: 250, reason: 'shouted key, score too high' },
						...answered,
						{ key: 'c2', score: 0, reason: 'repeat' },
					],
				}
			}
			return {
				rankings: window.map(({ key, role }) => ({ key, score: judge(role), reason: `again ${role}` })),
			}
		})
		const list = candidates(12, [11])
		const { ranked, ranker } = await rankCandidates(input(organization.id, list, 12))

		expect(ranker).toBe('model')
		expect(ranked.map((entry) => entry.key).sort()).toEqual(list.map((entry) => entry.key).sort())
		expect(ranked.some((entry) => entry.matchReason.includes('Invented'))).toBe(false)
		const requests = fake.requests()
		expect(requests).toHaveLength(2)
		expect(userMessage(requests[1]!.body.messages)).toContain('were missing from your last answer')
		expect(windowOf(requests[1]!.body.messages).map((entry) => entry.key)).toEqual(['c10', 'c11', 'c12'])
		// The window is in the offline order: c1, the Head of Sales, came back as "C1" with 250, read as 100.
		expect(ranked[0]).toMatchObject({ key: 'linkedin:11', matchReason: 'shouted key, score too high' })
		expect(ranked[0]!.score).toBeLessThanOrEqual(1)
		expect(ranked.filter((entry) => entry.matchReason.startsWith('again '))).toHaveLength(3)
		expect(ranked.some((entry) => entry.matchReason === 'repeat')).toBe(false)
	})

	test('bad JSON every time for the only window: the offline ranking, and ranker says offline', async () => {
		const { organization } = await createSignedInUser()
		fake.queue('malformed', 'malformed', 'malformed')
		const list = candidates(8, [5])
		const { ranked, ranker } = await rankCandidates(input(organization.id, list, 3))
		expect(ranker).toBe('offline')
		expect(fake.requests()).toHaveLength(3)
		expect(ranked[0]).toMatchObject({
			key: 'linkedin:5',
			matchReason: "Head/Director-level sales leader: 'Head of Sales 5' matches Head of Sales",
		})
	})

	test('one window failing falls back offline alone; the others keep the model’s ranking', async () => {
		const { organization } = await createSignedInUser()
		fake.setHandler((messages) =>
			windowOf(messages).some(({ role }) => role === 'Head of Sales 0')
				? '{"rankings": [ {"key": "c1", '
				: goodModel(messages),
		)
		const list = candidates(30, [0, 1])
		const { ranked, ranker } = await rankCandidates(input(organization.id, list, 30))
		expect(ranker).toBe('model')
		expect(ranked).toHaveLength(30)
		const byKey = new Map(ranked.map((entry) => [entry.key, entry]))
		// Windows are dealt round-robin from the offline order: the two Heads of Sales sit in different windows.
		expect(byKey.get('linkedin:0')!.matchReason).toBe("Head/Director-level sales leader: 'Head of Sales 0' matches Head of Sales") // prettier-ignore
		expect(byKey.get('linkedin:1')!.matchReason).toBe('Model: Head of Sales 1 judged 95')
		expect(
			ranked
				.slice(0, 2)
				.map((entry) => entry.key)
				.sort(),
		).toEqual(['linkedin:0', 'linkedin:1'])
	})

	test('a cancelled search stays cancelled', async () => {
		const { organization } = await createSignedInUser()
		fake.queue('timeout')
		const controller = new AbortController()
		const pending = rankCandidates({ ...input(organization.id, candidates(5)), signal: controller.signal })
		setTimeout(() => controller.abort(), 100)
		await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
	})

	test('without a key: the offline ranker, no request', async () => {
		delete process.env.OPENAI_API_KEY
		resetEnvCache()
		const { ranked, ranker } = await rankCandidates(input('org-without-model', candidates(6, [2]), 2))
		expect(ranker).toBe('offline')
		expect(ranked.map((entry) => [entry.rank, entry.key])).toEqual([
			[1, 'linkedin:2'],
			[2, 'linkedin:5'],
		])
		expect(fake.requests()).toHaveLength(0)
	})
})
