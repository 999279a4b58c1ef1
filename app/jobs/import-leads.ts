// Job `import_leads`: a lead import's extraction (source → leads → READY for review),
// runLeadImport in app/models/lead-import; run by jobs/tasks/leads/import-leads.ts, added with
// its Queueable by the import's start (a queueable's job: ./queueable-job.ts).
import { QueueableJobPayloadSchema } from './queueable-job.ts'

export const IMPORT_LEADS_TASK = 'import_leads'

export const ImportLeadsPayloadSchema = QueueableJobPayloadSchema
