import { expect, test } from 'vitest'
import { companyDomainOfEmail, linkedinCompanyName, registrableDomain } from './registrable-domain.ts'

test('the registrable domain of websites and emails, two-part suffixes included', () => {
	expect(registrableDomain('https://www.eu.acme.com/about?x=1')).toBe('acme.com')
	expect(registrableDomain('acme.co.uk')).toBe('acme.co.uk')
	expect(registrableDomain('https://shop.acme.co.uk')).toBe('acme.co.uk')
	expect(registrableDomain('Ada@Mail.Acme.COM')).toBe('acme.com')
	expect(registrableDomain('localhost')).toBeNull()
	expect(registrableDomain('')).toBeNull()
	expect(registrableDomain('not a url at all')).toBeNull()
})

test('free mailboxes name no company; LinkedIn company pages give their universal name', () => {
	expect(companyDomainOfEmail('someone@gmail.com')).toBeNull()
	expect(companyDomainOfEmail('someone@initech.io')).toBe('initech.io')
	expect(linkedinCompanyName('https://www.linkedin.com/company/Initech/about/')).toBe('initech')
	expect(linkedinCompanyName('https://www.linkedin.com/in/ada')).toBeNull()
})
