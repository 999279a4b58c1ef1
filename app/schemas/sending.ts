import { z } from 'zod'

// The sending settings: SMTP servers, sender addresses, mailbox limits and the send window.
// Conform parses these from plain forms (checkboxes send "on", numbers arrive as text).

const INVALID_EMAIL = 'Please enter a valid email address'
export const DAILY_LIMIT_CEILING = 10_000
export const WEEKDAYS = [
	{ value: 1, label: 'Mon' },
	{ value: 2, label: 'Tue' },
	{ value: 3, label: 'Wed' },
	{ value: 4, label: 'Thu' },
	{ value: 5, label: 'Fri' },
	{ value: 6, label: 'Sat' },
	{ value: 7, label: 'Sun' },
] as const

/** A checkbox: "on" when ticked, absent when not (never `required` in the browser). */
const checkbox = z
	.string()
	.optional()
	.transform((value) => value === 'on' || value === 'true')

const id = (label: string) =>
	z.string({ error: `${label} is required` }).min(1, { error: `${label} is required` })

/** How an SMTP connection is protected (decision 013). */
export const SMTP_SECURITY = ['STARTTLS', 'TLS', 'NONE'] as const
export type SmtpSecurity = (typeof SMTP_SECURITY)[number]
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
	STARTTLS: 'STARTTLS (usually port 587)',
	TLS: 'TLS from the start (usually port 465)',
	NONE: 'None: a development server on this machine only',
}

/** 127.0.0.1 (any 127.x), localhost or ::1: the only hosts plain SMTP may talk to. */
export function isLoopbackHost(host: string) {
	const name = host
		.trim()
		.toLowerCase()
		.replace(/^\[(.*)\]$/, '$1')
	return name === 'localhost' || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name)
}

/** Why plain SMTP is refused for this host, or null when it is this machine. */
export function plainSmtpRefusal(host: string) {
	return isLoopbackHost(host)
		? null
		: `Without TLS the password and the emails would cross the network in clear: choose STARTTLS or TLS for ${host} (plain SMTP is only for a development server on this machine)`
}

export const SmtpServerSchema = z
	.object({
		serverId: z.string().optional(),
		name: z
			.string({ error: 'Name is required' })
			.trim()
			.min(1, { error: 'Name is required' })
			.max(100, { error: 'Name must be at most 100 characters' }),
		host: z
			.string({ error: 'Host is required' })
			.trim()
			.min(1, { error: 'Host is required' })
			.max(253, { error: 'Host must be at most 253 characters' })
			.regex(
				/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/i,
				{
					error: 'Please enter a host name such as smtp.example.com',
				},
			),
		port: z.coerce
			.number({ error: 'Port must be a number between 1 and 65535' })
			.int({ error: 'Port must be a number between 1 and 65535' })
			.min(1, { error: 'Port must be a number between 1 and 65535' })
			.max(65_535, { error: 'Port must be a number between 1 and 65535' }),
		security: z.enum(SMTP_SECURITY, { error: 'Choose how the connection is protected' }).default('STARTTLS'),
		username: z.string().trim().max(254, { error: 'User name must be at most 254 characters' }).optional(),
		password: z.string().max(1_000, { error: 'Password must be at most 1,000 characters' }).optional(),
		isDefault: checkbox,
	})
	.superRefine((server, context) => {
		const refusal = server.security === 'NONE' ? plainSmtpRefusal(server.host) : null
		if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['security'] })
	})

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z](?:[a-z0-9-]*[a-z0-9])?$/i

/** A host name such as track.example.com (no scheme, no path); empty removes it. */
export const TrackingDomainSchema = z.object({
	trackingDomain: z
		.string()
		.trim()
		.toLowerCase()
		.max(253, { error: 'The tracking domain must be at most 253 characters' })
		.regex(HOST_NAME, { error: 'Please enter a host name such as track.example.com' })
		.optional(),
})

export const SmtpServerIdSchema = z.object({ serverId: id('Server') })

export const SenderAddressSchema = z.object({
	address: z
		.string({ error: INVALID_EMAIL })
		.trim()
		.toLowerCase()
		.pipe(z.email({ error: INVALID_EMAIL }).max(254, { error: INVALID_EMAIL })),
	name: z.string().trim().max(100, { error: 'Name must be at most 100 characters' }).optional(),
	smtpTransportId: z.string().optional(),
})

export const MailboxIdSchema = z.object({ mailboxId: id('Mailbox') })

function limit(label: string, min: number) {
	const message = `${label} must be a whole number from ${min} to ${DAILY_LIMIT_CEILING.toLocaleString('en-US')}`
	return z.coerce
		.number({ error: message })
		.int({ error: message })
		.min(min, { error: message })
		.max(DAILY_LIMIT_CEILING, { error: message })
}

export const MailboxLimitsSchema = z
	.object({
		mailboxId: id('Mailbox'),
		dailyLimitStart: limit('The first day', 1),
		dailyLimitIncrement: limit('The daily increase', 0),
		dailyLimitMax: limit('The maximum', 1),
	})
	.refine((limits) => limits.dailyLimitMax >= limits.dailyLimitStart, {
		error: 'The maximum must be at least the first day’s limit',
		path: ['dailyLimitMax'],
	})

export function isTimeZone(value: string) {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: value })
		return true
	} catch {
		return false
	}
}

/** "09:30" ⇄ 570 minutes after midnight. */
export function minutesToTime(minutes: number) {
	return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

const time = (label: string) =>
	z
		.string({ error: `${label} is required` })
		.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${label} must be a time such as 09:00` })
		.transform((value) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5)))

export const SEND_GAP_CEILING = 3_600

function gapSeconds(label: string) {
	const message = `${label} must be a whole number of seconds from 0 to ${SEND_GAP_CEILING.toLocaleString('en-US')}`
	return z.coerce
		.number({ error: message })
		.int({ error: message })
		.min(0, { error: message })
		.max(SEND_GAP_CEILING, { error: message })
		.optional()
}

export const SendWindowSchema = z
	.object({
		timeZone: z
			.string({ error: 'Time zone is required' })
			.trim()
			.refine(isTimeZone, { error: 'Please choose a time zone such as Europe/Paris' }),
		sendWindowEnabled: checkbox,
		sendWindowDays: z
			.union([z.array(z.string()), z.string()], { error: 'Please choose weekdays' })
			.optional()
			.transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).map(Number))
			.pipe(z.array(z.number().int().min(1).max(7), { error: 'Please choose weekdays' }))
			.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
		sendWindowStart: time('Start time'),
		sendWindowEnd: time('End time'),
		// Absent from older clients: the saved gaps stay.
		sendGapMinSeconds: gapSeconds('The shortest gap'),
		sendGapMaxSeconds: gapSeconds('The longest gap'),
	})
	.refine((window) => window.sendWindowEnd > window.sendWindowStart, {
		error: 'The end time must be after the start time',
		path: ['sendWindowEnd'],
	})
	.refine((window) => !window.sendWindowEnabled || window.sendWindowDays.length > 0, {
		error: 'Choose at least one weekday',
		path: ['sendWindowDays'],
	})
	.refine(
		(window) =>
			window.sendGapMinSeconds === undefined ||
			window.sendGapMaxSeconds === undefined ||
			window.sendGapMaxSeconds >= window.sendGapMinSeconds,
		{ error: 'The longest gap must be at least the shortest', path: ['sendGapMaxSeconds'] },
	)
