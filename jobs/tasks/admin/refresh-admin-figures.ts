import type { Task } from 'graphile-worker'
import { RefreshAdminFiguresPayloadSchema } from '#app/jobs/refresh-admin-figures.ts'
import { refreshOrganizationActivity } from '#app/models/admin/refresh-organization-activity.server.ts'

/** Each minute (jobs/crontab.ts): the admin area's per-organization contact figures. */
export const refreshAdminFiguresTask: Task = async (payload, helpers) => {
	RefreshAdminFiguresPayloadSchema.parse(payload)
	const count = await refreshOrganizationActivity()
	helpers.logger.debug(`Refreshed the admin figures of ${count} organizations`)
}
