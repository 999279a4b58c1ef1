import { describe, expect, test } from 'vitest'
import { createApiToken } from '#app/models/api-token/create-api-token.server.ts'
import { BUILT_IN_SAMPLES } from '#app/models/sequence/random-email-sample.server.ts'
import { loader as testEmailPageLoader } from '#app/routes/_app+/settings_.test-email.tsx'
import { action, loader } from '#app/routes/api+/v1+/emails.random.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// GET /api/v1/emails/random (outreach-sequences.md §7, "Random email sample": subject, body): what
// Send Test Email starts from — one of the organization's own first emails, else a built-in sample.

function getSample(headers: { cookie?: string; headers?: Record<string, string> }) {
	return callRoute(() =>
		loader({ request: makeRequest('/api/v1/emails/random', headers), params: {}, context: {} }),
	)
}

describe('GET /api/v1/emails/random', () => {
	test('401 without a session; 405 for other methods', async () => {
		expect((await getSample({})).status).toBe(401)
		expect((await callRoute(() => action())).status).toBe(405)
	})

	test('an organization without sequences gets one of the built-in samples', async () => {
		const owner = await createSignedInUser()
		const result = await getSample({ cookie: owner.cookie })
		expect(result.status).toBe(200)
		expect(BUILT_IN_SAMPLES).toContainEqual(result.body)
	})

	test("samples come from the organization's own first emails, never another's", async () => {
		const owner = await createSignedInUser()
		const stranger = await createSignedInUser()
		const ours = [
			{ subject: 'Ours: a note about anvils', bodyHtml: '<p>Anvils for every coyote, tested.</p>' },
			{ subject: 'Ours: rockets on sale', bodyHtml: '<p>Rockets at half price this week.</p>' },
		]
		for (const step of ours) {
			await insertSequence({
				organizationId: owner.organization.id,
				user: owner.user,
				subject: step.subject,
				steps: [
					{ subject: step.subject, bodyHtml: step.bodyHtml, bodyText: step.bodyHtml.replace(/<[^>]+>/g, '') },
					// Follow-ups have no subject: never a sample.
					{ subject: '', bodyHtml: '<p>Follow-up without a subject</p>', bodyText: 'Follow-up without a subject' },
				],
			})
		}
		await insertSequence({
			organizationId: stranger.organization.id,
			user: stranger.user,
			subject: 'Theirs: secret plans',
			steps: [{ subject: 'Theirs: secret plans', bodyHtml: '<p>Secret plans inside.</p>', bodyText: 'Secret plans inside.' }],
		})

		const seen = new Set<string>()
		for (let i = 0; i < 12; i++) {
			const result = await getSample({ cookie: owner.cookie })
			expect(result.status).toBe(200)
			expect(result.body).toEqual({
				subject: expect.stringMatching(/^Ours: /),
				body: expect.stringContaining('<p>'),
			})
			seen.add(result.body.subject)
		}
		expect([...seen].every((subject) => ours.some((step) => step.subject === subject))).toBe(true)

		const theirs = await getSample({ cookie: stranger.cookie })
		expect(theirs.body.subject).toBe('Theirs: secret plans')
	})

	test('a read API token may ask for a sample', async () => {
		const owner = await createSignedInUser()
		const { token } = await createApiToken({
			organizationId: owner.organization.id,
			userId: owner.user.id,
			name: 'Reader',
			scope: 'READ',
		})
		const result = await getSample({ headers: { Authorization: `Bearer ${token}` } })
		expect(result.status).toBe(200)
		expect(typeof result.body.subject).toBe('string')
	})

	test('the Send Test Email page starts from a sample with ?sample=1 (no JavaScript needed)', async () => {
		const owner = await createSignedInUser()
		const plain = await callRoute(() =>
			testEmailPageLoader({
				request: makeRequest('/settings/test-email', { cookie: owner.cookie }),
				params: {},
				context: {},
			}),
		)
		expect(plain.body.sample).toBeNull()
		const sampled = await callRoute(() =>
			testEmailPageLoader({
				request: makeRequest('/settings/test-email?sample=1', { cookie: owner.cookie }),
				params: {},
				context: {},
			}),
		)
		expect(BUILT_IN_SAMPLES).toContainEqual(sampled.body.sample)
	})
})
