import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'

/**
 * Readable text from HTML: Mozilla's Readability (Firefox's reader view) on a linkedom document,
 * turned into lines that keep the page's blocks apart. Readability is built for articles; a
 * company's home page or a list of companies often loses most of its text to it, so when it keeps
 * less than half of the page's own text, the page's text without navigation and footers wins.
 */

export type HtmlDocument = ReturnType<typeof parseHTML>['document']

export function parseHtmlDocument(html: string): HtmlDocument {
	return parseHTML(html).document
}

export type ReadableText = { title: string | null; text: string }

const BLOCK_TAGS = new Set([
	'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION',
	'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV',
	'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TBODY', 'THEAD', 'TFOOT', 'TR', 'UL',
]) // prettier-ignore
const NEVER_TEXT = new Set([
	'SCRIPT',
	'STYLE',
	'NOSCRIPT',
	'TEMPLATE',
	'SVG',
	'CANVAS',
	'IFRAME',
	'OBJECT',
	'HEAD',
	'SELECT',
])
/** Page furniture left out of the whole-page text. */
const FURNITURE = new Set(['NAV', 'FOOTER', 'ASIDE', 'DIALOG'])
const FURNITURE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'dialog', 'alert'])

/** Reads the document's text; Readability changes the document, so call it after anything else that reads it. */
export function readableText(document: HtmlDocument): ReadableText {
	const title = cleanTitle(document.title)
	const body = document.body ?? document.documentElement
	const pageText = body ? textOf(body, { skipFurniture: true }) : ''
	let article: ReturnType<Readability['parse']> = null
	// Readability on linkedom grows faster than linearly with nesting and size (a page nested 1,000
	// deep took over a minute): big or deep pages get the page text, never a stalled process.
	// The whole document is measured: a fragment without <body> would otherwise escape the check.
	const whole = document.documentElement ?? body
	if (whole && !fitsReadability(whole)) return { title: title || null, text: pageText }
	try {
		// keepClasses off and no images: we only want the text.
		article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse()
	} catch {
		article = null
	}
	const articleText = article?.content ? textOf(parseHtmlDocument(article.content).documentElement) : ''
	const text = articleText.length >= pageText.length / 2 ? articleText : pageText
	return { title: title || cleanTitle(article?.title) || null, text }
}

const READABILITY_MAX_ELEMENTS = 4_000
const READABILITY_MAX_DEPTH = 48

function fitsReadability(root: unknown) {
	let elements = 0
	const stack: Array<{ node: TextNode; depth: number }> = [{ node: root as TextNode, depth: 0 }]
	while (stack.length) {
		const { node, depth } = stack.pop()!
		if (node.nodeType !== 1) continue
		if (++elements > READABILITY_MAX_ELEMENTS || depth > READABILITY_MAX_DEPTH) return false
		const children = node.childNodes
		for (let index = 0; index < children.length; index++)
			stack.push({ node: children[index]!, depth: depth + 1 })
	}
	return true
}

type TextNode = {
	nodeType: number
	nodeName: string
	textContent: string | null
	childNodes: ArrayLike<TextNode>
}

/** The element's text, a line per block; iterative, so a hostile page nested 100,000 deep cannot overflow the stack. */
export function textOf(root: unknown, { skipFurniture = false } = {}): string {
	const out: string[] = []
	// Each entry is a node to visit or a string to emit once its children are done.
	const stack: Array<TextNode | string> = [root as TextNode]
	while (stack.length) {
		const item = stack.pop()!
		if (typeof item === 'string') {
			out.push(item)
			continue
		}
		if (item.nodeType === 3) {
			out.push((item.textContent ?? '').replace(/\s+/g, ' '))
			continue
		}
		if (item.nodeType !== 1 && item.nodeType !== 9 && item.nodeType !== 11) continue
		const tag = item.nodeName.toUpperCase()
		if (NEVER_TEXT.has(tag)) continue
		if (skipFurniture && isFurniture(item, tag)) continue
		if (tag === 'BR') {
			out.push('\n')
			continue
		}
		const block = BLOCK_TAGS.has(tag)
		if (block) out.push('\n')
		if (tag === 'LI') out.push('- ')
		if (tag === 'TD' || tag === 'TH') out.push('\t')
		if (block) stack.push('\n')
		const children = item.childNodes
		for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!)
	}
	return tidyLines(out.join(''))
}

function isFurniture(node: TextNode, tag: string) {
	if (FURNITURE.has(tag)) return true
	const element = node as unknown as { getAttribute?: (name: string) => string | null }
	const role = element.getAttribute?.('role')
	if (role && FURNITURE_ROLES.has(role.toLowerCase())) return true
	// Hidden blocks (menus, cookie banners) are not what the page says.
	return element.getAttribute?.('aria-hidden') === 'true' || element.getAttribute?.('hidden') != null
}

function tidyLines(text: string) {
	const lines: string[] = []
	for (const raw of text.split('\n')) {
		const line = raw.replace(/[ \t\u00a0]+/g, (run) => (run.includes('\t') ? '\t' : ' ')).trim()
		if (!line && (!lines.length || lines[lines.length - 1] === '')) continue
		lines.push(line)
	}
	while (lines.length && lines[lines.length - 1] === '') lines.pop()
	return lines.join('\n')
}

function cleanTitle(title: string | null | undefined) {
	return (title ?? '').replace(/\s+/g, ' ').trim()
}
