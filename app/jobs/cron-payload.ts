// The payload of a task Graphile Worker's cron starts (jobs/crontab.ts): cron sends
// `{ _cron: { ts, backfilled } }`; a manual run may send nothing.
import { z } from 'zod'

export const CronPayloadSchema = z.looseObject({}).nullish()
