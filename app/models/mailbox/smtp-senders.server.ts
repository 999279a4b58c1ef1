import { randomBytes } from 'node:crypto'
import { type SmtpConfig, createSmtpTransport } from '#app/integrations/smtp/smtp-transport.server.ts'
import { type SmtpSecurity } from '#app/schemas/sending.ts'
import { decrypt, encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { appUrl, getEnv } from '#app/utils/env.server.ts'

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

function toConfig(server: StoredSmtpServer): SmtpConfig {
	return {
		host: server.host,
		port: server.port,
		security: server.security,
		username: server.username,
		password: server.passwordEncrypted ? decrypt(server.passwordEncrypted) : null,
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

export async function addSmtpServer(organizationId: string, input: SmtpServerInput) {
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
		return server
	})
}

/** Null when the server is not this organization's. */
export async function updateSmtpServer(organizationId: string, serverId: string, input: SmtpServerInput) {
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
		// No user name, no password; a blank password field keeps the stored one.
		const password = !input.username
			? { passwordEncrypted: null }
			: input.password
				? { passwordEncrypted: encrypt(input.password) }
				: {}
		return tx.smtpTransport.update({
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
				verificationToken: newVerificationToken(),
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
 * Sends (again) the verification email of an unverified sender address; 'not_found' for
 * another organization's address or one already verified.
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
			verificationToken: true,
			organization: { select: { name: true } },
		},
	})
	if (!mailbox) return { ok: false, reason: 'not_found' }
	const token = mailbox.verificationToken ?? newVerificationToken()
	if (!mailbox.verificationToken) {
		await prisma.mailbox.update({ where: { id: mailbox.id }, data: { verificationToken: token } })
	}
	const config = await smtpConfigForMailbox({ organizationId, smtpTransportId: mailbox.smtpTransportId })
	if (!config)
		return { ok: false, reason: 'send_failed', message: 'No SMTP server is configured for this address' }
	const link = `${appUrl()}/verify-sender/${token}`
	const transport = createSmtpTransport(config)
	try {
		await transport.send({
			from: { address: mailbox.address, name: mailbox.name },
			to: { address: mailbox.address, name: mailbox.name },
			subject: `Verify ${mailbox.address} for Reachout`,
			text: `${mailbox.organization.name} wants to send email from ${mailbox.address} with Reachout.\n\nConfirm that this is your address by opening this link:\n${link}\n\nIf you did not expect this, ignore this email.\n`,
			html: `<p>${escapeHtml(mailbox.organization.name)} wants to send email from ${escapeHtml(mailbox.address)} with Reachout.</p><p><a href="${escapeHtml(link)}">Verify ${escapeHtml(mailbox.address)}</a></p><p>If you did not expect this, ignore this email.</p>`,
			messageId: `<verify-${randomBytes(9).toString('base64url')}@${messageIdDomain()}>`,
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

/** Marks the address verified: whoever opened the link reads its inbox. Null for an unknown token. */
export async function verifySenderByToken(token: string) {
	if (!token) return null
	const mailbox = await prisma.mailbox.findUnique({
		where: { verificationToken: token },
		select: { id: true, address: true, kind: true, organization: { select: { name: true } } },
	})
	if (!mailbox || mailbox.kind !== 'SENDER') return null
	await prisma.mailbox.update({
		where: { id: mailbox.id },
		data: { verifiedAt: new Date(), verificationToken: null, warmupStartedAt: new Date() },
	})
	return { address: mailbox.address, organizationName: mailbox.organization.name }
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

function newVerificationToken() {
	return randomBytes(24).toString('base64url')
}

function messageIdDomain() {
	return getEnv().MAIL_DOMAIN ?? new URL(appUrl()).hostname
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
