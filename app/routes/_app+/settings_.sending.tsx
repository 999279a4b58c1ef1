import { parseWithZod } from '@conform-to/zod/v4'
import { type SubmissionResult } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { MailboxLimitsSection } from '#app/components/sending/mailbox-limits-section.tsx'
import { SendWindowSection } from '#app/components/sending/send-window-section.tsx'
import { SenderAddressesSection } from '#app/components/sending/sender-addresses-section.tsx'
import { SmtpServersSection } from '#app/components/sending/smtp-servers-section.tsx'
import { TrackingDomainSection } from '#app/components/sending/tracking-domain-section.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { forgetMailboxTransports } from '#app/models/mailbox/mail-transport.server.ts'
import {
	imapSettingsForSenders,
	removeImapSettings,
	saveImapSettings,
	type SenderImapSettings,
} from '#app/models/mailbox/imap-settings.server.ts'
import { listMailboxesWithUsage, updateMailboxLimits } from '#app/models/mailbox/mailbox-limits.server.ts'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import {
	addSenderAddress,
	addSmtpServer,
	deleteSenderAddress,
	deleteSmtpServer,
	listSenderAddresses,
	listSmtpServers,
	sendVerificationEmail,
	setDefaultSmtpServer,
	updateSmtpServer,
} from '#app/models/mailbox/smtp-senders.server.ts'
import { isVerificationExpired } from '#app/models/mailbox/sender-verification.server.ts'
import { ImapSettingsSchema } from '#app/schemas/imap-settings.ts'
import { getSendWindow, updateSendWindow } from '#app/models/organization/send-window.server.ts'
import { canManageOrganization, requireActor, type Actor } from '#app/models/session/auth.server.ts'
import {
	appHostName,
	getTrackingDomain,
	updateTrackingDomain,
} from '#app/models/tracking/tracking-domain.server.ts'
import {
	SENDING_INTENTS,
	parseSendingIntent,
	type SendingActionData,
	type SendingIntent,
} from '#app/schemas/sending-intents.ts'
import {
	MailboxIdSchema,
	MailboxLimitsSchema,
	SendWindowSchema,
	SenderAddressSchema,
	SmtpServerIdSchema,
	SmtpServerSchema,
	TrackingDomainSchema,
	minutesToTime,
} from '#app/schemas/sending.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { actionFailure, runIntent, type IntentHandlers } from '#app/utils/intent-action.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { FORBIDDEN_MESSAGE } from './__settings-action.server.ts'

const PAGE = '/settings/sending'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const organizationId = actor.organizationId
	const canManage = canManageOrganization(actor)
	// Their own mailbox is listed (with its limits) even before they first send.
	await ensureUserMailbox({ organizationId, userId: actor.userId, email: actor.email, name: actor.name })
	const [sendWindow, tracking, servers, senders, mailboxes, imapBySender] = await Promise.all([
		getSendWindow(organizationId),
		getTrackingDomain(organizationId),
		listSmtpServers(organizationId),
		listSenderAddresses(organizationId),
		listMailboxesWithUsage(organizationId, { userId: actor.userId, canManage }),
		imapSettingsForSenders(organizationId),
	])
	if (!sendWindow || !tracking) throw new Response('Organization not found', { status: 404 })
	const searchParams = new URL(request.url).searchParams
	const editId = searchParams.get('edit')
	const imapId = searchParams.get('imap')
	const hasSmtpUrl = Boolean(getEnv().SMTP_URL)
	const defaultServer = servers.find((server) => server.isDefault)
	return {
		canManage,
		sendWindow: {
			timeZone: sendWindow.timeZone,
			sendWindowEnabled: sendWindow.sendWindowEnabled,
			sendWindowDays: sendWindow.sendWindowDays,
			sendWindowStart: minutesToTime(sendWindow.sendWindowStart),
			sendWindowEnd: minutesToTime(Math.min(sendWindow.sendWindowEnd, 24 * 60 - 1)),
			sendGapMinSeconds: sendWindow.sendGapMinSeconds,
			sendGapMaxSeconds: sendWindow.sendGapMaxSeconds,
		},
		timeZones: Intl.supportedValuesOf('timeZone'),
		tracking: { trackingDomain: tracking.trackingDomain, appHost: appHostName() },
		// Explicit fields: the stored password (even encrypted) never reaches the browser.
		servers: servers.map((server) => ({
			id: server.id,
			name: server.name,
			host: server.host,
			port: server.port,
			security: server.security,
			username: server.username,
			hasPassword: server.hasPassword,
			isDefault: server.isDefault,
			senderCount: server.senderCount,
		})),
		editId: canManage && servers.some((server) => server.id === editId) ? editId : null,
		fallback: hasSmtpUrl ? 'the server set in SMTP_URL' : 'the local outbox',
		defaultServerLabel: defaultServer ? defaultServer.name : hasSmtpUrl ? 'Server default (SMTP_URL)' : null,
		senders: senders.map((sender) => ({
			id: sender.id,
			address: sender.address,
			name: sender.name,
			verified: Boolean(sender.verifiedAt),
			// The link sent is more than 24 hours old: only a new one can verify the address.
			linkExpired: !sender.verifiedAt && isVerificationExpired(sender.verificationSentAt),
			serverName: sender.smtpTransport?.name ?? null,
			imap: imapView(imapBySender.get(sender.id)),
		})),
		imapSenderId: canManage && senders.some((sender) => sender.id === imapId) ? imapId : null,
		mailboxes: mailboxes.map((mailbox) => ({
			id: mailbox.id,
			address: mailbox.address,
			kind: mailbox.kind,
			verified: Boolean(mailbox.verifiedAt),
			dailyLimitStart: mailbox.dailyLimitStart,
			dailyLimitIncrement: mailbox.dailyLimitIncrement,
			dailyLimitMax: mailbox.dailyLimitMax,
			todayLimit: mailbox.todayLimit,
			todaySent: mailbox.todaySent,
			canEdit: mailbox.canEdit,
			serverUnreachableAt: mailbox.serverUnreachableAt?.toISOString() ?? null,
			serverError: mailbox.serverError,
		})),
	}
}

/** The IMAP settings the page may show: never the password. */
function imapView(imap: SenderImapSettings | undefined) {
	return {
		configured: imap?.configured ?? false,
		imapHost: imap?.imapHost ?? '',
		imapPort: imap?.imapPort ?? 993,
		imapSecure: imap?.imapSecure ?? true,
		imapUsername: imap?.imapUsername ?? '',
		lastError: imap?.lastError ?? null,
		lastSyncedAt: imap?.lastSyncedAt?.toISOString() ?? null,
	}
}

type SendingContext = { actor: Actor; organizationId: string; formData: FormData; canManage: boolean }

/** A refused form: which form (and row) and Conform's reply for the page, a toast when the form cannot show it. */
function reply(
	intent: SendingIntent | null,
	targetId: string | null,
	result: SubmissionResult<string[]> | null,
	status: number,
	toast?: string,
) {
	return actionFailure<SendingActionData>({ intent, targetId, result }, status, toast)
}

type SendingAnswer = Response | Awaited<ReturnType<typeof reply>>

function done(title: string, description?: string) {
	// Mailboxes resolve their transport again with the new settings (workers' caches expire soon).
	forgetMailboxTransports()
	return redirectWithToast(PAGE, { type: 'success', title, description })
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const intent = parseSendingIntent(formData.get('intent'))
	if (!intent) return reply(null, null, null, 400, 'Unknown action')
	const canManage = canManageOrganization(actor)
	// Limits of one's own mailbox are one's own business; everything else is the organization's.
	if (intent !== SENDING_INTENTS.updateLimits && !canManage)
		return reply(intent, null, null, 403, FORBIDDEN_MESSAGE)
	return runIntent(
		sendingHandlers,
		{ intent },
		{ actor, organizationId: actor.organizationId, formData, canManage },
	)
}

const sendingHandlers: IntentHandlers<{ intent: SendingIntent }, SendingContext, SendingAnswer> = {
	async [SENDING_INTENTS.updateLimits]({ intent }, { actor, organizationId, formData, canManage }) {
		const submission = parseWithZod(formData, { schema: MailboxLimitsSchema })
		const targetId = String(formData.get('mailboxId') ?? '') || null
		if (submission.status !== 'success') return reply(intent, targetId, submission.reply(), 400)
		const { mailboxId, ...limits } = submission.value
		const updated = await updateMailboxLimits(
			organizationId,
			{ userId: actor.userId, canManage },
			mailboxId,
			limits,
		)
		if (!updated) return reply(intent, targetId, null, 404, 'Mailbox not found')
		return done('Daily limits saved')
	},
	async [SENDING_INTENTS.updateSendWindow]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: SendWindowSchema })
		if (submission.status !== 'success') return reply(intent, null, submission.reply(), 400)
		await updateSendWindow(organizationId, submission.value)
		return done('Send window saved')
	},
	async [SENDING_INTENTS.addServer]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: SmtpServerSchema })
		if (submission.status !== 'success') return reply(intent, null, submission.reply(), 400)
		const added = await addSmtpServer(organizationId, submission.value)
		// The connection test failed: nothing saved, the server's reason on the form.
		if (!added.ok) return reply(intent, null, submission.reply({ formErrors: [added.message] }), 400)
		return done('SMTP server added', submission.value.name)
	},
	async [SENDING_INTENTS.updateServer]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: SmtpServerSchema })
		const serverId = String(formData.get('serverId') ?? '') || null
		if (submission.status !== 'success' || !serverId) return reply(intent, serverId, submission.reply(), 400)
		const updated = await updateSmtpServer(organizationId, serverId, submission.value)
		if (!updated) return reply(intent, serverId, null, 404, 'SMTP server not found')
		if (!updated.ok) return reply(intent, serverId, submission.reply({ formErrors: [updated.message] }), 400)
		return done('SMTP server saved', submission.value.name)
	},
	async [SENDING_INTENTS.setDefaultServer]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: SmtpServerIdSchema })
		if (submission.status !== 'success')
			return reply(intent, null, submission.reply(), 400, 'Server is required')
		const updated = await setDefaultSmtpServer(organizationId, submission.value.serverId)
		if (!updated) return reply(intent, null, null, 404, 'SMTP server not found')
		return done('Default SMTP server changed')
	},
	async [SENDING_INTENTS.deleteServer]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: SmtpServerIdSchema })
		if (submission.status !== 'success')
			return reply(intent, null, submission.reply(), 400, 'Server is required')
		const deleted = await deleteSmtpServer(organizationId, submission.value.serverId)
		if (!deleted) return reply(intent, null, null, 404, 'SMTP server not found')
		return done('SMTP server deleted')
	},
	async [SENDING_INTENTS.updateTrackingDomain]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: TrackingDomainSchema })
		if (submission.status !== 'success') return reply(intent, null, submission.reply(), 400)
		await updateTrackingDomain(organizationId, submission.value.trackingDomain ?? null)
		return done(submission.value.trackingDomain ? 'Tracking domain saved' : 'Tracking domain removed')
	},
	async [SENDING_INTENTS.addSender]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: SenderAddressSchema })
		if (submission.status !== 'success') return reply(intent, null, submission.reply(), 400)
		const result = await addSenderAddress(organizationId, submission.value)
		if (!result.ok) {
			const fieldErrors: Record<string, string[]> =
				result.reason === 'address_taken'
					? { address: ['This address is already a mailbox of your organization'] }
					: result.reason === 'server_not_found'
						? { smtpTransportId: ['SMTP server not found'] }
						: { smtpTransportId: ['Add an SMTP server first'] }
			return reply(intent, null, submission.reply({ fieldErrors }), 400)
		}
		if (!result.emailSent.ok) {
			return redirectWithToast(PAGE, {
				type: 'error',
				title: 'Sender address added, but the verification email could not be sent',
				description: 'message' in result.emailSent ? result.emailSent.message : undefined,
			})
		}
		return done('Verification email sent', `Open the link sent to ${submission.value.address}.`)
	},
	async [SENDING_INTENTS.resendVerification]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: MailboxIdSchema })
		if (submission.status !== 'success')
			return reply(intent, null, submission.reply(), 400, 'Mailbox is required')
		const sent = await sendVerificationEmail(organizationId, submission.value.mailboxId)
		if (!sent.ok && sent.reason === 'not_found')
			return reply(intent, null, null, 404, 'Sender address not found')
		if (!sent.ok) {
			return redirectWithToast(PAGE, {
				type: 'error',
				title: 'The verification email could not be sent',
				description: 'message' in sent ? sent.message : undefined,
			})
		}
		return done('Verification email sent')
	},
	async [SENDING_INTENTS.saveImap]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: ImapSettingsSchema })
		const targetId = String(formData.get('mailboxId') ?? '') || null
		if (submission.status !== 'success') return reply(intent, targetId, submission.reply(), 400)
		const saved = await saveImapSettings(organizationId, submission.value)
		if (!saved.ok && saved.reason === 'not_found')
			return reply(intent, targetId, null, 404, 'Sender address not found')
		if (!saved.ok) {
			const message =
				saved.reason === 'no_password'
					? 'Enter the IMAP password: the SMTP server has none to reuse'
					: `Could not log in to the IMAP server: ${saved.message}. Nothing was saved.`
			return reply(
				intent,
				targetId,
				submission.reply({ formErrors: [message], hideFields: ['imapPassword'] }),
				400,
			)
		}
		return done('IMAP settings saved', `Replies to this address now stop its sequences.`)
	},
	async [SENDING_INTENTS.removeImap]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: MailboxIdSchema })
		if (submission.status !== 'success')
			return reply(intent, null, submission.reply(), 400, 'Mailbox is required')
		const removed = await removeImapSettings(organizationId, submission.value.mailboxId)
		if (!removed) return reply(intent, null, null, 404, 'Sender address not found')
		return done('IMAP settings removed', 'Replies to this address no longer stop its sequences.')
	},
	async [SENDING_INTENTS.deleteSender]({ intent }, { organizationId, formData }) {
		const submission = parseWithZod(formData, { schema: MailboxIdSchema })
		if (submission.status !== 'success')
			return reply(intent, null, submission.reply(), 400, 'Mailbox is required')
		const deleted = await deleteSenderAddress(organizationId, submission.value.mailboxId)
		if (!deleted.ok && deleted.reason === 'not_found')
			return reply(intent, null, null, 404, 'Sender address not found')
		if (!deleted.ok) {
			const count = deleted.running ?? 0
			return reply(
				intent,
				null,
				null,
				409,
				`This address sends ${count} running sequence${count === 1 ? '' : 's'}`,
			)
		}
		return done('Sender address removed')
	},
}

export default function SendingSettingsRoute() {
	const {
		canManage,
		sendWindow,
		timeZones,
		tracking,
		servers,
		editId,
		fallback,
		defaultServerLabel,
		senders,
		imapSenderId,
		mailboxes,
	} = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Sending"
				description={
					canManage
						? 'SMTP servers, sender addresses, daily limits, when emails go out and the domain of their links.'
						: 'Only owners and admins can change the organization’s sending settings.'
				}
				actions={
					<>
						<Button asChild variant="outline">
							<Link to="/outbox">Outbox</Link>
						</Button>
						<Button asChild variant="ghost">
							<Link to="/settings">All settings</Link>
						</Button>
					</>
				}
			/>
			<SmtpServersSection
				servers={servers}
				editing={servers.find((server) => server.id === editId) ?? null}
				fallback={fallback}
				canManage={canManage}
			/>
			<SenderAddressesSection
				senders={senders}
				servers={servers}
				defaultServerLabel={defaultServerLabel}
				canManage={canManage}
				imapSenderId={imapSenderId}
			/>
			<MailboxLimitsSection mailboxes={mailboxes} />
			<SendWindowSection sendWindow={sendWindow} timeZones={timeZones} canManage={canManage} />
			<TrackingDomainSection
				trackingDomain={tracking.trackingDomain}
				appHost={tracking.appHost}
				canManage={canManage}
			/>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Sending · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
