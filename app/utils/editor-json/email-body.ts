import { type EditorState } from './editor-state.ts'
import { htmlToEditorJson } from './from-html.ts'
import { textToEditorJson } from './from-text.ts'
import { editorJsonToHtml } from './to-html.ts'
import { editorJsonToText } from './to-text.ts'

/** True when the body looks like HTML markup rather than plain text. */
export function looksLikeHtml(body: string) {
	return /<\/?(p|br|div|span|h[1-6]|ul|ol|li|a|strong|b|em|i|u|s|strike|del|code|blockquote)\b[^>]*>/i.test(
		body,
	)
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
