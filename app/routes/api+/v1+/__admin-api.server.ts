import {
	pageOutOfRangeMessage,
	parseFilters,
	type CampaignsFiltersSchema,
	type DashboardFiltersSchema,
} from '#app/schemas/admin.ts'
import { type AdminPage } from '#app/models/admin/list-organizations.server.ts'
import { apiError } from '#app/utils/api.server.ts'
import { type z } from 'zod'

/** An admin table as JSON: `{ data, meta }`, or 400 `{ error, message, fields }` for refused filters. */
export async function adminTableJson<
	Schema extends typeof DashboardFiltersSchema | typeof CampaignsFiltersSchema,
	Row,
>(
	request: Request,
	schema: Schema,
	keys: readonly string[],
	list: (filters: z.output<Schema>) => Promise<AdminPage<Row>>,
) {
	const parsed = parseFilters(schema, new URL(request.url).searchParams, keys)
	if (!parsed.ok) {
		const [field, messages] = Object.entries(parsed.errors)[0]!
		return Response.json(
			{ error: 'validation_error', message: `${field}: ${messages[0]}`, fields: parsed.errors },
			{ status: 400 },
		)
	}
	const table = await list(parsed.value)
	if (table.outOfRange)
		return apiError(400, 'page_out_of_range', pageOutOfRangeMessage(table.page, table.pageCount))
	const { rows, outOfRange: _outOfRange, ...meta } = table
	return Response.json({ data: rows, meta: { ...meta, last_page: meta.pageCount } })
}
