import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js'

// Phone numbers as people type them into contacts ("(415) 555-0132", "+44 20 7946 0958",
// "020 7946 0958 ext. 12"): read with libphonenumber-js, shown formatted, dialled through tel:.

/** A two-letter country code libphonenumber knows ("US", "gb" → "GB"), else undefined. */
export function phoneCountry(value: unknown): CountryCode | undefined {
	if (typeof value !== 'string') return undefined
	const code = value.trim().toUpperCase()
	return code.length === 2 && isSupportedCountry(code) ? code : undefined
}

/**
 * The number formatted and its tel: link. A number that parses (international, or national with
 * the country known) is shown in international format and dialled in E.164 (with its extension);
 * anything else is shown as typed and dialled with only its digits and a leading + (no link
 * without a digit).
 */
export function formatPhoneNumber(raw: string, defaultCountry?: CountryCode) {
	const text = raw.trim()
	const parsed = parsePhoneNumberFromString(text, defaultCountry)
	if (parsed && parsed.isPossible()) {
		const extension = parsed.ext ? `;ext=${parsed.ext}` : ''
		return {
			display: parsed.formatInternational(),
			href: `tel:${parsed.number}${extension}`,
			parsed: true,
		}
	}
	const dialable = text.replace(/(?!^\+)[^\d]/g, '')
	return { display: text, href: /\d/.test(dialable) ? `tel:${dialable}` : null, parsed: false }
}
