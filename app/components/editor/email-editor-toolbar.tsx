import { $createLinkNode, $isLinkNode, $toggleLink, type LinkNode } from '@lexical/link'
import {
	$isListNode,
	INSERT_ORDERED_LIST_COMMAND,
	INSERT_UNORDERED_LIST_COMMAND,
	ListNode,
	REMOVE_LIST_COMMAND,
} from '@lexical/list'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { $findMatchingParent, $getNearestNodeOfType } from '@lexical/utils'
import {
	$createTextNode,
	$getSelection,
	$insertNodes,
	$isRangeSelection,
	$setSelection,
	type BaseSelection,
	FORMAT_TEXT_COMMAND,
	type LexicalEditor,
	type TextFormatType,
} from 'lexical'
import { Bold, Italic, Link2, List, ListOrdered, Underline } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#app/components/ui/popover.tsx'
import { cn } from '#app/utils/misc.ts'
import { checkLinkUrl } from './link-url.ts'

type ToolbarState = {
	bold: boolean
	italic: boolean
	underline: boolean
	list: 'bullet' | 'number' | null
	linkUrl: string | null
}

const EMPTY_STATE: ToolbarState = { bold: false, italic: false, underline: false, list: null, linkUrl: null }

/** The link around the selection's anchor, if any. Call inside a read or update. */
function $selectedLink(): LinkNode | null {
	const selection = $getSelection()
	if (!$isRangeSelection(selection)) return null
	return $findMatchingParent(selection.anchor.getNode(), $isLinkNode) as LinkNode | null
}

function $readToolbarState(): ToolbarState {
	const selection = $getSelection()
	if (!$isRangeSelection(selection)) return EMPTY_STATE
	const list = $getNearestNodeOfType(selection.anchor.getNode(), ListNode)
	return {
		bold: selection.hasFormat('bold'),
		italic: selection.hasFormat('italic'),
		underline: selection.hasFormat('underline'),
		list: $isListNode(list) ? (list.getListType() === 'number' ? 'number' : 'bullet') : null,
		linkUrl: $selectedLink()?.getURL() ?? null,
	}
}

function useToolbarState(editor: LexicalEditor) {
	const [state, setState] = useState<ToolbarState>(EMPTY_STATE)
	useEffect(
		() =>
			editor.registerUpdateListener(({ editorState }) => {
				setState(editorState.read($readToolbarState))
			}),
		[editor],
	)
	return state
}

/** Bold, italic, underline, bulleted and numbered lists, and links (https only). */
export function EmailEditorToolbar({ disabled = false }: { disabled?: boolean }) {
	const [editor] = useLexicalComposerContext()
	const state = useToolbarState(editor)
	const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type)
	const toggleList = (type: 'bullet' | 'number') => {
		if (state.list === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined)
		else
			editor.dispatchCommand(
				type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
				undefined,
			)
	}
	return (
		<div
			role="toolbar"
			aria-label="Formatting"
			className="flex flex-wrap items-center gap-0.5 border-b px-1 py-1"
		>
			<ToolbarButton label="Bold" pressed={state.bold} disabled={disabled} onClick={() => format('bold')}>
				<Bold />
			</ToolbarButton>
			<ToolbarButton
				label="Italic"
				pressed={state.italic}
				disabled={disabled}
				onClick={() => format('italic')}
			>
				<Italic />
			</ToolbarButton>
			<ToolbarButton
				label="Underline"
				pressed={state.underline}
				disabled={disabled}
				onClick={() => format('underline')}
			>
				<Underline />
			</ToolbarButton>
			<span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />
			<ToolbarButton
				label="Bulleted list"
				pressed={state.list === 'bullet'}
				disabled={disabled}
				onClick={() => toggleList('bullet')}
			>
				<List />
			</ToolbarButton>
			<ToolbarButton
				label="Numbered list"
				pressed={state.list === 'number'}
				disabled={disabled}
				onClick={() => toggleList('number')}
			>
				<ListOrdered />
			</ToolbarButton>
			<span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />
			<LinkButton editor={editor} currentUrl={state.linkUrl} disabled={disabled} />
		</div>
	)
}

function ToolbarButton({
	label,
	pressed,
	disabled,
	onClick,
	children,
}: {
	label: string
	pressed: boolean
	disabled: boolean
	onClick: () => void
	children: React.ReactNode
}) {
	return (
		<Button
			type="button"
			variant="ghost"
			size="icon"
			className={cn('h-8 w-8', pressed && 'bg-accent text-accent-foreground')}
			aria-label={label}
			title={label}
			aria-pressed={pressed}
			disabled={disabled}
			// Keeps the editor's selection: the click must not move focus out of the text.
			onMouseDown={(event) => event.preventDefault()}
			onClick={onClick}
		>
			{children}
		</Button>
	)
}

/**
 * Saves `url` as the link at `selection`: an empty URL removes the link; a caret inside a link
 * changes that link; a caret elsewhere inserts the URL as a linked text; a range is wrapped.
 */
function applyLink(editor: LexicalEditor, selection: BaseSelection | null, url: string | null) {
	editor.update(() => {
		if (selection) $setSelection(selection.clone())
		const current = $getSelection()
		if (!$isRangeSelection(current)) return
		const link = $selectedLink()
		if (link && current.isCollapsed()) {
			if (url) link.setURL(url)
			else {
				for (const child of link.getChildren()) link.insertBefore(child)
				link.remove()
			}
			return
		}
		if (!url) return $toggleLink(null)
		if (current.isCollapsed()) {
			const node = $createLinkNode(url, { rel: 'noopener noreferrer' })
			node.append($createTextNode(url))
			$insertNodes([node])
			return
		}
		$toggleLink(url, { rel: 'noopener noreferrer' })
	})
}

function LinkButton({
	editor,
	currentUrl,
	disabled,
}: {
	editor: LexicalEditor
	currentUrl: string | null
	disabled: boolean
}) {
	const [open, setOpen] = useState(false)
	const [url, setUrl] = useState('')
	const [error, setError] = useState<string | null>(null)
	const selection = useRef<BaseSelection | null>(null)
	const inputId = useId()
	const errorId = `${inputId}-error`

	function openEditor() {
		// The popover takes focus; remember where the link goes.
		selection.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null)
		setUrl(currentUrl ?? '')
		setError(null)
		setOpen(true)
	}

	const close = useCallback(() => {
		setOpen(false)
		editor.focus()
	}, [editor])

	function save(value: string) {
		const check = checkLinkUrl(value)
		if (check.action === 'reject') return setError(check.message)
		applyLink(editor, selection.current, check.action === 'apply' ? check.url : null)
		close()
	}

	return (
		<Popover open={open} onOpenChange={(next) => (next ? openEditor() : setOpen(false))}>
			<PopoverTrigger asChild>
				<Button
					type="button"
					variant="ghost"
					size="icon"
					className={cn('h-8 w-8', currentUrl && 'bg-accent text-accent-foreground')}
					aria-label={currentUrl ? 'Edit link' : 'Insert link'}
					title={currentUrl ? 'Edit link' : 'Insert link'}
					aria-pressed={Boolean(currentUrl)}
					disabled={disabled}
					onMouseDown={(event) => event.preventDefault()}
				>
					<Link2 />
				</Button>
			</PopoverTrigger>
			<PopoverContent className="w-80" aria-label="Link" onOpenAutoFocus={(event) => event.preventDefault()}>
				<div
					className="grid gap-2"
					onKeyDown={(event) => {
						// Enter saves the link; it must not submit the form around the editor.
						if (event.key === 'Enter') {
							event.preventDefault()
							save(url)
						}
					}}
				>
					<Label htmlFor={inputId}>Link URL</Label>
					<Input
						id={inputId}
						// Autofocus here rather than Radix's first-focusable, so typing starts at once.
						autoFocus
						inputMode="url"
						placeholder="https://example.com"
						value={url}
						onChange={(event) => {
							setUrl(event.target.value)
							setError(null)
						}}
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? errorId : undefined}
					/>
					{error ? (
						<p id={errorId} role="alert" className="text-sm text-destructive">
							{error}
						</p>
					) : (
						<p className="text-xs text-muted-foreground">Leave empty to remove the link.</p>
					)}
					<div className="flex justify-end gap-2">
						{currentUrl ? (
							<Button type="button" variant="outline" size="sm" onClick={() => save('')}>
								Remove link
							</Button>
						) : null}
						<Button type="button" size="sm" onClick={() => save(url)}>
							Save link
						</Button>
					</div>
				</div>
			</PopoverContent>
		</Popover>
	)
}
