import type { Task } from 'graphile-worker'
import { GoogleScopeError } from '#app/integrations/mail/transport.server.ts'
import { SyncMailboxPayloadSchema } from '#app/jobs/sync-mailbox.ts'
import { syncMailbox } from '#app/models/conversation/gmail-sync.server.ts'
import { syncImapMailbox } from '#app/models/conversation/imap-sync.server.ts'
import { imapConfigForMailbox } from '#app/models/mailbox/imap-settings.server.ts'

/**
 * Reads a mailbox's new messages — over IMAP when it has IMAP settings, else Gmail's history:
 * replies pause their sequence, bounces fail it.
 */
export const syncMailboxTask: Task = async (payload, helpers) => {
	const { mailboxId } = SyncMailboxPayloadSchema.parse(payload)
	try {
		const viaImap = Boolean(await imapConfigForMailbox(mailboxId))
		const result = viaImap ? await syncImapMailbox(mailboxId) : await syncMailbox(mailboxId)
		const recorded = Object.entries(result.outcomes)
			.filter(([outcome]) => outcome !== 'SENT_STEP' && outcome !== 'DUPLICATE')
			.map(([outcome, count]) => `${count} ${outcome.toLowerCase()}`)
		if (recorded.length) helpers.logger.info(`mailbox ${mailboxId}: ${recorded.join(', ')}`)
	} catch (error) {
		// The user must grant Gmail again (they are flagged); retrying cannot help until then.
		if (error instanceof GoogleScopeError) {
			helpers.logger.warn(`mailbox ${mailboxId}: ${error.message}`)
			return
		}
		throw error
	}
}
