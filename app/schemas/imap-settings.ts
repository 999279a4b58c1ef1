import { z } from 'zod'

// IMAP settings of a sender address: where the reply sync reads its inbox.

const PORT_MESSAGE = 'Port must be a number between 1 and 65535'

export const ImapSettingsSchema = z.object({
	mailboxId: z.string({ error: 'Mailbox is required' }).min(1, { error: 'Mailbox is required' }),
	imapHost: z
		.string({ error: 'Host is required' })
		.trim()
		.min(1, { error: 'Host is required' })
		.max(253, { error: 'Host must be at most 253 characters' })
		.regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/i, {
			error: 'Please enter a host name such as imap.example.com',
		}),
	imapPort: z.coerce
		.number({ error: PORT_MESSAGE })
		.int({ error: PORT_MESSAGE })
		.min(1, { error: PORT_MESSAGE })
		.max(65_535, { error: PORT_MESSAGE }),
	imapSecure: z
		.string()
		.optional()
		.transform((value) => value === 'on' || value === 'true'),
	imapUsername: z
		.string({ error: 'User name is required' })
		.trim()
		.min(1, { error: 'User name is required' })
		.max(254, { error: 'User name must be at most 254 characters' }),
	/** Blank: keep the stored password, else use the SMTP server's. */
	imapPassword: z.string().max(1_000, { error: 'Password must be at most 1,000 characters' }).optional(),
})

export type ImapSettingsInput = z.infer<typeof ImapSettingsSchema>

/**
 * IMAP settings guessed from the SMTP server, where providers pair them the usual way:
 * smtp.example.com → imap.example.com, mail.example.com stays, port 993 with TLS; the SMTP
 * user name (else the address) logs in.
 */
export function suggestImapSettings({
	smtpHost,
	smtpUsername,
	address,
}: {
	smtpHost: string | null
	smtpUsername: string | null
	address: string
}) {
	const host = smtpHost
		? /^smtp\./i.test(smtpHost)
			? smtpHost.replace(/^smtp\./i, 'imap.')
			: /^(mail|mx)\./i.test(smtpHost)
				? smtpHost
				: null
		: null
	return { imapHost: host ?? '', imapPort: 993, imapSecure: true, imapUsername: smtpUsername || address }
}
