import { describe, expect, test, vi } from 'vitest'
import {
	CHROME_REQUIRED_MESSAGE,
	COMPANION_NOT_INSTALLED_MESSAGE,
	LINKEDIN_COMPANION_EXTENSION_ID,
	type CompanionRuntime,
} from '#app/components/linkedin/linkedin-companion.ts'
import { LEAD_IMPORT_MESSAGES, type LinkedInPostFilter } from '#app/schemas/lead-import.ts'
import { fetchPostAuthors, PostAuthorsError, withinPostRanges, type PostAuthor } from './post-authors.ts'

const CHROME =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const POST = 'https://www.linkedin.com/posts/ada_engines-activity-7250000000000000000-abcd'

function people(source: 'comment' | 'reaction', count: number): PostAuthor[] {
	return Array.from({ length: count }, (_, index) => ({
		firstName: `${source}${index + 1}`,
		lastName: 'Person',
		linkedin: `https://www.linkedin.com/in/${source}-${index + 1}`,
		headline: index === 0 ? 'CTO at Acme' : null,
		source,
	}))
}

const filter = (patch: Partial<LinkedInPostFilter> = {}): LinkedInPostFilter => ({
	channel: 'all',
	comments: [0, 250],
	reactions: [0, 250],
	...patch,
})

/** A companion that answers every message with `answer` (and records what it was sent). */
function runtimeAnswering(answer: unknown) {
	const sent: unknown[] = []
	const runtime: CompanionRuntime = {
		sendMessage: vi.fn((extensionId, message, callback) => {
			expect(extensionId).toBe(LINKEDIN_COMPANION_EXTENSION_ID)
			sent.push(message)
			callback(answer)
		}),
	}
	return { runtime, sent }
}

describe('withinPostRanges', () => {
	const authors = [...people('comment', 5), ...people('reaction', 4)]

	test('a range keeps the commenters and reactors from its first to its last position', () => {
		const kept = withinPostRanges(authors, filter({ comments: [2, 4], reactions: [3, 250] }))
		expect(kept.map((author) => author.firstName)).toEqual([
			'comment2',
			'comment3',
			'comment4',
			'reaction3',
			'reaction4',
		])
	})

	test('a range from 0 starts with the first person; 0–0 keeps nobody of that kind', () => {
		expect(withinPostRanges(authors, filter({ comments: [0, 1], reactions: [0, 0] }))).toEqual([authors[0]])
	})

	test('the channel leaves out the other kind whatever its range', () => {
		expect(
			withinPostRanges(authors, filter({ channel: 'comments' })).every((a) => a.source === 'comment'),
		).toBe(true)
		expect(withinPostRanges(authors, filter({ channel: 'reactions' }))).toHaveLength(4)
	})

	test('the spec’s default 50–250 skips the first 49 of each kind', () => {
		const many = [...people('comment', 60), ...people('reaction', 10)]
		const kept = withinPostRanges(many, filter({ comments: [50, 250], reactions: [50, 250] }))
		expect(kept.map((author) => author.firstName)).toEqual(
			Array.from({ length: 11 }, (_, index) => `comment${index + 50}`),
		)
	})
})

describe('fetchPostAuthors', () => {
	test('asks the companion for the post with the upper ends, and returns those within the ranges', async () => {
		const { runtime, sent } = runtimeAnswering({
			success: true,
			contacts: [...people('comment', 3), ...people('reaction', 2), { junk: true }],
			urlClassification: 'POST',
			text: 'Engines!',
			error: null,
		})
		const found = await fetchPostAuthors(
			{ url: POST, filter: filter({ comments: [2, 120], reactions: [0, 80] }) },
			{ runtime, userAgent: CHROME },
		)
		expect(sent).toEqual([
			{
				type: 'FETCH_LINKEDIN_POST_AUTHORS',
				payload: { url: POST, channel: 'all', maxComments: 120, maxReactions: 80 },
			},
		])
		expect(found.found).toBe(5)
		expect(found.text).toBe('Engines!')
		expect(found.urlClassification).toBe('POST')
		expect(found.contacts.map((contact) => contact.firstName)).toEqual([
			'comment2',
			'comment3',
			'reaction1',
			'reaction2',
		])
		// The headline is the role LinkedIn gives.
		expect(found.contacts[2]).toMatchObject({ role: 'CTO at Acme' })
	})

	test('only comments: the companion is asked for no reactions', async () => {
		const { runtime, sent } = runtimeAnswering({ success: true, contacts: people('comment', 1) })
		await fetchPostAuthors(
			{ url: POST, filter: filter({ channel: 'comments' }) },
			{ runtime, userAgent: CHROME },
		)
		expect(sent[0]).toMatchObject({ payload: { channel: 'comments', maxComments: 250, maxReactions: 0 } })
	})

	test('outside Chrome the companion is not asked', async () => {
		const { runtime, sent } = runtimeAnswering({ success: true, contacts: [] })
		const failure = fetchPostAuthors({ url: POST, filter: filter() }, { runtime, userAgent: FIREFOX })
		await expect(failure).rejects.toThrow(CHROME_REQUIRED_MESSAGE)
		await expect(failure).rejects.toMatchObject({ problem: 'chrome' })
		expect(sent).toEqual([])
	})

	test('no companion: the install problem', async () => {
		const failure = fetchPostAuthors(
			{ url: POST, filter: filter() },
			{ runtime: undefined, userAgent: CHROME },
		)
		await expect(failure).rejects.toMatchObject({
			problem: 'install',
			message: COMPANION_NOT_INSTALLED_MESSAGE,
		})
	})

	test('a companion without a LinkedIn session: connect your LinkedIn account', async () => {
		const { runtime } = runtimeAnswering({
			success: false,
			contacts: [],
			urlClassification: 'POST',
			text: null,
			error: 'Please log in to LinkedIn in this browser and try again',
		})
		await expect(
			fetchPostAuthors({ url: POST, filter: filter() }, { runtime, userAgent: CHROME }),
		).rejects.toMatchObject({ problem: 'connect', message: LEAD_IMPORT_MESSAGES.connectLinkedIn })
	})

	test('LinkedIn’s own failure is shown as the companion words it', async () => {
		const { runtime } = runtimeAnswering({
			success: false,
			urlClassification: 'POST',
			error: 'LinkedIn has no such post',
		})
		await expect(
			fetchPostAuthors({ url: POST, filter: filter() }, { runtime, userAgent: CHROME }),
		).rejects.toMatchObject({ problem: 'failed', message: 'LinkedIn has no such post' })
	})

	test('people, all before the sliders start: how many there are and what to move', async () => {
		const { runtime } = runtimeAnswering({
			success: true,
			contacts: [...people('comment', 3), ...people('reaction', 1)],
		})
		const failure = fetchPostAuthors(
			{ url: POST, filter: filter({ comments: [50, 250], reactions: [50, 250] }) },
			{ runtime, userAgent: CHROME },
		)
		await expect(failure).rejects.toBeInstanceOf(PostAuthorsError)
		await expect(failure).rejects.toMatchObject({
			problem: 'empty',
			message:
				'This post has 3 comments and 1 reaction, before where the sliders start: lower their lowest values to import these people',
		})
	})

	test('nobody on the post at all: "No valid contacts found"', async () => {
		const { runtime } = runtimeAnswering({ success: true, contacts: [] })
		await expect(
			fetchPostAuthors({ url: POST, filter: filter() }, { runtime, userAgent: CHROME }),
		).rejects.toMatchObject({ problem: 'empty', message: LEAD_IMPORT_MESSAGES.noValidContacts })
	})
})
