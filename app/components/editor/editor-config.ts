import { HistoryExtension } from '@lexical/history'
import { LinkExtension, LinkNode } from '@lexical/link'
import { ListExtension, ListItemNode, ListNode } from '@lexical/list'
import { HeadingNode, QuoteNode, RichTextExtension } from '@lexical/rich-text'
import { configExtension, defineExtension, type EditorThemeClasses } from 'lexical'
import { type EditorState, parseEditorJson } from '#app/utils/editor-json/editor-state.ts'
import { emailBodyFrom } from '#app/utils/editor-json/email-body.ts'
import { textToEditorJson } from '#app/utils/editor-json/from-text.ts'
import { editorJsonToHtml } from '#app/utils/editor-json/to-html.ts'
import { editorJsonToText } from '#app/utils/editor-json/to-text.ts'
import { isAllowedLinkUrl } from './link-url.ts'

/** Every node the email editor can hold; app/utils/editor-json/to-html.ts renders each of them. */
export const EMAIL_EDITOR_NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode]

export const emailEditorTheme: EditorThemeClasses = {
	paragraph: 'mb-2 last:mb-0',
	text: { bold: 'font-semibold', italic: 'italic', underline: 'underline', strikethrough: 'line-through' },
	link: 'text-primary underline underline-offset-2',
	list: {
		ul: 'mb-2 ml-6 list-disc',
		ol: 'mb-2 ml-6 list-decimal',
		listitem: 'pl-1',
		nested: { listitem: 'list-none' },
	},
	heading: { h1: 'mb-2 text-xl font-semibold', h2: 'mb-2 text-lg font-semibold', h3: 'mb-2 font-semibold' },
	quote: 'mb-2 border-l-2 pl-3 text-muted-foreground',
}

/**
 * The editor's first content as Lexical's serialized state: the stored editor JSON when
 * there is one, else the HTML or plain text (what the no-JavaScript textarea posts), else an
 * empty paragraph.
 */
export function initialEditorState(initialJson: unknown, initialHtml?: string | null): EditorState {
	const fromJson =
		initialJson === null || initialJson === undefined || initialJson === ''
			? null
			: parseEditorJson(initialJson)
	if (fromJson && fromJson.root.children.length > 0) return fromJson
	// A form echoed back after a refused submission may carry anything here (found by the route fuzz).
	if (typeof initialHtml === 'string' && initialHtml.trim())
		return emailBodyFrom({ body: initialHtml }).bodyJson
	return textToEditorJson('')
}

/** What the editor posts: its JSON string, the email HTML and the visible text. */
export function editorValue(state: EditorState) {
	return { json: JSON.stringify(state), html: editorJsonToHtml(state), text: editorJsonToText(state) }
}
export type EditorValue = ReturnType<typeof editorValue>

/** One editor's extension (stable per mount: Lexical builds the editor from it once). */
export function emailEditorExtension(initialState: EditorState, namespace = 'reachout-email') {
	return defineExtension({
		name: '@reachout/email-editor',
		namespace,
		theme: emailEditorTheme,
		nodes: EMAIL_EDITOR_NODES,
		$initialEditorState: JSON.stringify(initialState),
		dependencies: [
			RichTextExtension,
			HistoryExtension,
			ListExtension,
			configExtension(LinkExtension, {
				validateUrl: isAllowedLinkUrl,
				attributes: { rel: 'noopener noreferrer' },
			}),
		],
		onError(error: Error) {
			// Lexical recovers by restoring the last good state; keep the cause visible.
			console.error('Email editor error', error)
		},
	})
}
