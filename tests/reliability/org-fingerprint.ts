import { prisma } from '#app/utils/db.server.ts'

// What an organization owns, as one cheap fingerprint: for every table with an `organizationId`
// (and every table that points at one of those, such as ContactTag), the row count and an md5 of
// its rows' text. Read from the catalog, so a table added tomorrow is in it. Sessions and users are
// not (signing in is not a write to the organization's data).

type ScopedTable = { table: string; where: string }

let scopedTables: Promise<ScopedTable[]> | undefined

async function readScopedTables(): Promise<ScopedTable[]> {
	const columns = await prisma.$queryRaw<Array<{ table: string }>>`
		SELECT table_name AS "table" FROM information_schema.columns
		WHERE table_schema = 'public' AND column_name = 'organizationId' ORDER BY table_name`
	const owned = new Set(columns.map((row) => row.table))
	const foreignKeys = await prisma.$queryRaw<Array<{ table: string; column: string; parent: string }>>`
		SELECT child.relname AS "table", attribute.attname AS "column", parent.relname AS "parent"
		FROM pg_constraint constraint_
		JOIN pg_class child ON child.oid = constraint_.conrelid
		JOIN pg_class parent ON parent.oid = constraint_.confrelid
		JOIN pg_namespace namespace ON namespace.oid = child.relnamespace AND namespace.nspname = 'public'
		JOIN pg_attribute attribute
			ON attribute.attrelid = child.oid AND attribute.attnum = constraint_.conkey[1]
		WHERE constraint_.contype = 'f' AND array_length(constraint_.conkey, 1) = 1
		ORDER BY 1, 2`
	const tables: ScopedTable[] = [{ table: 'Organization', where: 'x."id" = $1' }]
	for (const table of owned) tables.push({ table, where: 'x."organizationId" = $1' })
	const linked = new Map<string, string[]>()
	for (const { table, column, parent } of foreignKeys) {
		if (owned.has(table) || table === 'Organization' || !owned.has(parent)) continue
		const condition = `x."${column}" IN (SELECT id FROM "${parent}" WHERE "organizationId" = $1)`
		linked.set(table, [...(linked.get(table) ?? []), condition])
	}
	for (const [table, conditions] of linked) tables.push({ table, where: conditions.join(' OR ') })
	return tables
}

export type Fingerprint = Record<string, string>

/**
 * The organization's fingerprint: `{ table: "count:md5" }`. With `jobs`, the job queue's size and
 * newest id too (a refused request must not queue work; a test file has its database to itself).
 */
export async function fingerprint(organizationId: string, { jobs = false } = {}): Promise<Fingerprint> {
	scopedTables ??= readScopedTables()
	const tables = await scopedTables
	const selects = tables.map(
		({ table, where }) =>
			`SELECT '${table}' AS name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS value FROM "${table}" x WHERE ${where}`,
	)
	if (jobs)
		selects.push(
			`SELECT 'graphile_worker.jobs' AS name, count(*)::text || ':' || coalesce(max(id)::text, '') FROM graphile_worker._private_jobs`,
		)
	const rows = await prisma.$queryRawUnsafe<Array<{ name: string; value: string }>>(
		selects.join(' UNION ALL '),
		organizationId,
	)
	return Object.fromEntries(rows.map((row) => [row.name, row.value]))
}

/** The tables whose fingerprint differs, for a failure message. */
export function changedTables(before: Fingerprint, after: Fingerprint) {
	return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table])
}

/**
 * Which of `ids` (another organization's) appear in this organization's rows, named by table and
 * column: a row of ours pointing at theirs is a cross-organization write even when nothing of
 * theirs changed. A free-text column (a name, a description, metadata) that merely quotes an id
 * the fuzz typed in points at nothing, so only reference columns count: those ending in `Id`/`Ids`.
 */
export async function foreignIdsInRows(organizationId: string, ids: string[]) {
	scopedTables ??= readScopedTables()
	const tables = await scopedTables
	const selects = tables.map(
		({ table, where }) =>
			`SELECT '${table}' AS name, field.key AS column, field.value AS text
			FROM "${table}" x, jsonb_each_text(to_jsonb(x)) field
			WHERE ${where} AND field.key ~ '(Id|Ids|^id)$' AND field.value LIKE ANY ($2)`,
	)
	const rows = await prisma.$queryRawUnsafe<Array<{ name: string; column: string; text: string }>>(
		selects.join(' UNION ALL '),
		organizationId,
		ids.map((id) => `%${id}%`),
	)
	const found: string[] = []
	for (const row of rows) {
		for (const id of ids) if (row.text.includes(id)) found.push(`${row.name}.${row.column} holds ${id}`)
	}
	return found
}
