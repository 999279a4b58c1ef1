import { data } from '@remix-run/node'
import { dataWithToast } from './toast.server.ts'

// The one way an action branches on the form that posted (decision 011): each form posts an
// `intent`; the action parses it, then runs the handler of that name from a map
// `{ [intent]: handler }` (no switch). A handler that refuses answers through `actionFailure`
// (the page's action data, usually Conform's `submission.reply()`, with its status, and an
// error toast when the form cannot show the message); one that succeeds redirects with a toast
// (`redirectWithToast`) or, for a fetcher that stays, answers with `dataWithToast`.

/** One handler per intent; each gets the parsed intent (narrowed to its own shape) and the action's context. */
export type IntentHandlers<Intent extends { intent: string }, Context, Result> = {
	[Name in Intent['intent']]: (intent: Extract<Intent, { intent: Name }>, context: Context) => Promise<Result>
}

/** Runs the handler of `intent.intent`. */
export function runIntent<Intent extends { intent: string }, Context, Result>(
	handlers: IntentHandlers<Intent, Context, Result>,
	intent: Intent,
	context: Context,
): Promise<Result> {
	const handler = handlers[intent.intent as Intent['intent']] as (
		intent: Intent,
		context: Context,
	) => Promise<Result>
	return handler(intent, context)
}

/**
 * A refused form: `body` is what the page reads back (which form failed, Conform's reply),
 * with the status (400 for invalid input, 403/404/409 for a refusal) and, when the form cannot
 * show the message itself, an error toast (a title, or a title and a description).
 */
export async function actionFailure<Body>(
	body: Body,
	status: number,
	toast?: string | { title: string; description?: string },
) {
	if (!toast) return data(body, { status })
	const { title, description } = typeof toast === 'string' ? { title: toast, description: undefined } : toast
	return dataWithToast(
		body,
		{ type: 'error', title, ...(description !== undefined ? { description } : {}) },
		{ status },
	)
}
