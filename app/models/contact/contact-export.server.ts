import { Prisma } from '#app/generated/prisma/client.ts'
import { type ContactFilter, type ContactSelection } from '#app/schemas/contact-filter.ts'
import { csvRow } from '#app/utils/csv.ts'
import { prisma } from '#app/utils/db.server.ts'
import { contactFilterConditions, contactOrderBy } from './contact-filter.server.ts'

export const CONTACT_EXPORT_COLUMNS = [
	'First Name',
	'Last Name',
	'Email',
	'Phone',
	'LinkedIn',
	'Role',
	'Company',
	'Status',
	'Tags',
	'Campaigns',
	'Created At',
] as const

/** Rows fetched per query: large enough to be quick, small enough to keep memory flat at a million rows. */
export const CONTACT_EXPORT_BATCH_SIZE = 5_000

/** What to export: listed ids, or every contact matching the filter the user saw minus `excludeIds`. */
export type ContactExportTarget = {
	selection: ContactSelection
	filter: ContactFilter
	excludeIds?: string[]
}

type ExportRow = {
	id: string
	firstName: string
	lastName: string
	email: string | null
	phone: string | null
	linkedin: string | null
	role: string | null
	company: string | null
	status: string
	createdAt: Date
	/** The sort column as text, so the next batch starts exactly after this row (no time-zone round trip). */
	cursorKey: string
	tags: string | null
	campaigns: string | null
}

type Cursor = { key: string; id: string }

export function contactExportFilename(date = new Date()) {
	return `contacts-${date.toISOString().slice(0, 10)}.csv`
}

/**
 * The organization's contacts as a CSV stream, in the table's order. Batches are read by
 * keyset (sort column, id) as the consumer pulls, so a million rows never sit in memory and
 * a disconnected client stops the queries.
 */
export function streamContactsCsv(
	organizationId: string,
	target: ContactExportTarget,
	{ batchSize = CONTACT_EXPORT_BATCH_SIZE }: { batchSize?: number } = {},
): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder()
	// The next batch is read while the current one is written out, so the database and the
	// network work at the same time; still at most two batches in memory.
	let next: Promise<ExportRow[]> | null = null
	function read(cursor: Cursor | null) {
		const batch = readBatch(organizationId, target, cursor, batchSize)
		// A failure surfaces at the next pull; a cancelled download just drops the batch.
		batch.catch(() => {})
		return batch
	}
	return new ReadableStream<Uint8Array>({
		start(controller) {
			// The byte-order mark makes spreadsheet apps read the file as UTF-8 (accented names).
			controller.enqueue(encoder.encode(`\uFEFF${csvRow(CONTACT_EXPORT_COLUMNS)}`))
			next = read(null)
		},
		async pull(controller) {
			const rows = await (next ?? read(null))
			const last = rows.at(-1)
			next = last && rows.length === batchSize ? read({ key: last.cursorKey, id: last.id }) : null
			if (rows.length > 0) controller.enqueue(encoder.encode(rows.map(toCsvLine).join('')))
			if (!next) controller.close()
		},
	})
}

function toCsvLine(row: ExportRow) {
	return csvRow([
		row.firstName,
		row.lastName,
		row.email,
		row.phone,
		row.linkedin,
		row.role,
		row.company,
		row.status,
		row.tags,
		row.campaigns,
		row.createdAt,
	])
}

function targetConditions(
	organizationId: string,
	{ selection, filter, excludeIds = [] }: ContactExportTarget,
) {
	// Ids only count when the organization owns them; "all" is exactly the filter, nothing more.
	const conditions =
		selection === 'all'
			? [contactFilterConditions(organizationId, filter)]
			: [Prisma.sql`c."organizationId" = ${organizationId}`, Prisma.sql`c.id IN (${Prisma.join(selection)})`]
	if (excludeIds.length) conditions.push(Prisma.sql`c.id NOT IN (${Prisma.join(excludeIds)})`)
	return conditions
}

function cursorCondition(filter: ContactFilter, cursor: Cursor) {
	const comparison = filter.sortDirection === 'asc' ? Prisma.raw('>') : Prisma.raw('<')
	return filter.sortBy === 'firstName'
		? Prisma.sql`(c."firstName", c.id) ${comparison} (${cursor.key}, ${cursor.id})`
		: Prisma.sql`(c."createdAt", c.id) ${comparison} (${cursor.key}::timestamp(3), ${cursor.id})`
}

async function readBatch(
	organizationId: string,
	target: ContactExportTarget,
	cursor: Cursor | null,
	batchSize: number,
) {
	const conditions = targetConditions(organizationId, target)
	if (cursor) conditions.push(cursorCondition(target.filter, cursor))
	const cursorKey =
		target.filter.sortBy === 'firstName' ? Prisma.raw('c."firstName"') : Prisma.raw('c."createdAt"::text')
	return prisma.$queryRaw<ExportRow[]>`
		SELECT c.id, c."firstName", c."lastName", c.email, c.phone, c.linkedin, c.role,
			co.name AS company, c.status::text AS status, c."createdAt", ${cursorKey} AS "cursorKey",
			(SELECT string_agg(t.name, ', ' ORDER BY ct."createdAt", t.name)
				FROM "ContactTag" ct JOIN "Tag" t ON t.id = ct."tagId"
				WHERE ct."contactId" = c.id) AS tags,
			(SELECT string_agg(ca.name, ', ' ORDER BY cc."createdAt", ca.name)
				FROM "CampaignContact" cc JOIN "Campaign" ca ON ca.id = cc."campaignId"
				WHERE cc."contactId" = c.id) AS campaigns
		FROM "Contact" c
		LEFT JOIN "Company" co ON co.id = c."companyId"
		WHERE ${Prisma.join(conditions, ' AND ')}
		ORDER BY ${contactOrderBy(target.filter)}
		LIMIT ${batchSize}`
}
