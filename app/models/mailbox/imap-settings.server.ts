import { testImapLogin, type ImapConfig } from '#app/integrations/imap/imap-client.server.ts'
import { type ImapSettingsInput, suggestImapSettings } from '#app/schemas/imap-settings.ts'
import { decrypt, encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'

/**
 * IMAP settings of an organization's mailboxes (sender addresses): where the reply sync reads
 * replies and bounces. Saved only after a successful login; the password is stored encrypted.
 */

export type SaveImapResult =
	| { ok: true }
	| { ok: false; reason: 'not_found' }
	| { ok: false; reason: 'no_password' }
	| { ok: false; reason: 'login_failed'; message: string }

/** Connects and logs in with the settings given; saves them only if that works. */
export async function saveImapSettings(
	organizationId: string,
	input: ImapSettingsInput,
): Promise<SaveImapResult> {
	const mailbox = await prisma.mailbox.findFirst({
		where: { id: input.mailboxId, organizationId },
		select: {
			id: true,
			imapHost: true,
			imapUsername: true,
			imapPasswordEncrypted: true,
			smtpTransport: { select: { username: true, passwordEncrypted: true } },
		},
	})
	if (!mailbox) return { ok: false, reason: 'not_found' }
	const password = input.imapPassword
		? input.imapPassword
		: mailbox.imapPasswordEncrypted
			? decrypt(mailbox.imapPasswordEncrypted)
			: await smtpPasswordFor(organizationId, mailbox.smtpTransport)
	if (password === null) return { ok: false, reason: 'no_password' }
	const config: ImapConfig = {
		host: input.imapHost,
		port: input.imapPort,
		secure: input.imapSecure,
		username: input.imapUsername,
		password,
	}
	const tested = await testImapLogin(config)
	if (!tested.ok) return { ok: false, reason: 'login_failed', message: tested.message }
	// Another server or account is another inbox: its UIDs mean nothing to the old cursor.
	const sameInbox = mailbox.imapHost === input.imapHost && mailbox.imapUsername === input.imapUsername
	await prisma.mailbox.updateMany({
		where: { id: mailbox.id, organizationId },
		data: {
			imapHost: config.host,
			imapPort: config.port,
			imapSecure: config.secure,
			imapUsername: config.username,
			imapPasswordEncrypted: encrypt(password),
			imapLastError: null,
			...(sameInbox ? {} : { imapUidValidity: null, imapLastUid: null }),
		},
	})
	return { ok: true }
}

/** The SMTP server's password, when the IMAP form leaves it blank (the usual same account). */
async function smtpPasswordFor(
	organizationId: string,
	own: { username: string | null; passwordEncrypted: string | null } | null,
) {
	const server =
		own ??
		(await prisma.smtpTransport.findFirst({
			where: { organizationId, isDefault: true },
			select: { username: true, passwordEncrypted: true },
		}))
	return server?.passwordEncrypted ? decrypt(server.passwordEncrypted) : null
}

/** Replies from this mailbox no longer stop sequences. False when not the organization's. */
export async function removeImapSettings(organizationId: string, mailboxId: string) {
	const updated = await prisma.mailbox.updateMany({
		where: { id: mailboxId, organizationId },
		data: {
			imapHost: null,
			imapPort: null,
			imapUsername: null,
			imapPasswordEncrypted: null,
			imapUidValidity: null,
			imapLastUid: null,
			imapLastError: null,
		},
	})
	return updated.count > 0
}

/** The IMAP login of a mailbox, or null when it has none. */
export async function imapConfigForMailbox(mailboxId: string): Promise<ImapConfig | null> {
	const mailbox = await prisma.mailbox.findUnique({
		where: { id: mailboxId },
		select: {
			imapHost: true,
			imapPort: true,
			imapSecure: true,
			imapUsername: true,
			imapPasswordEncrypted: true,
		},
	})
	if (!mailbox?.imapHost || !mailbox.imapUsername || !mailbox.imapPasswordEncrypted) return null
	return {
		host: mailbox.imapHost,
		port: mailbox.imapPort ?? 993,
		secure: mailbox.imapSecure,
		username: mailbox.imapUsername,
		password: decrypt(mailbox.imapPasswordEncrypted),
	}
}

export type SenderImapSettings =
	Awaited<ReturnType<typeof imapSettingsForSenders>> extends Map<string, infer V> ? V : never

/** What the settings page shows of each sender's IMAP: the stored settings, else a guess from its SMTP server. */
export async function imapSettingsForSenders(organizationId: string) {
	const [senders, defaultServer] = await Promise.all([
		prisma.mailbox.findMany({
			where: { organizationId, kind: 'SENDER' },
			select: {
				id: true,
				address: true,
				imapHost: true,
				imapPort: true,
				imapSecure: true,
				imapUsername: true,
				imapPasswordEncrypted: true,
				imapLastError: true,
				lastSyncedAt: true,
				smtpTransport: { select: { host: true, username: true } },
			},
		}),
		prisma.smtpTransport.findFirst({
			where: { organizationId, isDefault: true },
			select: { host: true, username: true },
		}),
	])
	return new Map(
		senders.map((sender) => {
			const smtp = sender.smtpTransport ?? defaultServer
			const configured = Boolean(sender.imapHost && sender.imapPasswordEncrypted)
			const values = configured
				? {
						imapHost: sender.imapHost!,
						imapPort: sender.imapPort ?? 993,
						imapSecure: sender.imapSecure,
						imapUsername: sender.imapUsername ?? '',
					}
				: suggestImapSettings({
						smtpHost: smtp?.host ?? null,
						smtpUsername: smtp?.username ?? null,
						address: sender.address,
					})
			return [
				sender.id,
				{
					configured,
					...values,
					lastError: sender.imapLastError,
					lastSyncedAt: configured ? sender.lastSyncedAt : null,
					smtpHasPassword: Boolean(smtp),
				},
			]
		}),
	)
}
