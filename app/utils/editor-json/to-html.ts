import { EDITOR_MAX_DEPTH, TEXT_FORMAT, type EditorNode, type EditorState } from './editor-state.ts'
import { HEADING_TAGS } from './nodes.ts'
import { escapeHtml, safeLinkUrl } from './safe-html.ts'

const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify', 'start', 'end'])

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
