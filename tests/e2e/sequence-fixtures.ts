import { randomUUID } from 'node:crypto'
import { type APIRequestContext } from '@playwright/test'
import pg from 'pg'
import { databaseUrlFor } from '../../scripts/database/embedded-postgres.ts'
import { e2ePostgresName, startTestPostgres } from '../setup/test-database.ts'

// Sequences for the drawer and Sequences page specs: contacts and sequences are created through
// the JSON API, as a client would; states only the worker or a mailbox reach (sent, replied,
// failed, clicked) are then written straight into the e2e server's database.

export async function connectDatabase() {
	const { serverUrl } = await startTestPostgres(e2ePostgresName())
	const client = new pg.Client({
		connectionString: databaseUrlFor(serverUrl, `reachout_e2e_${process.env.E2E_PORT ?? 3917}`),
	})
	await client.connect()
	return client
}

/**
 * A new organization sends on weekdays 08:00–18:00 only (its send window); specs that wait for a
 * send run at any hour, so they turn the window off for the signed-in user's organization.
 */
export async function sendAtAnyHour(db: pg.Client, email: string) {
	await db.query(
		`UPDATE "Organization" SET "sendWindowEnabled" = false
		WHERE id IN (SELECT m."organizationId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1)`,
		[email],
	)
}

/**
 * The fake LinkedIn API the e2e server's executor acts on (serve.ts starts it, with control routes):
 * E2E_PORT + 2000, clear of the company sites (+1000, +1001) of this and the neighbouring ports.
 */
export const SERVER_LINKEDIN_PORT = Number(process.env.E2E_PORT ?? 3917) + 2000

/** The user's LinkedIn account acts at any hour with no gap between actions, so a pass does all that is due. */
export async function actAtAnyPace(db: pg.Client, email: string) {
	const updated = await db.query(
		`UPDATE "LinkedInAccount" SET "activeHoursStart" = 0, "activeHoursEnd" = 24, "paceMinSeconds" = 0, "paceMaxSeconds" = 0
		 WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`,
		[email],
	)
	if (updated.rowCount !== 1) throw new Error(`${email} has no LinkedIn account yet`)
}

/**
 * One pass of the server-side LinkedIn executor now, instead of waiting for its cron minute: the
 * job added as the cron adds it (same task, same queue, so never beside a cron pass), then waited
 * out. A pass that fails throws its error.
 */
export async function runServerLinkedInPass(db: pg.Client, { timeoutMs = 30_000 } = {}) {
	const { rows } = await db.query<{ id: string }>(
		`SELECT id FROM graphile_worker.add_job('run_linkedin_actions', '{}'::json, queue_name => 'linkedin')`,
	)
	const jobId = rows[0]!.id
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		const job = await db.query<{ last_error: string | null }>(
			`SELECT last_error FROM graphile_worker.jobs WHERE id = $1`,
			[jobId],
		)
		// Graphile Worker deletes a job that succeeded.
		if (job.rowCount === 0) return
		if (job.rows[0]!.last_error) throw new Error(`run_linkedin_actions failed: ${job.rows[0]!.last_error}`)
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error(`run_linkedin_actions did not finish within ${timeoutMs} ms`)
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
		phone,
	}: { firstName?: string; lastName?: string; linkedin?: string; phone?: string } = {},
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
		...(phone ? { phone } : {}),
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
		linkedInSteps?: Array<{
			daysAfter: number
			requestNote?: string
			message?: string
			username?: string
			linkedinUrl?: string
		}>
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
		/** A phone-call step (the API creates none: the assistant writes them), planned `dueInDays` from now. */
		async addPhoneCall(
			sequenceId: string,
			{
				order = 1,
				daysAfter = 0,
				talkingPoints = '',
				status = 'PENDING',
				dueInDays = null,
			}: {
				order?: number
				daysAfter?: number
				talkingPoints?: string
				status?: string
				dueInDays?: number | null
			},
		) {
			const id = `call_${randomUUID().replaceAll('-', '')}`
			await client.query(
				`INSERT INTO "PhoneCallStep" (id, "order", "talkingPoints", "daysAfter", status, "scheduledFor",
					"organizationId", "sequenceId", "updatedAt")
				 SELECT $1, $2, $3, $4, $5::"StepStatus",
					CASE WHEN $6::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => $6::float8 * 86400) END,
					"organizationId", id, now()
				 FROM "Sequence" WHERE id = $7`,
				[id, order, talkingPoints, daysAfter, status, dueInDays, sequenceId],
			)
			return id
		},
		async setFeatureFlag(email: string, key: string) {
			await client.query(
				`INSERT INTO "FeatureFlag" (id, key, value, "userId", "updatedAt")
				 SELECT $1, $2, 'true', id, now() FROM "User" WHERE email = $3
				 ON CONFLICT ("userId", key) DO UPDATE SET value = 'true'`,
				[`flag_${randomUUID().replaceAll('-', '')}`, key, email],
			)
		},
		async requireGmailGrant(email: string) {
			await client.query(`UPDATE "User" SET "shouldResetGmailScope" = true WHERE email = $1`, [email])
		},
	}
}
