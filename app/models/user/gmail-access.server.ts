import {
	connectGmail,
	type GmailAccess,
	type GmailGrantStore,
} from '#app/integrations/gmail/gmail-client.server.ts'
import { gmailTransport } from '#app/integrations/gmail/gmail-transport.server.ts'
import { type MailTransport } from '#app/integrations/mail/transport.server.ts'
import {
	flagGmailScopeReset,
	getGmailGrantState,
	getGoogleTokens,
	updateGoogleTokens,
} from './google-account.server.ts'

// The user's Gmail: the Gmail client (app/integrations/gmail) with the user's stored Google grant.

/** The user's Google grant as the Gmail client reads and updates it. */
export function gmailGrantStore(userId: string): GmailGrantStore {
	return {
		userId,
		grantState: () => getGmailGrantState(userId),
		tokens: () => getGoogleTokens(userId),
		saveTokens: (tokens) => updateGoogleTokens(userId, tokens),
		flagScopeReset: () => flagGmailScopeReset(userId),
	}
}

/** A Gmail client acting as the user; throws GoogleScopeError without a usable grant. */
export function gmailForUser(userId: string): Promise<GmailAccess> {
	return connectGmail(gmailGrantStore(userId))
}

/**
 * Whether the user's mailbox sends through Gmail: they granted both Gmail scopes. Stays true
 * after Google revokes the grant, so sends raise GoogleScopeError (and the UI asks the user
 * to allow access again) instead of silently going out through another transport.
 */
export async function isGmailConnected(userId: string): Promise<boolean> {
	const grant = await getGmailGrantState(userId)
	return grant.granted
}

/** Sends as the user through Gmail; throws GoogleScopeError without a usable grant. */
export async function createGmailTransport({ userId }: { userId: string }): Promise<MailTransport> {
	return gmailTransport(await gmailForUser(userId))
}
