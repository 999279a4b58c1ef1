import { describe, expect, test } from 'vitest'
import { suggestImapSettings } from './imap-settings.ts'

describe('suggestImapSettings', () => {
	test('smtp.x pairs with imap.x on 993 with TLS, the SMTP user name logging in', () => {
		expect(
			suggestImapSettings({
				smtpHost: 'smtp.fastmail.com',
				smtpUsername: 'ann@acme.com',
				address: 'a@acme.com',
			}),
		).toEqual({
			imapHost: 'imap.fastmail.com',
			imapPort: 993,
			imapSecure: true,
			imapUsername: 'ann@acme.com',
		})
	})
	test('mail.x serves both; an unknown pattern suggests no host; the address logs in without an SMTP user', () => {
		expect(
			suggestImapSettings({ smtpHost: 'mail.acme.com', smtpUsername: null, address: 'a@acme.com' }),
		).toMatchObject({
			imapHost: 'mail.acme.com',
			imapUsername: 'a@acme.com',
		})
		expect(
			suggestImapSettings({ smtpHost: 'relay.sendgrid.net', smtpUsername: 'apikey', address: 'a@acme.com' })
				.imapHost,
		).toBe('')
		expect(suggestImapSettings({ smtpHost: null, smtpUsername: null, address: 'a@acme.com' }).imapHost).toBe(
			'',
		)
	})
})
