import { expect, test } from 'vitest'
import { formatPhoneNumber, phoneCountry } from './phone-number.ts'

test('an international number: formatted, dialled in E.164 with its extension', () => {
	expect(formatPhoneNumber('+1 (415) 555-0132')).toEqual({
		display: '+1 415 555 0132',
		href: 'tel:+14155550132',
		parsed: true,
	})
	expect(formatPhoneNumber('+44 20 7946 0958 ext. 12')).toMatchObject({
		display: '+44 20 7946 0958 x12',
		href: 'tel:+442079460958;ext=12',
	})
})

test('a national number: parsed with a known country, else shown as typed and dialled with its digits', () => {
	expect(formatPhoneNumber('020 7946 0958', phoneCountry('gb'))).toMatchObject({
		display: '+44 20 7946 0958',
		href: 'tel:+442079460958',
	})
	expect(formatPhoneNumber('(415) 555-0132')).toEqual({
		display: '(415) 555-0132',
		href: 'tel:4155550132',
		parsed: false,
	})
	expect(formatPhoneNumber('ask the front desk').href).toBeNull()
})

test('only two-letter codes libphonenumber knows are countries', () => {
	expect(phoneCountry('US')).toBe('US')
	expect(phoneCountry('United States')).toBeUndefined()
	expect(phoneCountry('XX')).toBeUndefined()
	expect(phoneCountry(null)).toBeUndefined()
})
