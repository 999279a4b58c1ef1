import { type ContactCandidate } from '#app/schemas/contact-search.ts'

/** A candidate for unit tests: only what a test names is set. */
export function testCandidate(key: string, fields: Partial<ContactCandidate> = {}): ContactCandidate {
	return {
		key,
		source: 'LINKEDIN',
		firstName: key,
		lastName: 'Test',
		email: null,
		phone: null,
		role: null,
		roleDetails: null,
		summary: null,
		location: null,
		linkedinUrl: null,
		companyName: 'Acme',
		companyId: null,
		existingContactId: null,
		...fields,
	}
}
