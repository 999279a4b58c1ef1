// The registrable domain of a website or an email ("https://www.eu.acme.co.uk/x" → "acme.co.uk"),
// to match a company's website to its people's addresses. A short list of two-part public suffixes
// covers the common country registries; the lockfile's tldts is a development dependency only.

const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc', 'ne', 'or', 'gv'])

/** Free mailboxes name no company: a gmail.com address says nothing about where someone works. */
const FREE_MAIL = new Set([
	'gmail.com',
	'googlemail.com',
	'yahoo.com',
	'hotmail.com',
	'outlook.com',
	'live.com',
	'icloud.com',
	'me.com',
	'aol.com',
	'proton.me',
	'protonmail.com',
	'gmx.com',
	'gmx.de',
	'web.de',
	'yandex.ru',
	'mail.ru',
])

export function registrableDomain(value: string | null | undefined): string | null {
	if (!value) return null
	const text = value.trim().toLowerCase()
	let host: string
	if (text.includes('@') && !text.includes('/')) host = text.slice(text.lastIndexOf('@') + 1)
	else {
		try {
			host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `https://${text}`).hostname
		} catch {
			return null
		}
	}
	const labels = host.replace(/\.$/, '').split('.').filter(Boolean)
	if (labels.length < 2 || labels.some((label) => !/^[a-z0-9-]+$/.test(label))) return null
	const tld = labels.at(-1)!
	const take = tld.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) && labels.length >= 3 ? 3 : 2
	return labels.slice(-take).join('.')
}

/** The company domain an email tells, or null for free mailboxes. */
export function companyDomainOfEmail(email: string | null | undefined) {
	const domain = registrableDomain(email)
	return domain && !FREE_MAIL.has(domain) ? domain : null
}

/** A LinkedIn company page's universal name: linkedin.com/company/<name>. */
export function linkedinCompanyName(url: string | null | undefined) {
	const match = url?.match(/linkedin\.com\/(?:company|school|showcase)\/([^/?#]+)/i)
	if (!match) return null
	try {
		return decodeURIComponent(match[1]!).toLowerCase()
	} catch {
		return match[1]!.toLowerCase()
	}
}
