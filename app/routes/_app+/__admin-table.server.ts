import { data } from '@remix-run/node'
import {
	filtersToSearchParams,
	pageOutOfRangeMessage,
	parseFilters,
	rawFilterValues,
	type CampaignsFiltersSchema,
	type DashboardFiltersSchema,
	type FilterErrors,
} from '#app/schemas/admin.ts'
import { type AdminPage } from '#app/models/admin/list-organizations.server.ts'
import { type z } from 'zod'

/** The page's answer for a refused filter or a page past the last: 400, the form open with the messages. */
function refused(values: Record<string, string>, errors: FilterErrors) {
	return data({ table: null, values, errors, query: '', canonical: '' }, { status: 400 })
}

/**
 * An admin table's loader after the administrator check: read the filters from the URL, list, and
 * answer what the page renders (the applied filters' query without and with the page).
 */
export async function loadAdminTable<
	Schema extends typeof DashboardFiltersSchema | typeof CampaignsFiltersSchema,
	Row,
>(
	request: Request,
	schema: Schema,
	keys: readonly string[],
	list: (filters: z.output<Schema>) => Promise<AdminPage<Row>>,
) {
	const params = new URL(request.url).searchParams
	const values = rawFilterValues(params, keys)
	const parsed = parseFilters(schema, params, keys)
	if (!parsed.ok) return refused(values, parsed.errors)
	const table = await list(parsed.value)
	if (table.outOfRange) return refused(values, { page: [pageOutOfRangeMessage(table.page, table.pageCount)] })
	return data({
		table,
		values,
		errors: null,
		query: filtersToSearchParams({ ...parsed.value, page: 1 }).toString(),
		canonical: filtersToSearchParams(parsed.value).toString(),
	})
}
