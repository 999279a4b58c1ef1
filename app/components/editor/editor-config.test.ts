import { createEditor } from 'lexical'
import { describe, expect, test } from 'vitest'
import { type EditorState } from '#app/utils/editor-json/editor-state.ts'
import { htmlToEditorJson } from '#app/utils/editor-json/from-html.ts'
import { editorJsonToHtml } from '#app/utils/editor-json/to-html.ts'
import { EMAIL_EDITOR_NODES, editorValue, initialEditorState } from './editor-config.ts'

// The editor must load what the server stores (app/utils/editor-json/) and give back the same
// email: a state converted from HTML, parsed by Lexical and serialized again renders the same HTML.
function throughLexical(state: EditorState): EditorState {
	const editor = createEditor({
		nodes: EMAIL_EDITOR_NODES,
		onError: (error) => {
			throw error
		},
	})
	const parsed = editor.parseEditorState(JSON.stringify(state))
	return parsed.toJSON() as unknown as EditorState
}

describe('the email editor and the stored editor JSON', () => {
	test.each([
		'<p>Hi <strong>Ada</strong>, <em>quick</em> <u>question</u>.</p>',
		'<p>Line one<br>line two</p><p>Second paragraph</p>',
		'<ul><li>First</li><li>Second</li></ul><ol><li>One</li><li>Two</li></ol>',
		'<p>See <a href="https://example.com/pricing?a=1">our pricing</a>.</p>',
		'<h2>Heading</h2><blockquote>Quoted</blockquote>',
	])('%s survives a round trip through Lexical', (html) => {
		const state = htmlToEditorJson(html)
		expect(editorJsonToHtml(throughLexical(state))).toBe(editorJsonToHtml(state))
	})

	test('initialEditorState prefers the editor JSON, then the HTML, then an empty paragraph', () => {
		const json = htmlToEditorJson('<p>From JSON</p>')
		expect(editorJsonToHtml(initialEditorState(json, '<p>From HTML</p>'))).toBe('<p>From JSON</p>')
		expect(editorJsonToHtml(initialEditorState(JSON.stringify(json)))).toBe('<p>From JSON</p>')
		expect(editorJsonToHtml(initialEditorState(null, '<p>From HTML</p>'))).toBe('<p>From HTML</p>')
		expect(editorJsonToHtml(initialEditorState('not json', 'Plain text'))).toBe('<p>Plain text</p>')
		// What the no-JavaScript textarea posts keeps its paragraphs and line breaks.
		expect(editorJsonToHtml(initialEditorState(null, 'Hi Ada,\n\nLine one\nline two'))).toBe(
			'<p>Hi Ada,</p><p>Line one<br>line two</p>',
		)
		const empty = initialEditorState(undefined)
		expect(empty.root.children).toHaveLength(1)
		expect(() => throughLexical(empty)).not.toThrow()
	})

	test('editorValue gives the JSON string, HTML and visible text', () => {
		const value = editorValue(htmlToEditorJson('<p>Hello <a href="https://example.com">there</a></p>'))
		expect(JSON.parse(value.json).root.type).toBe('root')
		expect(value.html).toBe('<p>Hello <a href="https://example.com">there</a></p>')
		expect(value.text).toBe('Hello there (https://example.com)')
	})
})
