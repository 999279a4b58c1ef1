/** A CSV file that cannot be read; the message is the spec's words (or a clear sentence) and safe to show. */
export class CompanyCsvError extends Error {
	override name = 'CompanyCsvError'
}
