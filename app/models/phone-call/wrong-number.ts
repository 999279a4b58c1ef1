// A call logged as a wrong number flags the contact (Contact.metadata, a string map): the number
// called and when. The Calls page warns while the contact's phone is still that number; editing
// the phone clears the warning without anyone having to remember to.

export const WRONG_NUMBER_KEY = 'wrongPhoneNumber'
export const WRONG_NUMBER_AT_KEY = 'wrongPhoneNumberAt'

export function readWrongNumber(metadata: unknown): { number: string; at: string } | null {
	if (!metadata || typeof metadata !== 'object') return null
	const record = metadata as Record<string, unknown>
	const number = record[WRONG_NUMBER_KEY]
	const at = record[WRONG_NUMBER_AT_KEY]
	return typeof number === 'string' && typeof at === 'string' ? { number, at } : null
}
