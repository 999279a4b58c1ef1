import { $createLinkNode, AutoLinkNode, LinkNode } from '@lexical/link'
import { $createListItemNode, $createListNode, ListItemNode, ListNode } from '@lexical/list'
import { $createHeadingNode, $createQuoteNode, HeadingNode, QuoteNode } from '@lexical/rich-text'
import {
	$createLineBreakNode,
	$createParagraphNode,
	$createTextNode,
	$getRoot,
	createEditor,
	type SerializedEditorState,
} from 'lexical'
import { describe, expect, test } from 'vitest'
import { EditorStateSchema, parseEditorJson, type EditorState } from './editor-state.ts'
import { emailBodyFrom, looksLikeHtml } from './email-body.ts'
import { htmlToEditorJson } from './from-html.ts'
import { textToEditorJson } from './from-text.ts'
import { editorJsonToHtml } from './to-html.ts'
import { editorJsonToText } from './to-text.ts'

// The editor JSON here is what Lexical itself serializes (a headless editor with the nodes our
// email editor registers), so the converters are checked against the real format.

function lexicalEditor() {
	return createEditor({
		nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, AutoLinkNode],
		onError: (error) => {
			throw error
		},
	})
}

function lexicalState(build: () => void): EditorState {
	const editor = lexicalEditor()
	editor.update(build, { discrete: true })
	return parseEditorJson(editor.getEditorState().toJSON())!
}

/** Loads our JSON into a real Lexical editor and serializes it again (throws if Lexical rejects it). */
function throughLexical(state: EditorState) {
	const editor = lexicalEditor()
	editor.setEditorState(editor.parseEditorState(state as unknown as SerializedEditorState))
	return parseEditorJson(editor.getEditorState().toJSON())!
}

describe('editorJsonToHtml and editorJsonToText on Lexical JSON', () => {
	const state = () =>
		lexicalState(() => {
			const root = $getRoot()
			const heading = $createHeadingNode('h2').append($createTextNode('Hello Ada'))
			const first = $createParagraphNode().append(
				$createTextNode('Plain, '),
				$createTextNode('bold').toggleFormat('bold'),
				$createTextNode(' and '),
				$createTextNode('both').toggleFormat('italic').toggleFormat('underline'),
				$createLineBreakNode(),
				$createTextNode('see '),
				$createLinkNode('https://example.com/a?b=1&c=2#frag').append($createTextNode('our site')),
			)
			const list = $createListNode('number').append(
				$createListItemNode().append($createTextNode('one')),
				$createListItemNode().append($createTextNode('two')),
			)
			const quote = $createQuoteNode().append($createTextNode('A quote'))
			root.append(heading, first, list, quote)
		})

	test('renders headings, formats, line breaks, https links, lists and quotes', () => {
		expect(editorJsonToHtml(state())).toBe(
			'<h2>Hello Ada</h2>' +
				'<p>Plain, <strong>bold</strong> and <u><em>both</em></u><br>see ' +
				'<a href="https://example.com/a?b=1&amp;c=2#frag">our site</a></p>' +
				'<ol><li>one</li><li>two</li></ol>' +
				'<blockquote>A quote</blockquote>',
		)
	})

	test('text: blocks separated by blank lines, links with their address, numbered items', () => {
		expect(editorJsonToText(state())).toBe(
			'Hello Ada\n\nPlain, bold and both\nsee our site (https://example.com/a?b=1&c=2#frag)\n\n1. one\n2. two\n\n> A quote',
		)
	})

	test('strikethrough and code formats', () => {
		const html = editorJsonToHtml(
			lexicalState(() => {
				$getRoot().append(
					$createParagraphNode().append(
						$createTextNode('gone').toggleFormat('strikethrough'),
						$createTextNode('x()').toggleFormat('code'),
					),
				)
			}),
		)
		expect(html).toBe('<p><s>gone</s><code>x()</code></p>')
	})

	test('an empty editor is one empty paragraph and no text', () => {
		const empty = lexicalState(() => {
			$getRoot().append($createParagraphNode())
		})
		expect(editorJsonToHtml(empty)).toBe('<p><br></p>')
		expect(editorJsonToText(empty)).toBe('')
	})
})

describe('escaping and links', () => {
	function paragraph(...children: object[]) {
		return { root: { type: 'root', children: [{ type: 'paragraph', children }] } } as EditorState
	}

	test('all text is escaped', () => {
		const html = editorJsonToHtml(
			paragraph({ type: 'text', text: '<script>alert("x")</script> & \'q\'', format: 0 }),
		)
		expect(html).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>')
	})

	test.each([
		'javascript:alert(1)',
		'http://example.com',
		'data:text/html,<b>x</b>',
		'//evil.example',
		'https://',
		' JAVASCRIPT:alert(1)',
	])('a %s link is rendered as its text only', (url) => {
		const html = editorJsonToHtml(
			paragraph({ type: 'link', url, children: [{ type: 'text', text: 'click', format: 0 }] }),
		)
		expect(html).toBe('<p>click</p>')
	})

	test('an https link with quotes in its address stays inside the attribute', () => {
		const html = editorJsonToHtml(
			paragraph({
				type: 'autolink',
				url: 'https://x.example/"onmouseover="a',
				children: [{ type: 'text', text: 'x' }],
			}),
		)
		expect(html).toBe('<p><a href="https://x.example/&quot;onmouseover=&quot;a">x</a></p>')
	})

	test('unknown element nodes keep their text; unknown leaves are dropped; headings only h1–h6', () => {
		const state = {
			root: {
				type: 'root',
				children: [
					{
						type: 'custom-block',
						children: [
							{ type: 'text', text: 'kept' },
							{ type: 'image', src: 'x' },
						],
					},
					{ type: 'heading', tag: 'script', children: [{ type: 'text', text: 'H' }] },
				],
			},
		} as EditorState
		expect(editorJsonToHtml(state)).toBe('kept<h2>H</h2>')
	})
})

describe('EditorStateSchema', () => {
	const valid = { root: { type: 'root', children: [{ type: 'paragraph', children: [] }] } }

	test('accepts the object or its JSON string', () => {
		expect(EditorStateSchema.safeParse(valid).success).toBe(true)
		expect(EditorStateSchema.safeParse(JSON.stringify(valid)).success).toBe(true)
	})

	test.each([
		['not JSON', '{"root":'],
		['no root', { children: [] }],
		['a root of another type', { root: { type: 'paragraph', children: [] } }],
		['text that is not a string', { root: { type: 'root', children: [{ type: 'text', text: 5 }] } }],
		['a number', 42],
	])('rejects %s with a message', (_label, value) => {
		const result = EditorStateSchema.safeParse(value)
		expect(result.success).toBe(false)
		expect(result.error?.issues[0]?.message).toMatch(/Email content/)
	})

	test('rejects hostile nesting without overflowing the stack', () => {
		let node: Record<string, unknown> = { type: 'text', text: 'deep' }
		for (let i = 0; i < 20_000; i++) node = { type: 'paragraph', children: [node] }
		const result = EditorStateSchema.safeParse({ root: { type: 'root', children: [node] } })
		expect(result.success).toBe(false)
	})
})

describe('textToEditorJson', () => {
	test('blank lines separate paragraphs, single newlines are line breaks; Lexical loads it', () => {
		const state = textToEditorJson('Hi Ada,\r\n\r\nLine one\nLine two\n\n\nBest,\nGrace')
		expect(editorJsonToHtml(state)).toBe('<p>Hi Ada,</p><p>Line one<br>Line two</p><p>Best,<br>Grace</p>')
		expect(editorJsonToText(state)).toBe('Hi Ada,\n\nLine one\nLine two\n\nBest,\nGrace')
		expect(editorJsonToHtml(throughLexical(state))).toBe(editorJsonToHtml(state))
	})

	test('text that looks like markup stays text', () => {
		const state = textToEditorJson('1 < 2 and <b>not bold</b>')
		expect(editorJsonToHtml(state)).toBe('<p>1 &lt; 2 and &lt;b&gt;not bold&lt;/b&gt;</p>')
	})

	test('empty text is one empty paragraph', () => {
		expect(editorJsonToHtml(throughLexical(textToEditorJson('  \n ')))).toBe('<p><br></p>')
	})
})

describe('htmlToEditorJson', () => {
	test('simple email HTML survives the round trip, and Lexical loads the result', () => {
		const html =
			'<h2>Hello</h2><p>Plain, <strong>bold</strong> and <u><em>both</em></u><br>see ' +
			'<a href="https://example.com/a?b=1&amp;c=2">our site</a></p>' +
			'<ul><li>one</li><li>two</li></ul><blockquote>A quote</blockquote>'
		const state = htmlToEditorJson(html)
		expect(editorJsonToHtml(state)).toBe(html)
		expect(editorJsonToHtml(throughLexical(state))).toBe(html)
	})

	test('drops scripts, styles, event handlers and non-https links; decodes entities', () => {
		const state = htmlToEditorJson(
			'<style>p{}</style><div onclick="x()">Hi &amp; welcome &#8211; &lt;tag&gt;</div>' +
				'<script>alert(1)</script><p><a href="javascript:alert(1)">bad</a> <a href=\'http://x\'>plain</a></p>',
		)
		expect(editorJsonToHtml(state)).toBe('<p>Hi &amp; welcome – &lt;tag&gt;</p><p>bad plain</p>')
	})

	test('bare text and inline tags get a paragraph; indentation whitespace goes', () => {
		const state = htmlToEditorJson('\n  Hello <b>there</b>\n  <p>\n    Second\n  </p>\n')
		expect(editorJsonToHtml(state)).toBe('<p>Hello <strong>there</strong></p><p>Second</p>')
		expect(editorJsonToText(state)).toBe('Hello there\n\nSecond')
	})

	test('nested lists and list items without closing tags', () => {
		const state = htmlToEditorJson('<ol><li>one<li>two<ul><li>a</li></ul></li></ol>')
		expect(editorJsonToHtml(state)).toBe('<ol><li>one</li><li>two<ul><li>a</li></ul></li></ol>')
		expect(editorJsonToText(state)).toBe('1. one\n2. two\n  - a')
		throughLexical(state)
	})
	test('hostile nesting is flattened in linear time, keeping the text', () => {
		for (const unit of ['<ol>', '<b>', '<blockquote>', '<a href="https://a.example">', '<ul><li>']) {
			const started = Date.now()
			const state = htmlToEditorJson(`${unit.repeat(20_000)}deep text`)
			expect(editorJsonToText(state)).toContain('deep text')
			// Generous for a loaded machine: a quadratic walk of 20,000 levels takes minutes.
			expect(Date.now() - started).toBeLessThan(15_000)
			throughLexical(state)
		}
	})
})

describe('emailBodyFrom', () => {
	test('HTML bodies are read as HTML, anything else as text', () => {
		expect(looksLikeHtml('<p>Hi</p>')).toBe(true)
		expect(looksLikeHtml('a < b > c')).toBe(false)
		expect(emailBodyFrom({ body: '<p>Hi <b>you</b></p>' }).bodyHtml).toBe('<p>Hi <strong>you</strong></p>')
		expect(emailBodyFrom({ body: 'Hi\n\nyou' })).toMatchObject({
			bodyHtml: '<p>Hi</p><p>you</p>',
			bodyText: 'Hi\n\nyou',
		})
	})
})
