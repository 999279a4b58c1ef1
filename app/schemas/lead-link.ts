import { LEAD_IMPORT_MESSAGES, type LinkClassification } from './lead-import.ts'
import { classifyLeadLink, parseLeadUrl } from './lead-link-classification.ts'

// The link a lead import starts from (spec "Link classification"), checked by the form and the
// server alike: an http(s) URL ("Invalid URL. Please enter a valid URL."), a LinkedIn post for the
// post source, and for Scrape link no LinkedIn page, which the server would have to read itself:
// LinkedIn shows posts' people, searches and profiles only to a signed-in member, so they come
// through the companion (a post) or as pasted text (decision 035).

export type CheckedLeadLink =
	{ ok: true; url: string; classification: LinkClassification } | { ok: false; code: string; message: string }

function isLinkedInHost(host: string) {
	const name = host.toLowerCase()
	return name === 'linkedin.com' || name.endsWith('.linkedin.com')
}

const LOGIN_WALLED_NETWORKS = /(^|\.)(x|twitter|facebook|instagram|xing|crunchbase)\.com$/i

function isLoginWalledNetwork(host: string) {
	return LOGIN_WALLED_NETWORKS.test(host)
}

export function checkLeadLink(
	text: string,
	type: 'LINK' | 'LINKEDIN_POST',
	/** The page's text or its people came with the link: nothing is fetched. */
	{ brought = false }: { brought?: boolean } = {},
): CheckedLeadLink {
	if (!text.trim()) return { ok: false, code: 'no_link', message: LEAD_IMPORT_MESSAGES.noLinkProvided }
	const url = parseLeadUrl(text)
	if (!url) return { ok: false, code: 'invalid_url', message: LEAD_IMPORT_MESSAGES.invalidUrl }
	const classification = classifyLeadLink(url.href)
	if (type === 'LINKEDIN_POST' && classification !== 'POST')
		return { ok: false, code: 'not_a_linkedin_post', message: LEAD_IMPORT_MESSAGES.notLinkedInPost }
	if (type === 'LINK' && !brought && isLinkedInHost(url.hostname)) {
		return classification === 'POST'
			? { ok: false, code: 'linkedin_post', message: LEAD_IMPORT_MESSAGES.linkedInPostAsLink }
			: { ok: false, code: 'linkedin_page', message: LEAD_IMPORT_MESSAGES.linkedInPageAsLink }
	}
	// A list of profiles on a network that shows it only to a signed-in member (followers, members, an
	// organization's people): fetched by the server it is a login wall, never the people. Public lists
	// (a GitHub organization's people, a Meetup group's members) are read like any page.
	if (type === 'LINK' && !brought && classification === 'NETWORK' && isLoginWalledNetwork(url.hostname))
		return { ok: false, code: 'network_page', message: LEAD_IMPORT_MESSAGES.networkPageAsLink }
	return { ok: true, url: url.href, classification }
}
