import { type LoaderFunctionArgs } from '@remix-run/node'
import { listAdminOrganizations } from '#app/models/admin/list-organizations.server.ts'
import { requireApiPlatformAdmin } from '#app/models/admin/require-platform-admin.server.ts'
import { DASHBOARD_FILTER_KEYS, DashboardFiltersSchema } from '#app/schemas/admin.ts'
import { adminTableJson } from './__admin-api.server.ts'

// GET ?activeSubscription&autoLeads&noContactsSince&createdAfter&leadsContacted=1&page&search
// → { data: organizations, meta: { total, page, pageCount, pageSize, last_page } }. Administrators only.
export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiPlatformAdmin(request)
	return adminTableJson(request, DashboardFiltersSchema, DASHBOARD_FILTER_KEYS, (filters) =>
		listAdminOrganizations(filters),
	)
}
