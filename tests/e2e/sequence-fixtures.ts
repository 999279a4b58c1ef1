import { randomUUID } from 'node:crypto'
import { type APIRequestContext } from '@playwright/test'
import pg from 'pg'
import { databaseUrlFor } from '../../scripts/database/embedded-postgres.ts'
import { startTestPostgres } from '../setup/test-database.ts'

// Sequences for the drawer and Sequences page specs: contacts and sequences are created through
// the JSON API, as a client would; states only the worker or a mailbox reach (sent, replied,
// failed, clicked) are then written straight into the e2e server's database.

export async function connectDatabase() {
	const { serverUrl } = await startTestPostgres('postgres-e2e')
	const client = new pg.Client({
		connectionString: databaseUrlFor(serverUrl, `reachout_e2e_${process.env.E2E_PORT ?? 3917}`),
	})
	await client.connect()
	return client
}

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
	const response = await request.post(path, { data })
	if (!response.ok()) throw new Error(`${path} → ${response.status()} ${await response.text()}`)
	return (await response.json()) as T
}

export type SeededContact = { id: string; firstName: string; lastName: string; email: string }

export async function seedContact(
	request: APIRequestContext,
	{
		firstName = 'Ada',
		lastName = 'Lovelace',
		linkedin,
	}: { firstName?: string; lastName?: string; linkedin?: string } = {},
) {
	const company = await postJson<{ id: string }>(request, '/api/v1/companies', {
		name: `Analytical Engines ${randomUUID().slice(0, 6)}`,
		description: 'Builds engines',
	})
	const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`
	const contact = await postJson<{ id: string }>(request, '/api/v1/contacts', {
		firstName,
		lastName,
		email,
		role: 'CTO',
		companyId: company.id,
		...(linkedin ? { linkedin } : {}),
	})
	return { id: contact.id, firstName, lastName, email } satisfies SeededContact
}

export type SeededSequence = {
	id: string
	subject: string
	emailSteps: Array<{ id: string; order: number }>
	linkedInSteps: Array<{ id: string; order: number }>
}

/** A draft through POST /api/v1/sequences, from the user's own mailbox. */
export async function seedSequence(
	request: APIRequestContext,
	contactId: string,
	{
		subject = 'Quick question',
		steps = [{ daysAfter: 0 }, { daysAfter: 3 }],
		linkedInSteps = [],
	}: {
		subject?: string
		steps?: Array<{ daysAfter: number; body?: string }>
		linkedInSteps?: Array<{ daysAfter: number; requestNote?: string; message?: string }>
	} = {},
) {
	const mailboxes = await (await request.get('/api/v1/ses/email')).json()
	const emailAddressId = (mailboxes as Array<{ id: string }>)[0]!.id
	return postJson<SeededSequence>(request, '/api/v1/sequences', {
		contactId,
		subject,
		steps: steps.map((step, index) => ({
			daysAfter: step.daysAfter,
			body: step.body ?? `Hello, this is email number ${index + 1}.`,
			emailAddressId,
		})),
		linkedInSteps,
	})
}

/** Moves a sequence and its steps to states the UI cannot reach by itself. */
export function sequenceStates(client: pg.Client) {
	return {
		async setSequence(id: string, status: string) {
			await client.query(`UPDATE "Sequence" SET status = $2::"SequenceStatus" WHERE id = $1`, [id, status])
		},
		async setEmailStep(id: string, status: string, failureReason: string | null = null) {
			const sent = ['SENT', 'REPLIED'].includes(status)
			await client.query(
				`UPDATE "EmailStep" SET status = $2::"StepStatus", "failureReason" = $3,
					"sentAt" = CASE WHEN $4 THEN now() - interval '2 days' ELSE "sentAt" END,
					"messageId" = CASE WHEN $4 THEN '<' || id || '@reachout.test>' ELSE "messageId" END
				 WHERE id = $1`,
				[id, status, failureReason, sent],
			)
		},
		async setLinkedInStep(id: string, status: string, repliedContent: string | null = null) {
			await client.query(
				`UPDATE "LinkedInStep" SET status = $2::"StepStatus", "repliedContent" = $3,
					metadata = jsonb_build_object('conversationId', 'thread-' || id)
				 WHERE id = $1`,
				[id, status, repliedContent],
			)
		},
		async addReply(sequenceId: string, emailStepId: string, from: string, body: string) {
			await client.query(
				`INSERT INTO "ConversationMessage" (id, type, "fromAddress", "bodyText", "isFromUser", date,
					"providerMessageId", "organizationId", "sequenceId", "emailStepId")
				 SELECT $1, 'EMAIL', $2, $3, false, now() - interval '1 day', $1, "organizationId", id, $4
				 FROM "Sequence" WHERE id = $5`,
				[`msg_${randomUUID().replaceAll('-', '')}`, from, body, emailStepId, sequenceId],
			)
		},
		/** An out-of-office (AUTO_REPLY) or a delay notice (DELAY_NOTICE), as a mailbox sync records it. */
		async addAutomaticMessage(
			sequenceId: string,
			emailStepId: string,
			from: string,
			body: string,
			automatic: 'AUTO_REPLY' | 'DELAY_NOTICE',
		) {
			await client.query(
				`INSERT INTO "ConversationMessage" (id, type, "fromAddress", "bodyText", "isFromUser", date,
					"providerMessageId", "organizationId", "sequenceId", "emailStepId", automatic)
				 SELECT $1, 'EMAIL', $2, $3, false, now() - interval '1 day', $1, "organizationId", id, $4,
					$6::"AutomaticMessageKind"
				 FROM "Sequence" WHERE id = $5`,
				[`msg_${randomUUID().replaceAll('-', '')}`, from, body, emailStepId, sequenceId, automatic],
			)
		},
		async addClick(sequenceId: string, emailStepId: string) {
			await client.query(
				`INSERT INTO "SequenceEvent" (id, type, url, "organizationId", "sequenceId", "emailStepId")
				 SELECT $1, 'LINK_CLICK', 'https://example.com/pricing', "organizationId", id, $2
				 FROM "Sequence" WHERE id = $3`,
				[`evt_${randomUUID().replaceAll('-', '')}`, emailStepId, sequenceId],
			)
		},
		async requireGmailGrant(email: string) {
			await client.query(`UPDATE "User" SET "shouldResetGmailScope" = true WHERE email = $1`, [email])
		},
	}
}
