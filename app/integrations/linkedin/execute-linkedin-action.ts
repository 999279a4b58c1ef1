// Types only: the companion bundles this file and must not pull zod in with the schemas.
import type {
	LinkedInActionClaim,
	LinkedInActionResult,
	LinkedInReply,
} from '#app/schemas/linkedin-action.ts'
import { type LinkedInClient, LinkedInRequestError } from './linkedin-client.ts'
import { linkedInUsernameFromUrl } from './linkedin-urls.ts'

// Carries out one claimed action with a LinkedIn client and says what happened; never throws, so
// whichever executor runs it (the companion or the server job) always has a result to report.

const MAX_REPLIES = 100

export async function executeLinkedInAction(
	client: LinkedInClient,
	claim: LinkedInActionClaim,
): Promise<LinkedInActionResult> {
	try {
		return await execute(client, claim)
	} catch (error) {
		if (error instanceof LinkedInRequestError) {
			return {
				outcome: 'ERROR',
				error: error.code,
				message: error.message.slice(0, 1_000),
				status: error.status,
			}
		}
		const message = error instanceof Error ? error.message : String(error)
		return { outcome: 'ERROR', error: 'UNKNOWN', message: message.slice(0, 1_000) }
	}
}

async function execute(client: LinkedInClient, claim: LinkedInActionClaim): Promise<LinkedInActionResult> {
	const profile = () => {
		const username = claim.profile.username || linkedInUsernameFromUrl(claim.profile.url)
		if (!username) {
			throw new LinkedInRequestError(
				'PROFILE_NOT_FOUND',
				'The contact has no LinkedIn profile address (/in/username)',
			)
		}
		return client.getProfile(username)
	}
	// Into a known conversation no profile lookup is needed: one request fewer per action.
	const person = async () =>
		claim.conversationId
			? { conversationId: claim.conversationId }
			: { profileUrn: (await profile()).profileUrn }

	switch (claim.kind) {
		case 'CONNECT': {
			const { connection, profileUrn } = await profile()
			if (connection === 'CONNECTED') return { outcome: 'ALREADY_CONNECTED' }
			// An invitation is already out: an earlier attempt (or the user by hand) sent it.
			if (connection === 'PENDING') return { outcome: 'SENT' }
			const note = claim.note?.trim() ? claim.note : null
			const sent = await client.sendInvitation({ profileUrn, note })
			return sent === 'SENT' ? { outcome: 'SENT', withNote: Boolean(note) } : { outcome: 'SENT' }
		}
		case 'MESSAGE': {
			const text = claim.message
			if (!text?.trim()) throw new LinkedInRequestError('UNKNOWN', 'The action has no message to send')
			const to = await person()
			if (claim.attempt > 1) {
				// An earlier executor may have sent it and died before reporting: look before sending again.
				const { conversationId, messages } = await client.listConversationMessages(to)
				const since = claim.since ? Date.parse(claim.since) : -Infinity
				const went = messages.some((m) => m.fromMe && sameText(m.text, text) && Date.parse(m.date) >= since)
				if (went) return { outcome: 'SENT', conversationId }
			}
			const { conversationId } = await client.sendMessage({ ...to, text })
			return { outcome: 'SENT', conversationId }
		}
		case 'CHECK_ACCEPTANCE': {
			const { connection } = await profile()
			return { outcome: connection === 'CONNECTED' ? 'ACCEPTED' : 'PENDING' }
		}
		case 'SYNC_CONVERSATION': {
			const { conversationId, messages } = await client.listConversationMessages(await person())
			const since = claim.since ? Date.parse(claim.since) : -Infinity
			const replies: LinkedInReply[] = messages
				.filter((m) => !m.fromMe && Date.parse(m.date) > since)
				.slice(0, MAX_REPLIES)
				.map((m) => ({ id: m.id.slice(0, 500), text: m.text.slice(0, 20_000), date: m.date }))
			return replies.length > 0
				? { outcome: 'REPLIED', conversationId, replies }
				: { outcome: 'NO_REPLY', conversationId }
		}
	}
}

/** LinkedIn may normalize line endings and trailing space; the words are what count. */
function sameText(a: string, b: string) {
	const normalize = (s: string) => s.replace(/\r\n?/g, '\n').trim()
	return normalize(a) === normalize(b)
}
