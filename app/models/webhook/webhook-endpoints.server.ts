import { isIP } from 'node:net'
import { classifyAddress } from '#app/integrations/web/address-policy.ts'
import {
	checkTargetUrl,
	effectivePort,
	isAllowListed,
	stripBrackets,
} from '#app/integrations/web/url-policy.ts'
import { webFetcher } from '#app/integrations/web/web-fetcher.server.ts'
import { WebFetchError } from '#app/integrations/web/web-fetch-error.ts'
import { Prisma } from '#app/generated/prisma/client.ts'
import { enqueueWebhookJobs } from '#app/jobs/deliver-webhooks.ts'
import {
	type CreateWebhookInput,
	type UpdateWebhookInput,
	WEBHOOK_LIMIT,
	WEBHOOK_TEST_EVENT,
	type WebhookEventType,
} from '#app/schemas/webhook.ts'
import { decrypt, encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { newWebhookSecret } from './webhook-signature.ts'

// An organization's webhook endpoints and their delivery log (decision 042). Every function takes
// the acting organization and touches only its rows; another organization's id is "not found".

export class WebhookError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message)
		this.name = 'WebhookError'
	}
}

export const PRIVATE_ADDRESS_MESSAGE =
	'This URL points to a private or local address. Webhooks can only be sent to public addresses.'

/**
 * Refuses, at registration, what every delivery would be refused anyway: a URL the safe fetcher's
 * rules reject, or a name that resolves to a private address. The fetcher checks again at each
 * connection (DNS may change); a name that does not resolve yet is accepted and fails in the log.
 */
export async function checkWebhookUrl(value: string) {
	const { allowList, resolve } = webFetcher().settings
	let url: URL
	try {
		url = checkTargetUrl(value, allowList)
	} catch (error) {
		if (!(error instanceof WebFetchError)) throw error
		if (error.code === 'blocked_address') throw new WebhookError(400, PRIVATE_ADDRESS_MESSAGE)
		if (error.code === 'blocked_port')
			throw new WebhookError(400, 'Webhooks can only be sent to ports 80, 443, 8080 and 8443.')
		throw new WebhookError(
			400,
			'Enter a valid URL starting with https:// or http:// (no user name or password).',
		)
	}
	const host = stripBrackets(url.hostname)
	const port = effectivePort(url)
	if (isIP(host) || isAllowListed(allowList, host, port)) return url
	const answers = await resolve(host).catch(() => [])
	for (const { address } of answers) {
		if (isAllowListed(allowList, address, port)) continue
		if (classifyAddress(address) !== 'public') throw new WebhookError(400, PRIVATE_ADDRESS_MESSAGE)
	}
	return url
}

const endpointSelect = {
	id: true,
	url: true,
	description: true,
	events: true,
	enabled: true,
	createdAt: true,
	updatedAt: true,
} as const

/**
 * The endpoints, oldest first. Signing secrets only `withSecrets` (the page shows them to owners
 * and admins; the API shows a secret once, when it is created).
 */
export async function listWebhookEndpoints(organizationId: string, { withSecrets = false } = {}) {
	const endpoints = await prisma.webhookEndpoint.findMany({
		where: { organizationId },
		select: { ...endpointSelect, secretEncrypted: true },
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
	})
	return endpoints.map(({ secretEncrypted, ...endpoint }) => ({
		...endpoint,
		secret: withSecrets ? decrypt(secretEncrypted) : null,
	}))
}

/** One endpoint, without its secret; null when it is not this organization's. */
export function getWebhookEndpoint(organizationId: string, id: string) {
	return prisma.webhookEndpoint.findFirst({ where: { id, organizationId }, select: endpointSelect })
}

const DUPLICATE_URL_MESSAGE = 'A webhook with this URL already exists.'

export async function createWebhookEndpoint(organizationId: string, input: CreateWebhookInput) {
	const url = await checkWebhookUrl(input.url)
	const count = await prisma.webhookEndpoint.count({ where: { organizationId } })
	if (count >= WEBHOOK_LIMIT)
		throw new WebhookError(409, `An organization can have at most ${WEBHOOK_LIMIT} webhooks.`)
	const secret = newWebhookSecret()
	const created = await prisma.webhookEndpoint.createManyAndReturn({
		data: {
			organizationId,
			url: url.href,
			description: input.description,
			events: input.events,
			secretEncrypted: encrypt(secret),
		},
		skipDuplicates: true,
		select: endpointSelect,
	})
	if (!created[0]) throw new WebhookError(409, DUPLICATE_URL_MESSAGE)
	return { ...created[0], secret }
}

/**
 * Changes the given fields (URL, events, description, on/off); null when the endpoint is not this
 * organization's. A new URL passes the registration's checks. Deliveries already recorded keep
 * going to the endpoint as it is when they are sent; a disabled endpoint's pending ones fail.
 */
export async function updateWebhookEndpoint(organizationId: string, id: string, input: UpdateWebhookInput) {
	const url = input.url === undefined ? undefined : (await checkWebhookUrl(input.url)).href
	try {
		const [updated] = await prisma.webhookEndpoint.updateManyAndReturn({
			where: { id, organizationId },
			data: { url, events: input.events, description: input.description, enabled: input.enabled },
			select: endpointSelect,
		})
		return updated ?? null
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
			throw new WebhookError(409, DUPLICATE_URL_MESSAGE)
		}
		throw error
	}
}

/** Deletes the endpoint and its delivery log. */
export async function deleteWebhookEndpoint(organizationId: string, id: string) {
	const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id, organizationId } })
	return count > 0
}

/** "Send test event": a `webhook.test` event to this endpoint only, delivered like any other. */
export async function sendTestWebhookEvent(organizationId: string, id: string, sentBy: string) {
	return prisma.$transaction(async (tx) => {
		const endpoint = await tx.webhookEndpoint.findFirst({
			where: { id, organizationId },
			select: { id: true },
		})
		if (!endpoint) return null
		const rows = await tx.$queryRaw<Array<{ id: string }>>`
			WITH event AS (
				INSERT INTO "WebhookEvent" (id, "organizationId", type, payload, "createdAt")
				VALUES ('evt_' || replace(gen_random_uuid()::text, '-', ''), ${organizationId}, ${WEBHOOK_TEST_EVENT},
					${JSON.stringify({ message: 'A test event sent from Reachout', sentBy })}::jsonb, now())
				RETURNING id
			)
			INSERT INTO "WebhookDelivery" (id, "organizationId", "endpointId", "eventId", "nextAttemptAt", "createdAt", "updatedAt")
			SELECT gen_random_uuid()::text, ${organizationId}, ${endpoint.id}, event.id, now(), now(), now() FROM event
			RETURNING id`
		await enqueueWebhookJobs(
			prismaRun(tx),
			rows.map((row) => ({ deliveryId: row.id, runAt: new Date() })),
		)
		return rows[0]!.id
	})
}

export const DELIVERY_LOG_SIZE = 50

/**
 * The latest deliveries, newest first — the organization's, or one endpoint's (`endpointId`, a
 * page at a time with `skip`): what was sent where, and how it went.
 */
export async function listWebhookDeliveries(
	organizationId: string,
	{
		endpointId,
		take = DELIVERY_LOG_SIZE,
		skip = 0,
	}: { endpointId?: string; take?: number; skip?: number } = {},
) {
	const deliveries = await prisma.webhookDelivery.findMany({
		where: { organizationId, endpointId },
		orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
		take,
		skip,
		select: {
			id: true,
			endpointId: true,
			status: true,
			attempts: true,
			responseStatus: true,
			failureReason: true,
			createdAt: true,
			lastAttemptAt: true,
			nextAttemptAt: true,
			deliveredAt: true,
			endpoint: { select: { url: true } },
			event: { select: { id: true, type: true } },
		},
	})
	return deliveries.map(({ endpoint, event, ...delivery }) => ({
		...delivery,
		url: endpoint.url,
		eventId: event.id,
		eventType: event.type as WebhookEventType | typeof WEBHOOK_TEST_EVENT,
	}))
}

/** How many deliveries one endpoint's log holds (for its pages). */
export function countWebhookDeliveries(organizationId: string, endpointId: string) {
	return prisma.webhookDelivery.count({ where: { organizationId, endpointId } })
}
