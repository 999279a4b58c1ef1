import { TEXT_FORMAT, type EditorNode, type EditorState } from './editor-state.ts'
import { HEADING_TAGS, paragraphNode, rootNode, textNode } from './nodes.ts'
import { safeLinkUrl } from './safe-html.ts'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decodeEntities(text: string) {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
		if (entity[0] === '#') {
			const code =
				entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10)
			return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match
		}
		return ENTITIES[entity.toLowerCase()] ?? match
	})
}

const INLINE_FORMATS: Record<string, number> = {
	strong: TEXT_FORMAT.bold,
	b: TEXT_FORMAT.bold,
	em: TEXT_FORMAT.italic,
	i: TEXT_FORMAT.italic,
	s: TEXT_FORMAT.strikethrough,
	strike: TEXT_FORMAT.strikethrough,
	del: TEXT_FORMAT.strikethrough,
	u: TEXT_FORMAT.underline,
	code: TEXT_FORMAT.code,
}
const HTML_MAX_NESTING = 16
const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'li'])
const SKIPPED_TAGS = new Set(['script', 'style', 'head', 'title', 'template'])

/**
 * Simple HTML (what email editors and our own renderer produce: p, div, br, headings, quotes,
 * lists, inline formats, https links) as an editor state. Anything else keeps its text only.
 */
export function htmlToEditorJson(html: string): EditorState {
	const root: EditorNode = { type: 'root', children: [] }
	// Open element nodes; the bottom one is the root.
	const stack: Array<{ node: EditorNode; tag: string }> = [{ node: root, tag: '#root' }]
	let format = 0
	const formatStack: Array<{ tag: string; previous: number }> = []
	let skipping: string | null = null

	const top = () => stack[stack.length - 1]!.node
	// Beyond a sane nesting, further blocks, lists, links and formats are ignored (their text
	// stays), so hostile markup costs linear time and cannot overflow the stack.
	const tooDeep = () => stack.length >= HTML_MAX_NESTING
	function listItem(list: EditorNode, tag: string) {
		const item: EditorNode = {
			type: 'listitem',
			children: [],
			value: list.children!.length + 1,
			indent: 0,
			version: 1,
		}
		list.children!.push(item)
		stack.push({ node: item, tag })
		return item
	}
	// Inline content needs a block: at the top level a paragraph is opened for it, in a list an item.
	function inlineParent() {
		const current = top()
		if (current.type === 'list') return listItem(current, '#implicit')
		if (current.type !== 'root') return current
		const paragraph = paragraphNode([])
		current.children!.push(paragraph)
		stack.push({ node: paragraph, tag: '#implicit' })
		return paragraph
	}
	function closeTag(tag: string) {
		const index = stack.map((entry) => entry.tag).lastIndexOf(tag)
		if (index > 0) stack.length = index
	}
	// A block closes the inline containers (paragraph, heading, link) it appears in.
	function openBlock(node: EditorNode, tag: string) {
		while (stack.length > 1 && ['paragraph', 'heading', 'link'].includes(top().type)) stack.pop()
		const container = top()
		const parent =
			container.type === 'list' && node.type !== 'listitem' ? listItem(container, '#implicit') : container
		parent.children!.push(node)
		stack.push({ node, tag })
	}

	const tokens = html.replace(/<!--[\s\S]*?-->/g, '').split(/(<\/?[a-zA-Z][^>]*>)/)
	for (const token of tokens) {
		if (!token) continue
		const tagMatch = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>$/.exec(token)
		if (!tagMatch) {
			if (skipping) continue
			const text = decodeEntities(token.replace(/\s+/g, ' '))
			if (!text.trim() && (top().type === 'root' || top().type === 'list')) continue
			inlineParent().children!.push(textNode(text, format))
			continue
		}
		const [, closing, rawTag, attributes = ''] = tagMatch
		const tag = rawTag!.toLowerCase()
		if (skipping) {
			if (closing && tag === skipping) skipping = null
			continue
		}
		if (SKIPPED_TAGS.has(tag)) {
			if (!closing && !/\/\s*$/.test(attributes)) skipping = tag
			continue
		}
		if (tag in INLINE_FORMATS) {
			if (closing) {
				const index = formatStack.map((entry) => entry.tag).lastIndexOf(tag)
				if (index >= 0) {
					format = formatStack[index]!.previous
					formatStack.length = index
				}
			} else if (formatStack.length < HTML_MAX_NESTING) {
				formatStack.push({ tag, previous: format })
				format |= INLINE_FORMATS[tag]!
			}
			continue
		}
		if (tag === 'br') {
			inlineParent().children!.push({ type: 'linebreak', version: 1 })
			continue
		}
		if (tag === 'a') {
			if (closing) closeTag('a')
			else {
				const href = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes)
				const url = safeLinkUrl(decodeEntities(href?.[2] ?? href?.[3] ?? href?.[4] ?? ''))
				if (url && !tooDeep()) {
					const link: EditorNode = {
						type: 'link',
						url,
						rel: 'noreferrer',
						target: null,
						title: null,
						children: [],
						version: 1,
					}
					inlineParent().children!.push(link)
					stack.push({ node: link, tag: 'a' })
				}
			}
			continue
		}
		if (tag === 'ul' || tag === 'ol') {
			if (closing) closeTag(tag)
			else if (!tooDeep()) {
				const list: EditorNode = {
					type: 'list',
					listType: tag === 'ol' ? 'number' : 'bullet',
					tag,
					start: 1,
					children: [],
					version: 1,
				}
				openBlock(list, tag)
			}
			continue
		}
		if (BLOCK_TAGS.has(tag)) {
			if (closing) {
				closeTag(tag)
				continue
			}
			const parent = top()
			if (tooDeep() && tag !== 'li') continue
			if (tag === 'li') {
				if (parent.type === 'listitem') stack.pop()
				if (top().type === 'list') listItem(top(), 'li')
				else if (!tooDeep()) openBlock(paragraphNode([]), 'li')
			} else if (tag === 'blockquote') {
				openBlock({ type: 'quote', children: [], version: 1 }, tag)
			} else if (HEADING_TAGS.has(tag)) {
				openBlock({ type: 'heading', tag, children: [], version: 1 }, tag)
			} else if (parent.type !== 'quote' && parent.type !== 'listitem') {
				// p and div: inside a quote or list item their text joins that block.
				openBlock(paragraphNode([]), tag)
			}
			continue
		}
		// Other tags (span, font, table…) are transparent: their text stays.
	}
	const blocks = (root.children ?? []).filter(
		(block) =>
			block.type !== 'paragraph' ||
			(block.children ?? []).some((child) => child.type !== 'text' || child.text?.trim()),
	)
	for (const block of blocks) trimBlock(block)
	return rootNode(blocks)
}

/** Drops the whitespace HTML indentation leaves at the edges of a block. */
function trimBlock(block: EditorNode) {
	const children = block.children ?? []
	const first = children[0]
	if (first?.type === 'text') first.text = first.text!.replace(/^\s+/, '')
	const last = children[children.length - 1]
	if (last?.type === 'text') last.text = last.text!.replace(/\s+$/, '')
	block.children = children.filter((child) => child.type !== 'text' || child.text)
	for (const child of block.children) if (child.type === 'list' || child.type === 'listitem') trimBlock(child)
}
