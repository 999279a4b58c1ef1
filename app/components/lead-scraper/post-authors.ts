import {
	CHROME_REQUIRED_MESSAGE,
	isChromeBrowser,
	LinkedInCompanionError,
	sendCompanionMessage,
	type CompanionRuntime,
} from '#app/components/linkedin/linkedin-companion.ts'
import { LEAD_IMPORT_MESSAGES, type LinkedInPostFilter } from '#app/schemas/lead-import.ts'

// "Scrape a linkedin post": the companion reads the post's commenters and reactors through the
// user's own LinkedIn session (FETCH_LINKEDIN_POST_AUTHORS, extension/src/messages.ts); the page
// keeps the people within the sliders' ranges and posts them to the import (type LINKEDIN_POST).

/** What a LinkedIn feature needs and lacks, each with the spec's message. */
export type PostAuthorsProblem = 'chrome' | 'install' | 'connect' | 'failed' | 'empty'

export class PostAuthorsError extends Error {
	name = 'PostAuthorsError'
	constructor(
		readonly problem: PostAuthorsProblem,
		message: string,
	) {
		super(message)
	}
}

/** One person as the companion sends them (app/integrations/linkedin getPostAuthors). */
export type PostAuthor = {
	firstName: string
	lastName: string
	linkedin: string
	headline?: string | null
	source?: 'comment' | 'reaction'
}

/** The companion's answer to FETCH_LINKEDIN_POST_AUTHORS. */
type PostAuthorsAnswer = {
	success?: unknown
	contacts?: unknown
	urlClassification?: unknown
	text?: unknown
	error?: unknown
}

/** The companion's words for "no LinkedIn session in this browser" (extension/src/linkedin-session.ts). */
const NOT_LOGGED_IN_PATTERN = /log in to LinkedIn/i

export type PostAuthors = {
	contacts: Array<PostAuthor & { role: string | null }>
	urlClassification: string | null
	text: string | null
	/** How many the companion found before the ranges were applied. */
	found: number
}

function isPostAuthor(value: unknown): value is PostAuthor {
	const author = value as PostAuthor | null
	return (
		typeof author === 'object' &&
		author !== null &&
		typeof author.firstName === 'string' &&
		typeof author.lastName === 'string' &&
		typeof author.linkedin === 'string'
	)
}

/**
 * The people within the sliders' ranges: a range [from, to] keeps the commenters (or reactors)
 * from position `from` up to position `to` in LinkedIn's order — "Comments 50–250" are the 50th
 * to the 250th comment. The companion already stopped reading at `to`.
 */
export function withinPostRanges<T extends PostAuthor>(authors: T[], filter: LinkedInPostFilter): T[] {
	const counts = { comment: 0, reaction: 0 }
	return authors.filter((author) => {
		const kind = author.source === 'reaction' ? 'reaction' : 'comment'
		if (filter.channel === 'comments' && kind === 'reaction') return false
		if (filter.channel === 'reactions' && kind === 'comment') return false
		const [from, to] = kind === 'comment' ? filter.comments : filter.reactions
		counts[kind] += 1
		const position = counts[kind]
		// Position 0 does not exist: a range starting at 0 starts with the first person.
		return position >= Math.max(1, from) && position <= to
	})
}

/**
 * Asks the companion for a post's authors and keeps those within the ranges. Throws a
 * PostAuthorsError carrying the message the dialog shows.
 */
export async function fetchPostAuthors(
	{ url, filter }: { url: string; filter: LinkedInPostFilter },
	options: { runtime?: CompanionRuntime; timeoutMs?: number; userAgent?: string } = {},
): Promise<PostAuthors> {
	const userAgent = options.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent)
	if (!isChromeBrowser(userAgent)) throw new PostAuthorsError('chrome', CHROME_REQUIRED_MESSAGE)
	let answer: PostAuthorsAnswer | null
	try {
		answer = (await sendCompanionMessage(
			{
				type: 'FETCH_LINKEDIN_POST_AUTHORS',
				payload: {
					url,
					channel: filter.channel,
					// The companion reads up to these many; the lower ends are applied here.
					maxComments: filter.channel === 'reactions' ? 0 : filter.comments[1],
					maxReactions: filter.channel === 'comments' ? 0 : filter.reactions[1],
				},
			},
			// Reading 250 comments and 250 reactions takes a few pages of requests.
			{ runtime: options.runtime, timeoutMs: options.timeoutMs ?? 60_000 },
		)) as PostAuthorsAnswer | null
	} catch (error) {
		if (error instanceof LinkedInCompanionError && error.code === 'not_installed')
			throw new PostAuthorsError('install', error.message)
		throw new PostAuthorsError('failed', LEAD_IMPORT_MESSAGES.linkFetchFailed)
	}
	if (answer?.success !== true) {
		const reason = typeof answer?.error === 'string' ? answer.error : ''
		if (NOT_LOGGED_IN_PATTERN.test(reason))
			throw new PostAuthorsError('connect', LEAD_IMPORT_MESSAGES.connectLinkedIn)
		if (answer?.urlClassification && answer.urlClassification !== 'POST')
			throw new PostAuthorsError('failed', LEAD_IMPORT_MESSAGES.notLinkedInPost)
		throw new PostAuthorsError('failed', reason || LEAD_IMPORT_MESSAGES.linkFetchFailed)
	}
	const authors = Array.isArray(answer.contacts) ? answer.contacts.filter(isPostAuthor) : []
	const kept = withinPostRanges(authors, filter)
	if (kept.length === 0 && authors.length > 0)
		throw new PostAuthorsError('empty', belowRangesMessage(authors, filter))
	if (kept.length === 0) throw new PostAuthorsError('empty', LEAD_IMPORT_MESSAGES.noValidContacts)
	return {
		// The headline ("CTO at Acme") is the best role LinkedIn gives for a post's author.
		contacts: kept.map((author) => ({ ...author, role: author.headline?.trim().slice(0, 200) || null })),
		urlClassification: typeof answer.urlClassification === 'string' ? answer.urlClassification : null,
		text: typeof answer.text === 'string' ? answer.text : null,
		found: authors.length,
	}
}

/**
 * The post has people, all before the sliders' lowest positions (a post with 30 comments and the
 * default "Comments 50–250"): say how many there are and what to move, rather than "none found".
 */
export function belowRangesMessage(authors: PostAuthor[], filter: LinkedInPostFilter) {
	const comments = authors.filter((author) => author.source !== 'reaction').length
	const reactions = authors.length - comments
	const counted = [
		filter.channel !== 'reactions' ? plural(comments, 'comment') : null,
		filter.channel !== 'comments' ? plural(reactions, 'reaction') : null,
	].filter(Boolean)
	return `This post has ${counted.join(' and ')}, before where the sliders start: lower their lowest values to import these people`
}

function plural(count: number, noun: string) {
	return `${count} ${noun}${count === 1 ? '' : 's'}`
}
