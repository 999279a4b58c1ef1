import { type EditorNode, type EditorState } from './editor-state.ts'
import { paragraphNode, rootNode, textNode } from './nodes.ts'

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
