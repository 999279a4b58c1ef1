import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { ContentEditable } from '@lexical/react/LexicalContentEditable'
import { LexicalExtensionComposer } from '@lexical/react/LexicalExtensionComposer'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { type EditorState } from '#app/utils/editor-json/editor-state.ts'
import { editorJsonToText } from '#app/utils/editor-json/to-text.ts'
import { cn } from '#app/utils/misc.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { editorValue, type EditorValue, emailEditorExtension, initialEditorState } from './editor-config.ts'
import { EmailEditorToolbar } from './email-editor-toolbar.tsx'

export type { EditorValue }

export type EmailEditorProps = {
	/** The hidden input with the editor JSON string. */
	name: string
	/** Stored editor JSON (object or string) to start from. */
	initialJson?: unknown
	/** HTML (or plain text) to start from when there is no editor JSON. */
	initialHtml?: string | null
	onChange?: (value: EditorValue) => void
	/** The hidden input with the email HTML; `<name>Html` by default. */
	htmlName?: string
	/** The plain <textarea> posted without JavaScript; the server accepts a plain-text `body`. */
	fallbackName?: string
	id?: string
	'aria-labelledby'?: string
	'aria-label'?: string
	'aria-describedby'?: string
	'aria-invalid'?: boolean
	placeholder?: string
	disabled?: boolean
	className?: string
}

/**
 * The rich-text email body (Lexical): bold, italic, underline, lists and https links. It posts
 * with any form through hidden inputs (`name` = editor JSON, `htmlName` = HTML). Before
 * hydration, and so without JavaScript, it is a plain textarea named `fallbackName`.
 */
export function EmailEditor(props: EmailEditorProps) {
	const hydrated = useHydrated()
	return hydrated ? <RichEmailEditor {...props} /> : <FallbackTextarea {...props} />
}

function FallbackTextarea({
	initialJson,
	initialHtml,
	fallbackName = 'body',
	id,
	placeholder,
	disabled,
	className,
	...aria
}: EmailEditorProps) {
	const text = useMemo(
		() => editorJsonToText(initialEditorState(initialJson, initialHtml)),
		[initialJson, initialHtml],
	)
	return (
		<Textarea
			id={id}
			name={fallbackName}
			defaultValue={text}
			placeholder={placeholder}
			disabled={disabled}
			rows={8}
			className={className}
			aria-labelledby={aria['aria-labelledby']}
			aria-label={aria['aria-label']}
			aria-describedby={aria['aria-describedby']}
			aria-invalid={aria['aria-invalid'] || undefined}
		/>
	)
}

function RichEmailEditor({
	name,
	initialJson,
	initialHtml,
	onChange,
	htmlName = `${name}Html`,
	id,
	placeholder = 'Write your email…',
	disabled = false,
	className,
	...aria
}: EmailEditorProps) {
	// Read once: the editor owns its content after mount (remount with a `key` to replace it).
	const [initial] = useState<EditorState>(() => initialEditorState(initialJson, initialHtml))
	const extension = useMemo(() => emailEditorExtension(initial), [initial])
	const [value, setValue] = useState<EditorValue>(() => editorValue(initial))
	const onChangeRef = useRef(onChange)
	onChangeRef.current = onChange
	const jsonInput = useRef<HTMLInputElement>(null)
	const mounted = useRef(false)

	// Form libraries (Conform) learn about typed input from `input` events; a hidden input set by
	// React fires none, so announce each new value once it is in the DOM.
	useEffect(() => {
		if (!mounted.current) {
			mounted.current = true
			return
		}
		jsonInput.current?.dispatchEvent(new Event('input', { bubbles: true }))
	}, [value.json])

	return (
		<div
			className={cn(
				'rounded-md border border-input bg-background ring-offset-background focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2',
				aria['aria-invalid'] && 'border-destructive',
				disabled && 'opacity-50',
				className,
			)}
			data-testid="email-editor"
		>
			<LexicalExtensionComposer extension={extension} contentEditable={null}>
				<EmailEditorToolbar disabled={disabled} />
				<div className="relative">
					<ContentEditable
						id={id}
						className="max-h-[24rem] min-h-[10rem] overflow-y-auto px-3 py-2 text-sm outline-none"
						aria-labelledby={aria['aria-labelledby']}
						aria-label={aria['aria-label']}
						aria-describedby={aria['aria-describedby']}
						aria-invalid={aria['aria-invalid'] || undefined}
						aria-placeholder={placeholder}
						placeholder={
							<div className="pointer-events-none absolute left-3 top-2 select-none text-sm text-muted-foreground">
								{placeholder}
							</div>
						}
					/>
				</div>
				<EditableState disabled={disabled} />
				<ValueListener
					onValue={(next) => {
						setValue(next)
						onChangeRef.current?.(next)
					}}
				/>
			</LexicalExtensionComposer>
			<input ref={jsonInput} type="hidden" name={name} value={value.json} />
			<input type="hidden" name={htmlName} value={value.html} />
		</div>
	)
}

/** Reports the editor's value after every change of content (not of selection). */
function ValueListener({ onValue }: { onValue: (value: EditorValue) => void }) {
	const [editor] = useLexicalComposerContext()
	const onValueRef = useRef(onValue)
	onValueRef.current = onValue
	useEffect(
		() =>
			editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves, prevEditorState }) => {
				if (editorState === prevEditorState || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return
				onValueRef.current(editorValue(editorState.toJSON() as unknown as EditorState))
			}),
		[editor],
	)
	return null
}

function EditableState({ disabled }: { disabled: boolean }) {
	const [editor] = useLexicalComposerContext()
	useEffect(() => editor.setEditable(!disabled), [editor, disabled])
	return null
}
