// Job `search_contacts`: one contact search (single or bulk; issue 15, decision 037), run by
// jobs/tasks/contact-search/search-contacts.ts, added with its Queueable by startContactSearch
// (a queueable's job: ./queueable-job.ts).
import { QueueableJobPayloadSchema } from './queueable-job.ts'

export const SEARCH_CONTACTS_TASK = 'search_contacts'

export const SearchContactsPayloadSchema = QueueableJobPayloadSchema
