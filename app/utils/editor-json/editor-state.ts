import { z } from 'zod'

// Email bodies are kept three ways: the editor's (Lexical) serialized state, the HTML we send
// and show, and plain text for the text/plain part and previews. This module converts between
// them on the server and in the browser, without a DOM. Only the nodes our editor produces are
// rendered; unknown element nodes keep their text, unknown leaves are dropped. Every piece of
// text is escaped and only https links become <a> (anything else stays plain text), so the
// HTML is safe to show in the app whatever JSON a client sends.
// The modules of this folder: editor-state (types and validation), nodes (building a state),
// safe-html, to-html, to-text, from-text, from-html and email-body (all three from one input).

export const EDITOR_MAX_DEPTH = 32
export const EDITOR_MAX_NODES = 20_000

export const TEXT_FORMAT = { bold: 1, italic: 2, strikethrough: 4, underline: 8, code: 16 } as const

export type EditorNode = {
	type: string
	children?: EditorNode[]
	text?: string
	format?: number | string
	tag?: string
	listType?: string
	start?: number
	url?: string
	[key: string]: unknown
}
export type EditorState = { root: EditorNode & { type: 'root'; children: EditorNode[] } }

const NodeSchema: z.ZodType<EditorNode> = z.lazy(() =>
	z.looseObject({
		type: z.string(),
		children: z.array(NodeSchema).optional(),
		text: z.string().optional(),
		format: z.union([z.number(), z.string()]).optional(),
		tag: z.string().optional(),
		listType: z.string().optional(),
		start: z.number().optional(),
		url: z.string().optional(),
	}),
)

export const EDITOR_JSON_MESSAGE = 'Email content is not valid editor JSON'

/** Counts depth and nodes without recursion, so hostile nesting cannot overflow the stack. */
function withinLimits(value: unknown) {
	const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
	let nodes = 0
	while (stack.length) {
		const { value: current, depth } = stack.pop()!
		if (depth > EDITOR_MAX_DEPTH * 2 + 2) return false
		if (current && typeof current === 'object') {
			if (++nodes > EDITOR_MAX_NODES * 4) return false
			for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 })
		}
	}
	return true
}

const StateShapeSchema = z.object({
	root: z.looseObject({ type: z.literal('root'), children: z.array(NodeSchema) }),
})

/**
 * Lexical's `editorState.toJSON()`: `{ root: { type: 'root', children } }`, also accepted as a
 * JSON string (how some clients send `proseMirrorJson`). Every failure has one message.
 */
export const EditorStateSchema = z.unknown().transform((value, context): EditorState => {
	let parsed = value
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value)
		} catch {
			context.addIssue({ code: 'custom', message: EDITOR_JSON_MESSAGE })
			return z.NEVER
		}
	}
	if (!withinLimits(parsed)) {
		context.addIssue({ code: 'custom', message: 'Email content is too large or too deeply nested' })
		return z.NEVER
	}
	const result = StateShapeSchema.safeParse(parsed)
	if (!result.success) {
		context.addIssue({ code: 'custom', message: EDITOR_JSON_MESSAGE })
		return z.NEVER
	}
	return result.data as EditorState
})

/** Validates editor JSON (object or string); null when it is not a Lexical state. */
export function parseEditorJson(value: unknown): EditorState | null {
	const result = EditorStateSchema.safeParse(value)
	return result.success ? result.data : null
}
