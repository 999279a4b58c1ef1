// Job `parse_document`: extracts an uploaded PDF's text into its Queueable's result, page by page
// (runDocumentParse in app/models/document); run by jobs/tasks/documents/parse-document.ts, added
// by startDocumentParse through createQueueable (a queueable's job: ./queueable-job.ts).
import { QueueableJobPayloadSchema } from './queueable-job.ts'

export const PARSE_DOCUMENT_TASK = 'parse_document'

export const ParseDocumentPayloadSchema = QueueableJobPayloadSchema
