/**
 * The lower-case slug of a company name: companies are de-duplicated by it within an
 * organization ("Acme, Inc." and "acme inc" are the same company). Letters of any script
 * survive, so non-Latin names do not all collapse to one slug.
 */
export function companySlug(name: string) {
	const slug = name
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		// "Monk's" and "Monks" are one name.
		.replace(/['’`]/g, '')
		.replace(/[^\p{L}\p{N}]+/gu, '-')
		.replace(/^-+|-+$/g, '')
	// A name of symbols only ("!!!") still needs a stable, distinct key.
	return slug || name.trim().toLowerCase().replace(/\s+/g, ' ')
}
