// Job `refresh_admin_figures` (decision 043): cron every minute (jobs/crontab.ts); recomputes every
// organization's contact figures for the admin area. Run by jobs/tasks/admin/refresh-admin-figures.ts.
import { CronPayloadSchema } from './cron-payload.ts'

export const REFRESH_ADMIN_FIGURES_TASK = 'refresh_admin_figures'

export const RefreshAdminFiguresPayloadSchema = CronPayloadSchema
