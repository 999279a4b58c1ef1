// Job `import_companies`: a company import's processing (parse → validate, de-duplicate, enrich →
// PREVIEWING), runCompanyImport in app/models/company-import; run by
// jobs/tasks/companies/import-companies.ts, added with its Queueable by the import's start and
// mapping steps (a queueable's job: ./queueable-job.ts).
import { QueueableJobPayloadSchema } from './queueable-job.ts'

export const IMPORT_COMPANIES_TASK = 'import_companies'

export const ImportCompaniesPayloadSchema = QueueableJobPayloadSchema
