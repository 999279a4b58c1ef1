import { EDITOR_MAX_DEPTH, type EditorNode, type EditorState } from './editor-state.ts'
import { safeLinkUrl } from './safe-html.ts'

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
