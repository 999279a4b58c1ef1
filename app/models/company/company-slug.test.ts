import { expect, test } from 'vitest'
import { companySlug } from './company-slug.ts'

test('the lower-case slug of a company name', () => {
	expect(companySlug('Acme, Inc.')).toBe('acme-inc')
	expect(companySlug('  ACME   inc ')).toBe('acme-inc')
	expect(companySlug('Société Générale')).toBe('societe-generale')
	expect(companySlug('株式会社 ソニー')).toBe('株式会社-ソニー')
	expect(companySlug("Monk's Café")).toBe('monks-cafe')
	expect(companySlug('!!!')).toBe('!!!')
})
