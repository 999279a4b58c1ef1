import { z } from 'zod'

// Email bodies are kept three ways: the editor's (Lexical) serialized state, the HTML we send
// and show, and plain text for the text/plain part and previews. This module converts between
// them on the server and in the browser, without a DOM. Only the nodes our editor produces are
// rendered; unknown element nodes keep their text, unknown leaves are dropped. Every piece of
// text is escaped and only https links become <a> (anything else stays plain text), so the
// HTML is safe to show in the app whatever JSON a client sends.

export const EDITOR_MAX_DEPTH = 32
export const EDITOR_MAX_NODES = 20_000

export const TEXT_FORMAT = { bold: 1, italic: 2, strikethrough: 4, underline: 8, code: 16 } as const

export type EditorNode = {
	type: string
	children?: EditorNode[]
	text?: string
	format?: number | string
	tag?: string
	listType?: string
	start?: number
	url?: string
	[key: string]: unknown
}
export type EditorState = { root: EditorNode & { type: 'root'; children: EditorNode[] } }

const NodeSchema: z.ZodType<EditorNode> = z.lazy(() =>
	z.looseObject({
		type: z.string(),
		children: z.array(NodeSchema).optional(),
		text: z.string().optional(),
		format: z.union([z.number(), z.string()]).optional(),
		tag: z.string().optional(),
		listType: z.string().optional(),
		start: z.number().optional(),
		url: z.string().optional(),
	}),
)

export const EDITOR_JSON_MESSAGE = 'Email content is not valid editor JSON'

/** Counts depth and nodes without recursion, so hostile nesting cannot overflow the stack. */
function withinLimits(value: unknown) {
	const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
	let nodes = 0
	while (stack.length) {
		const { value: current, depth } = stack.pop()!
		if (depth > EDITOR_MAX_DEPTH * 2 + 2) return false
		if (current && typeof current === 'object') {
			if (++nodes > EDITOR_MAX_NODES * 4) return false
			for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 })
		}
	}
	return true
}

const StateShapeSchema = z.object({
	root: z.looseObject({ type: z.literal('root'), children: z.array(NodeSchema) }),
})

/**
 * Lexical's `editorState.toJSON()`: `{ root: { type: 'root', children } }`, also accepted as a
 * JSON string (how some clients send `proseMirrorJson`). Every failure has one message.
 */
export const EditorStateSchema = z.unknown().transform((value, context): EditorState => {
	let parsed = value
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value)
		} catch {
			context.addIssue({ code: 'custom', message: EDITOR_JSON_MESSAGE })
			return z.NEVER
		}
	}
	if (!withinLimits(parsed)) {
		context.addIssue({ code: 'custom', message: 'Email content is too large or too deeply nested' })
		return z.NEVER
	}
	const result = StateShapeSchema.safeParse(parsed)
	if (!result.success) {
		context.addIssue({ code: 'custom', message: EDITOR_JSON_MESSAGE })
		return z.NEVER
	}
	return result.data as EditorState
})

/** Validates editor JSON (object or string); null when it is not a Lexical state. */
export function parseEditorJson(value: unknown): EditorState | null {
	const result = EditorStateSchema.safeParse(value)
	return result.success ? result.data : null
}

export function escapeHtml(text: string) {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;')
}

/** The URL if it is an absolute https address, else null (the editor allows only https links). */
export function safeLinkUrl(url: unknown): string | null {
	if (typeof url !== 'string') return null
	const text = url.trim()
	if (!/^https:\/\//i.test(text)) return null
	try {
		new URL(text)
		return text
	} catch {
		return null
	}
}

const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify', 'start', 'end'])
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

function alignStyle(node: EditorNode) {
	return typeof node.format === 'string' && ALIGNMENTS.has(node.format)
		? ` style="text-align: ${node.format}"`
		: ''
}

function textToHtml(node: EditorNode) {
	let html = escapeHtml(node.text ?? '')
	const format = typeof node.format === 'number' ? node.format : 0
	if (format & TEXT_FORMAT.code) html = `<code>${html}</code>`
	if (format & TEXT_FORMAT.bold) html = `<strong>${html}</strong>`
	if (format & TEXT_FORMAT.italic) html = `<em>${html}</em>`
	if (format & TEXT_FORMAT.strikethrough) html = `<s>${html}</s>`
	if (format & TEXT_FORMAT.underline) html = `<u>${html}</u>`
	return html
}

function childrenHtml(node: EditorNode, depth: number): string {
	return (node.children ?? []).map((child) => nodeToHtml(child, depth + 1)).join('')
}

function nodeToHtml(node: EditorNode, depth: number): string {
	if (depth > EDITOR_MAX_DEPTH) return ''
	switch (node.type) {
		case 'text':
			return textToHtml(node)
		case 'tab':
			return '\t'
		case 'linebreak':
			return '<br>'
		case 'paragraph': {
			const inner = childrenHtml(node, depth)
			return `<p${alignStyle(node)}>${inner || '<br>'}</p>`
		}
		case 'heading': {
			const tag = HEADING_TAGS.has(node.tag ?? '') ? node.tag! : 'h2'
			return `<${tag}${alignStyle(node)}>${childrenHtml(node, depth)}</${tag}>`
		}
		case 'quote':
			return `<blockquote>${childrenHtml(node, depth)}</blockquote>`
		case 'list': {
			const ordered = node.listType === 'number' || node.tag === 'ol'
			const start =
				ordered && typeof node.start === 'number' && Number.isInteger(node.start) && node.start !== 1
					? ` start="${node.start}"`
					: ''
			return ordered
				? `<ol${start}>${childrenHtml(node, depth)}</ol>`
				: `<ul>${childrenHtml(node, depth)}</ul>`
		}
		case 'listitem':
			return `<li>${childrenHtml(node, depth)}</li>`
		case 'link':
		case 'autolink': {
			const url = safeLinkUrl(node.url)
			const inner = childrenHtml(node, depth)
			return url ? `<a href="${escapeHtml(url)}">${inner}</a>` : inner
		}
		default:
			return childrenHtml(node, depth)
	}
}

/** The email HTML of an editor state. */
export function editorJsonToHtml(state: EditorState): string {
	return childrenHtml(state.root, 0)
}

function inlineText(node: EditorNode, depth: number): string {
	if (depth > EDITOR_MAX_DEPTH) return ''
	switch (node.type) {
		case 'text':
			return node.text ?? ''
		case 'tab':
			return '\t'
		case 'linebreak':
			return '\n'
		case 'link':
		case 'autolink': {
			const inner = (node.children ?? []).map((child) => inlineText(child, depth + 1)).join('')
			const url = safeLinkUrl(node.url)
			return url && inner.trim() !== url ? `${inner} (${url})` : inner
		}
		case 'list':
			return listText(node, depth, 0)
		default:
			return (node.children ?? []).map((child) => inlineText(child, depth + 1)).join('')
	}
}

function listText(list: EditorNode, depth: number, level: number): string {
	const ordered = list.listType === 'number' || list.tag === 'ol'
	let number = typeof list.start === 'number' ? list.start : 1
	const lines: string[] = []
	for (const item of list.children ?? []) {
		const nested = (item.children ?? []).filter((child) => child.type === 'list')
		const own = (item.children ?? []).filter((child) => child.type !== 'list')
		const text = own.map((child) => inlineText(child, depth + 2)).join('')
		if (own.length || !nested.length) {
			const bullet = ordered ? `${number++}.` : '-'
			lines.push(`${'  '.repeat(level)}${bullet} ${text}`)
		}
		for (const child of nested) lines.push(listText(child, depth + 2, level + 1))
	}
	return lines.join('\n')
}

/** The plain-text part of an email: blocks separated by a blank line. */
export function editorJsonToText(state: EditorState): string {
	const blocks = state.root.children.map((block) => {
		if (block.type === 'list') return listText(block, 1, 0)
		const text = inlineText(block, 1)
		return block.type === 'quote' ? text.replace(/^/gm, '> ') : text
	})
	return blocks
		.join('\n\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

function textNode(text: string, format = 0): EditorNode {
	return { type: 'text', text, format, detail: 0, mode: 'normal', style: '', version: 1 }
}

function paragraphNode(children: EditorNode[]): EditorNode {
	return {
		type: 'paragraph',
		children,
		direction: children.length ? 'ltr' : null,
		format: '',
		indent: 0,
		textFormat: 0,
		textStyle: '',
		version: 1,
	}
}

function rootNode(children: EditorNode[]): EditorState {
	return {
		root: {
			type: 'root',
			children: children.length ? children : [paragraphNode([])],
			direction: 'ltr',
			format: '',
			indent: 0,
			version: 1,
		},
	}
}

/** Plain text as an editor state: blank lines separate paragraphs, single newlines are line breaks. */
export function textToEditorJson(text: string): EditorState {
	const normalized = text.replace(/\r\n?/g, '\n').trim()
	if (!normalized) return rootNode([])
	const paragraphs = normalized.split(/\n\s*\n/).map((paragraph) => {
		const children: EditorNode[] = []
		paragraph.split('\n').forEach((line, index) => {
			if (index > 0) children.push({ type: 'linebreak', version: 1 })
			if (line) children.push(textNode(line))
		})
		return paragraphNode(children)
	})
	return rootNode(paragraphs)
}

/** True when the body looks like HTML markup rather than plain text. */
export function looksLikeHtml(body: string) {
	return /<\/?(p|br|div|span|h[1-6]|ul|ol|li|a|strong|b|em|i|u|s|strike|del|code|blockquote)\b[^>]*>/i.test(
		body,
	)
}

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

/** Editor JSON, HTML and text of an email body given as editor JSON or as HTML/plain text. */
export function emailBodyFrom(input: { json: EditorState } | { body: string }) {
	const json =
		'json' in input
			? input.json
			: looksLikeHtml(input.body)
				? htmlToEditorJson(input.body)
				: textToEditorJson(input.body)
	return { bodyJson: json, bodyHtml: editorJsonToHtml(json), bodyText: editorJsonToText(json) }
}
