import type { Task } from 'graphile-worker'
import { SearchContactsPayloadSchema } from '#app/jobs/search-contacts.ts'
import { runContactSearch } from '#app/models/contact-search/run-contact-search.server.ts'

/** Finds and ranks the people at each company of a contact search; the Queueable holds the result. */
export const searchContactsTask: Task = async (payload, helpers) => {
	const { queueableId } = SearchContactsPayloadSchema.parse(payload)
	await runContactSearch(queueableId, { isFinalAttempt: helpers.job.attempts >= helpers.job.max_attempts })
}
