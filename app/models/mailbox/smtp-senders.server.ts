import {
	type SmtpConfig,
	createSmtpTransport,
	testSmtpConnection,
} from '#app/integrations/smtp/smtp-transport.server.ts'
import { type SmtpSecurity } from '#app/schemas/sending.ts'
import { decrypt, encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { appUrl, getEnv, mailDomain } from '#app/utils/env.server.ts'
import { newMessageId } from '#app/utils/message-id.ts'
import { findSenderVerification, newVerificationToken } from './sender-verification.server.ts'

/**
 * An organization's SMTP servers and its sender addresses (Mailbox kind SENDER), the
 * addresses sequences may be sent from through SMTP once someone proved they read that inbox.
 * Passwords are stored encrypted and never leave this module except to nodemailer.
 */

export type SmtpServerInput = {
	name: string
	host: string
	port: number
	security: SmtpSecurity
	username?: string | null
	/** Empty or missing on update: keep the stored password. */
	password?: string | null
	isDefault?: boolean
}

/** What the settings page may see of a server: everything but the password. */
const smtpServerSelect = {
	id: true,
	name: true,
	host: true,
	port: true,
	security: true,
	username: true,
	passwordEncrypted: true,
	isDefault: true,
	createdAt: true,
} as const

type StoredSmtpServer = {
	host: string
	port: number
	security: SmtpSecurity
	username: string | null
	passwordEncrypted: string | null
}

/** `password` in clear, when the caller has it (a form), wins over the stored one. */
function toConfig(server: StoredSmtpServer, password?: string | null): SmtpConfig {
	return {
		host: server.host,
		port: server.port,
		security: server.security,
		username: server.username,
		password: password || (server.passwordEncrypted ? decrypt(server.passwordEncrypted) : null),
	}
}

export async function listSmtpServers(organizationId: string) {
	const servers = await prisma.smtpTransport.findMany({
		where: { organizationId },
		select: { ...smtpServerSelect, _count: { select: { mailboxes: true } } },
		orderBy: [{ isDefault: 'desc' }, { createdAt: 'asc' }],
	})
	return servers.map(({ passwordEncrypted, _count, ...server }) => ({
		...server,
		hasPassword: Boolean(passwordEncrypted),
		senderCount: _count.mailboxes,
	}))
}

/** A server that failed its connection test on save: nothing was saved; `message` is the server's reason. */
export type SmtpConnectionFailure = { ok: false; reason: 'connection_failed'; message: string }

/**
 * Saves a server only once it accepted a connection and the login (`testSmtpConnection`), so a
 * wrong host, port or password shows on the form instead of in failed sends later.
 */
export async function addSmtpServer(
	organizationId: string,
	input: SmtpServerInput,
): Promise<{ ok: true; id: string } | SmtpConnectionFailure> {
	const failure = await testSmtpConnection(
		toConfig({ ...input, username: input.username || null, passwordEncrypted: null }, input.password),
	)
	if (failure) return { ok: false, reason: 'connection_failed', message: failure }
	return prisma.$transaction(async (tx) => {
		await lockOrganization(tx, organizationId)
		if (input.isDefault)
			await tx.smtpTransport.updateMany({ where: { organizationId }, data: { isDefault: false } })
		const server = await tx.smtpTransport.create({
			data: {
				organizationId,
				name: input.name,
				host: input.host,
				port: input.port,
				security: input.security,
				username: input.username || null,
				passwordEncrypted: input.username && input.password ? encrypt(input.password) : null,
				isDefault: Boolean(input.isDefault),
			},
			select: { id: true },
		})
		return { ok: true as const, id: server.id }
	})
}

/** Null when the server is not this organization's; tested like a new one before it is saved. */
export async function updateSmtpServer(
	organizationId: string,
	serverId: string,
	input: SmtpServerInput,
): Promise<{ ok: true; id: string } | SmtpConnectionFailure | null> {
	const stored = await prisma.smtpTransport.findFirst({
		where: { id: serverId, organizationId },
		select: { passwordEncrypted: true },
	})
	if (!stored) return null
	// No user name, no password; a blank password field keeps (and is tested with) the stored one.
	const keepPassword = Boolean(input.username) && !input.password
	const failure = await testSmtpConnection(
		toConfig(
			{
				...input,
				username: input.username || null,
				passwordEncrypted: keepPassword ? stored.passwordEncrypted : null,
			},
			keepPassword ? null : input.password,
		),
	)
	if (failure) return { ok: false, reason: 'connection_failed', message: failure }
	return prisma.$transaction(async (tx) => {
		await lockOrganization(tx, organizationId)
		const existing = await tx.smtpTransport.findFirst({
			where: { id: serverId, organizationId },
			select: { id: true },
		})
		if (!existing) return null
		if (input.isDefault) {
			await tx.smtpTransport.updateMany({
				where: { organizationId, NOT: { id: serverId } },
				data: { isDefault: false },
			})
		}
		await clearUnreachableFlags(tx, organizationId)
		const password = !input.username
			? { passwordEncrypted: null }
			: input.password
				? { passwordEncrypted: encrypt(input.password) }
				: {}
		await tx.smtpTransport.update({
			where: { id: serverId },
			data: {
				name: input.name,
				host: input.host,
				port: input.port,
				security: input.security,
				username: input.username || null,
				...password,
				...(input.isDefault === undefined ? {} : { isDefault: input.isDefault }),
			},
			select: { id: true },
		})
		return { ok: true as const, id: serverId }
	})
}

/** Makes this server the organization's default (the one the others are not). Null if not theirs. */
export async function setDefaultSmtpServer(organizationId: string, serverId: string) {
	return prisma.$transaction(async (tx) => {
		await lockOrganization(tx, organizationId)
		const existing = await tx.smtpTransport.findFirst({
			where: { id: serverId, organizationId },
			select: { id: true },
		})
		if (!existing) return null
		await clearUnreachableFlags(tx, organizationId)
		await tx.smtpTransport.updateMany({
			where: { organizationId, NOT: { id: serverId } },
			data: { isDefault: false },
		})
		return tx.smtpTransport.update({
			where: { id: serverId },
			data: { isDefault: true },
			select: { id: true },
		})
	})
}

/** Sender addresses on it fall back to the organization's default transport. False if not theirs. */
export async function deleteSmtpServer(organizationId: string, serverId: string) {
	const deleted = await prisma.smtpTransport.deleteMany({ where: { id: serverId, organizationId } })
	return deleted.count > 0
}

/** The organization's default SMTP server, else SMTP_URL, else null: the local outbox. */
export async function organizationDefaultTransportConfig(organizationId: string): Promise<SmtpConfig | null> {
	const server = await prisma.smtpTransport.findFirst({
		where: { organizationId, isDefault: true },
		select: { host: true, port: true, security: true, username: true, passwordEncrypted: true },
	})
	if (server) return toConfig(server)
	const url = getEnv().SMTP_URL
	return url ? { url } : null
}

/**
 * The SMTP server a mailbox sends through when it does not use Gmail: its own server (a
 * sender address's), else the organization's default, else SMTP_URL; null means the outbox.
 */
export async function smtpConfigForMailbox(mailbox: {
	organizationId: string
	smtpTransportId: string | null
}): Promise<SmtpConfig | null> {
	if (mailbox.smtpTransportId) {
		const server = await prisma.smtpTransport.findFirst({
			where: { id: mailbox.smtpTransportId, organizationId: mailbox.organizationId },
			select: { host: true, port: true, security: true, username: true, passwordEncrypted: true },
		})
		if (server) return toConfig(server)
	}
	return organizationDefaultTransportConfig(mailbox.organizationId)
}

/** Which server `smtpConfigForMailbox` picks, by name (for the UI); null means the outbox. */
export async function smtpServerNameForMailbox(mailbox: {
	organizationId: string
	smtpTransportId: string | null
}) {
	const server = await prisma.smtpTransport.findFirst({
		where: {
			organizationId: mailbox.organizationId,
			OR: [...(mailbox.smtpTransportId ? [{ id: mailbox.smtpTransportId }] : []), { isDefault: true }],
		},
		select: { id: true, name: true },
		orderBy: { isDefault: 'asc' },
	})
	if (server) return server.name
	return getEnv().SMTP_URL ? 'the server set in SMTP_URL' : null
}

// Sender addresses

export const senderSelect = {
	id: true,
	address: true,
	name: true,
	verifiedAt: true,
	verificationSentAt: true,
	createdAt: true,
	smtpTransport: { select: { id: true, name: true } },
} as const

export async function listSenderAddresses(organizationId: string) {
	return prisma.mailbox.findMany({
		where: { organizationId, kind: 'SENDER' },
		select: senderSelect,
		orderBy: { address: 'asc' },
	})
}

export type AddSenderResult =
	| { ok: true; mailboxId: string; emailSent: VerificationEmailResult }
	| { ok: false; reason: 'server_not_found' | 'no_transport' | 'address_taken' }

/**
 * Adds an unverified sender address and emails it a verification link through its SMTP server
 * (the one chosen, else the organization's default). The address is kept when that email
 * fails, so the user can fix the server and resend.
 */
export async function addSenderAddress(
	organizationId: string,
	input: { address: string; name?: string | null; smtpTransportId?: string | null },
): Promise<AddSenderResult> {
	const address = input.address.trim().toLowerCase()
	if (input.smtpTransportId) {
		const server = await prisma.smtpTransport.findFirst({
			where: { id: input.smtpTransportId, organizationId },
			select: { id: true },
		})
		if (!server) return { ok: false, reason: 'server_not_found' }
	} else if (!(await organizationDefaultTransportConfig(organizationId))) {
		return { ok: false, reason: 'no_transport' }
	}
	const existing = await prisma.mailbox.findUnique({
		where: { organizationId_address: { organizationId, address } },
		select: { id: true },
	})
	if (existing) return { ok: false, reason: 'address_taken' }
	const mailbox = await prisma.mailbox
		.create({
			data: {
				organizationId,
				address,
				name: input.name || null,
				kind: 'SENDER',
				smtpTransportId: input.smtpTransportId || null,
			},
			select: { id: true },
		})
		.catch((error: unknown) => {
			// Two people adding the same address at once: the unique index decides.
			if ((error as { code?: string }).code === 'P2002') return null
			throw error
		})
	if (!mailbox) return { ok: false, reason: 'address_taken' }
	const emailSent = await sendVerificationEmail(organizationId, mailbox.id)
	return { ok: true, mailboxId: mailbox.id, emailSent }
}

export type VerificationEmailResult =
	{ ok: true } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'send_failed'; message: string }

/**
 * Sends (again) the verification email of an unverified sender address, with a new link valid
 * for 24 hours (the previous link stops working); 'not_found' for another organization's address
 * or one already verified.
 */
export async function sendVerificationEmail(
	organizationId: string,
	mailboxId: string,
): Promise<VerificationEmailResult> {
	const mailbox = await prisma.mailbox.findFirst({
		where: { id: mailboxId, organizationId, kind: 'SENDER', verifiedAt: null },
		select: {
			id: true,
			address: true,
			name: true,
			smtpTransportId: true,
			organization: { select: { name: true } },
		},
	})
	if (!mailbox) return { ok: false, reason: 'not_found' }
	const config = await smtpConfigForMailbox({ organizationId, smtpTransportId: mailbox.smtpTransportId })
	if (!config)
		return { ok: false, reason: 'send_failed', message: 'No SMTP server is configured for this address' }
	// Stored before sending: the link must work the moment the email arrives.
	const { token, hash } = newVerificationToken()
	await prisma.mailbox.update({
		where: { id: mailbox.id },
		data: { verificationToken: hash, verificationSentAt: new Date() },
	})
	const link = `${appUrl()}/verify-sender/${token}`
	const transport = createSmtpTransport(config)
	try {
		await transport.send({
			from: { address: mailbox.address, name: mailbox.name },
			to: { address: mailbox.address, name: mailbox.name },
			subject: `Verify ${mailbox.address} for Reachout`,
			text: `${mailbox.organization.name} wants to send email from ${mailbox.address} with Reachout.\n\nConfirm that this is your address: open this link and click Confirm. The link is valid for 24 hours.\n${link}\n\nIf you did not expect this, ignore this email.\n`,
			html: `<p>${escapeHtml(mailbox.organization.name)} wants to send email from ${escapeHtml(mailbox.address)} with Reachout.</p><p><a href="${escapeHtml(link)}">Verify ${escapeHtml(mailbox.address)}</a></p><p>The link is valid for 24 hours. If you did not expect this, ignore this email.</p>`,
			messageId: newMessageId(mailbox.address, mailDomain()),
		})
		return { ok: true }
	} catch (error) {
		return {
			ok: false,
			reason: 'send_failed',
			message: error instanceof Error ? error.message : String(error),
		}
	} finally {
		await transport.close?.()
	}
}

/**
 * "Send a new link" on the page of an expired link: the link proves who asks, and it is replaced,
 * so each emailed link can ask once. Null for an unknown or used token, or one still valid.
 */
export async function resendVerificationByToken(token: string) {
	const found = await findSenderVerification(token)
	if (!found || found.state !== 'expired') return null
	const sent = await sendVerificationEmail(found.organizationId, found.mailboxId)
	return { address: found.address, sent }
}

export type DeleteSenderResult =
	{ ok: true } | { ok: false; reason: 'not_found' | 'in_use'; running?: number }

/** Refused while running sequences send from it: they would lose their From address. */
export async function deleteSenderAddress(
	organizationId: string,
	mailboxId: string,
): Promise<DeleteSenderResult> {
	const mailbox = await prisma.mailbox.findFirst({
		where: { id: mailboxId, organizationId, kind: 'SENDER' },
		select: { id: true },
	})
	if (!mailbox) return { ok: false, reason: 'not_found' }
	const running = await prisma.sequence.count({
		where: { organizationId, mailboxId, status: { in: ['ACTIVE', 'PAUSED', 'PENDING', 'CREATING'] } },
	})
	if (running > 0) return { ok: false, reason: 'in_use', running }
	await prisma.mailbox.deleteMany({ where: { id: mailboxId, organizationId, kind: 'SENDER' } })
	return { ok: true }
}

/** Changed server settings deserve a fresh try: the next failure after the limit flags again. */
function clearUnreachableFlags(tx: Pick<typeof prisma, 'mailbox'>, organizationId: string) {
	return tx.mailbox.updateMany({
		where: { organizationId, serverUnreachableAt: { not: null } },
		data: { serverUnreachableAt: null, serverError: null },
	})
}

function lockOrganization(tx: Pick<typeof prisma, '$queryRaw'>, organizationId: string) {
	// One default per organization: changes to an organization's servers take turns.
	return tx.$queryRaw`SELECT id FROM "Organization" WHERE id = ${organizationId} FOR UPDATE`
}

function escapeHtml(value: string) {
	return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
