import { type LoaderFunctionArgs } from '@remix-run/node'
import { listAdminActions } from '#app/models/admin/audit-log.server.ts'
import { requireApiPlatformAdmin } from '#app/models/admin/require-platform-admin.server.ts'

// GET → { data: the latest 50 administrator actions, newest first }. Administrators only.
export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiPlatformAdmin(request)
	return Response.json({ data: await listAdminActions() })
}
