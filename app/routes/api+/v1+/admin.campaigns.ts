import { type LoaderFunctionArgs } from '@remix-run/node'
import { listAdminCampaigns } from '#app/models/admin/list-campaigns.server.ts'
import { requireApiPlatformAdmin } from '#app/models/admin/require-platform-admin.server.ts'
import { CAMPAIGNS_FILTER_KEYS, CampaignsFiltersSchema } from '#app/schemas/admin.ts'
import { adminTableJson } from './__admin-api.server.ts'

// GET ?activeSubscription&autoLeads&noContactsSince&contactsAdded=1&page&search
// → { data: campaigns across organizations, meta }. Administrators only.
export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiPlatformAdmin(request)
	return adminTableJson(request, CampaignsFiltersSchema, CAMPAIGNS_FILTER_KEYS, (filters) =>
		listAdminCampaigns(filters),
	)
}
