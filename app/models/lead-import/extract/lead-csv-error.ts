/** A lead CSV that cannot be read: the message is the spec's ("Could not read file contents", "Could not parse CSV content"). */
export class LeadCsvError extends Error {
	override name = 'LeadCsvError'
}
