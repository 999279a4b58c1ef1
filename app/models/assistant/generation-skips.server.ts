import { Prisma } from '#app/generated/prisma/client.ts'
import { sequenceStatusLabel } from '#app/schemas/sequence-progress.ts'
import { prisma } from '#app/utils/db.server.ts'

// Who a Generate Sequences run leaves out, and why — said before the click (the form lists them)
// and applied by the run itself, from the same SQL, so the two never disagree (decision 045).

/**
 * The contact (`contactId`, an SQL expression) has an open sequence: one being generated, a draft,
 * an active one, or one paused by hand or by a failure. A sequence a reply stopped is not open:
 * the conversation it started is over, so a new sequence may follow it.
 */
export function hasOpenSequenceSql(contactId: Prisma.Sql) {
	return Prisma.sql`EXISTS (${openSequencesSql(contactId, Prisma.sql`1`)})`
}

function openSequencesSql(contactId: Prisma.Sql, columns: Prisma.Sql) {
	return Prisma.sql`SELECT ${columns} FROM "Sequence" s WHERE s."contactId" = ${contactId}
		AND (s.status IN ('CREATING', 'PENDING', 'ACTIVE')
			OR (s.status = 'PAUSED' AND NOT EXISTS (
				SELECT 1 FROM "SequenceEvent" e WHERE e."sequenceId" = s.id AND e.type = 'REPLY')))`
}

/** A contact is skipped for having no email address, or for an open sequence. */
export function generationEligibleSql(contact: Prisma.Sql) {
	return Prisma.sql`(coalesce(btrim(${contact}.email), '') <> '' AND NOT ${hasOpenSequenceSql(Prisma.sql`${contact}.id`)})`
}

export const GENERATION_SKIP_REASONS = {
	noEmail: 'No email address',
	openSequence: (label: string) => `Already has an open sequence (${label})`,
} as const

/** The most skipped contacts named one by one; the rest are counted. */
export const NAMED_SKIPS_LIMIT = 50

export type GenerationSkips = {
	/** Contacts a run would write a draft for. */
	eligible: number
	skipped: number
	/** The first NAMED_SKIPS_LIMIT skipped contacts with their reason. */
	contacts: Array<{ id: string; name: string; reason: string }>
}

/** What a run over `contactsSql` (a query of contact ids, column `id`) would skip, and why. */
export async function describeGenerationSkips(contactsSql: Prisma.Sql): Promise<GenerationSkips> {
	const rows = await prisma.$queryRaw<
		Array<{
			id: string | null
			name: string | null
			no_email: boolean | null
			open_status: string | null
			eligible: number
			skipped: number
		}>
	>`
		WITH picked AS (${contactsSql}),
		judged AS (
			SELECT c.id, concat_ws(' ', c."firstName", c."lastName") AS name, c."createdAt",
				coalesce(btrim(c.email), '') = '' AS no_email,
				(${openSequencesSql(Prisma.sql`c.id`, Prisma.sql`s.status::text`)} ORDER BY s."createdAt" DESC LIMIT 1) AS open_status
			FROM "Contact" c JOIN picked ON picked.id = c.id
		),
		counts AS (
			SELECT count(*) FILTER (WHERE NOT no_email AND open_status IS NULL)::int AS eligible,
				count(*) FILTER (WHERE no_email OR open_status IS NOT NULL)::int AS skipped
			FROM judged
		)
		SELECT named.id, named.name, named.no_email, named.open_status, counts.eligible, counts.skipped
		FROM counts LEFT JOIN LATERAL (
			SELECT * FROM judged WHERE no_email OR open_status IS NOT NULL
			ORDER BY "createdAt", id LIMIT ${NAMED_SKIPS_LIMIT}
		) named ON true`
	const first = rows[0]
	return {
		eligible: first?.eligible ?? 0,
		skipped: first?.skipped ?? 0,
		contacts: rows
			.filter((row): row is typeof row & { id: string } => row.id !== null)
			.map((row) => ({
				id: row.id,
				name: row.name || 'Unnamed contact',
				reason: row.no_email
					? GENERATION_SKIP_REASONS.noEmail
					: GENERATION_SKIP_REASONS.openSequence(sequenceStatusLabel(row.open_status ?? '', 0)),
			})),
	}
}
