import { industryOf, placeOf } from '../filter/filter-vocabulary.ts'

// Is this short piece of text a company's name? Pasted pages carry headings, navigation, labels and
// dates that look like list items; these rules keep them out (offline extraction, decision 027).

const NOISE = new Set(
	(
		'table of contents|contents|toc|home|homepage|about|about us|contact|contact us|pricing|plans|blog|news|' +
		'newsroom|press|login|log in|sign in|sign up|signup|register|get started|start free trial|book a demo|' +
		'request a demo|careers|jobs|privacy|privacy policy|terms|terms of service|terms and conditions|cookies|' +
		'cookie policy|imprint|impressum|legal|menu|search|products|product|solutions|features|resources|docs|' +
		'documentation|support|help|help center|faq|faqs|events|partners|company|team|our team|investors|' +
		'english|deutsch|français|back to top|read more|learn more|see more|show more|view all|see all|' +
		'subscribe|share|tweet|follow us|next|previous|prev|skip to content|all rights reserved|copyright|' +
		'sponsors|exhibitors|exhibitor list|agenda|speakers|schedule|venue|tickets|registration|overview|' +
		'introduction|conclusion|summary|final thoughts|key takeaways|takeaways|related posts|related articles|' +
		'comments|leave a comment|advertisement|sponsored|newsletter|this week|in this issue|links|' +
		'notes|note|date|time|location|booth|stand|hall|website|description|industry|name|company name|' +
		'employees|funding|founded|headquarters|hq|category|tags|status|source|sources|update|updates|' +
		'yes|no|n/a|none|other|others|misc|miscellaneous|tbd|todo|platinum|gold|silver|bronze|' +
		'platinum sponsors|gold sponsors|silver sponsors|bronze sponsors|startups|companies|highlights|' +
		'funding rounds|deals|acquisitions|top stories|quick links|useful links|navigation|main menu|footer|' +
		'header|sidebar|cart|checkout|my account|account|dashboard|settings|logout|log out|sign out|' +
		'monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|yesterday|tomorrow|' +
		// Web page furniture.
		'customers|our customers|case studies|testimonials|integrations|use cases|enterprise|developers|' +
		'changelog|security|trust|community|webinars|guides|academy|templates|marketplace|apps|why us|' +
		'how it works|platform|demo|contact sales|talk to sales|our partners|unsubscribe|view in browser|' +
		'view online|manage preferences|forward|reply|reply all|print|' +
		// Letters, notes and mail headers.
		'hi|hello|hey|dear|thanks|thank you|thanks again|cheers|best|best regards|kind regards|regards|' +
		'sincerely|warm regards|all the best|from|to|cc|bcc|subject|re|fw|fwd|sent|attendees|participants|' +
		'decisions|action items|next steps|next meeting|minutes|meeting notes|goals|questions|answers|' +
		'ps|p.s|signature|attachments|attachment|' +
		// Directory and portfolio filters.
		'portfolio|all|consumer|b2b|b2c|smb|smbs|load more|show all|filter|filters|sort by|categories|category'
	).split('|'),
)

const NOISE_PREFIX =
	/^(exhibitors|sponsors|speakers|booth|stand|hall|page|chapter|section|step|table of|posted|updated|published|written|by |top \d+|the best|list of|photo|image|figure|fig\.|source:|via |read |click|tap |download|watch|listen|join |register|subscribe|sign up|follow|share|see |view |visit |learn |get |try |check out|contact |email|call |phone|tel|fax|q[1-4] |fy\d|week |day \d|level |tier |track |room |session|workshop|keynote|panel|lunch|break|coffee|networking|doors open|welcome)/i

const MONTHS =
	'jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?'
const DATE_RE = new RegExp(
	`^((${MONTHS})\\.?\\s+\\d{1,2}(st|nd|rd|th)?(,?\\s+\\d{4})?|\\d{1,2}(st|nd|rd|th)?\\s+(${MONTHS})\\.?(\\s+\\d{4})?|(${MONTHS})\\s+\\d{4}|\\d{4}|\\d{1,4}[./-]\\d{1,2}[./-]\\d{1,4}|q[1-4]\\s*\\d{4})$`,
	'i',
)

/** Words allowed in lower case inside a capitalized name ("Bank of America", "Ben & Jerry's"). */
const CONNECTORS = new Set([
	'&',
	'and',
	'of',
	'for',
	'the',
	'de',
	'la',
	'le',
	'von',
	'van',
	'der',
	'du',
	'y',
	'+',
	'on',
	'in',
	'by',
	'at',
	'to',
])

/** Words that open a sentence rather than a name ("Yesterday Acme…"). */
const LEADING_NON_NAME = new Set(
	'the a an in on at last this that our their its and but so then also meanwhile yesterday today finally next first second third however plus startup company founder ceo meet why how what when where with from by for after before'.split(
		' ',
	),
)

/**
 * Whether `text` reads as a company's name. `strict` (plain lines, not list items) also wants each
 * word capitalized, so a sentence fragment ("We met them") does not pass.
 */
export function isLikelyName(text: string, { strict = false }: { strict?: boolean } = {}) {
	const name = text.trim()
	if (name.length < 2 || name.length > 60) return false
	const lower = name.toLowerCase().replace(/[.:!]+$/, '')
	if (NOISE.has(lower) || NOISE_PREFIX.test(lower) || DATE_RE.test(lower)) return false
	if (/^[\d\s.,:;%$€£#+\-–—/()]+$/.test(name)) return false
	// A title with its year ("LogiMAT 2026", "Top startups 2025"), or a place ("Norway", "Berlin").
	if (/\b(19|20)\d{2}$/.test(name) || placeOf(lower)) return false
	// An industry on its own is a directory's category ("Fintech"); a delimiter means a row, not a name.
	if (industryOf(lower) || /[;|\t]/.test(name)) return false
	if (/[?]|:$|:\s|https?:|[{}<>=]/.test(name) || (name.match(/,/g)?.length ?? 0) >= 2) return false
	// A sentence ends inside it: "Great. Thanks".
	if (/[a-z]{3,}\.\s+[A-Z]/.test(name)) return false
	const words = name.split(/\s+/)
	if (words.length > (strict ? 5 : 6)) return false
	const first = words[0]!
	if (!/^[\p{Lu}\p{N}]/u.test(first) && !/^[a-z0-9-]+\.[a-z]{2,}$/.test(first)) return false
	if (strict) {
		return words.every(
			(word) =>
				CONNECTORS.has(word.toLowerCase()) || /^[\p{Lu}\p{N}("'“]/u.test(word) || /\.[a-z]{2,}$/.test(word),
		)
	}
	return true
}

/** Trims sentence openers and trailing punctuation off a captured name: "Yesterday Acme," → "Acme". */
export function trimName(text: string) {
	const words = text
		.replace(/\*\*|__|`/g, '')
		.replace(/^["'“”‘’\s]+|["'“”‘’\s.,;:!]+$/g, '')
		.split(/\s+/)
		.filter(Boolean)
	// "Berlin-based Mondu", "Yesterday Acme".
	while (words.length > 1 && (LEADING_NON_NAME.has(words[0]!.toLowerCase()) || /-based$/i.test(words[0]!)))
		words.shift()
	// A booth or stand number after the name: "Acme Robotics (Booth 12)", "Acme — Stand B4".
	return words
		.join(' ')
		.replace(/\s*\((booth|stand|hall|table)[^)]*\)$/i, '')
		.replace(/\s*[,(]\s*$/, '')
		.trim()
}
