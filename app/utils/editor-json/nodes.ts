import { type EditorNode, type EditorState } from './editor-state.ts'

// Building blocks of an editor state, as Lexical serializes them.

export const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

export function textNode(text: string, format = 0): EditorNode {
	return { type: 'text', text, format, detail: 0, mode: 'normal', style: '', version: 1 }
}

export function paragraphNode(children: EditorNode[]): EditorNode {
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

export function rootNode(children: EditorNode[]): EditorState {
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
