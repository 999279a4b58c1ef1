import { isRouteErrorResponse, Link, useParams, useRouteError, type ErrorResponse } from '@remix-run/react'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { getErrorMessage } from '#app/utils/misc.ts'

type StatusHandler = (info: {
	error: ErrorResponse
	params: Record<string, string | undefined>
}) => React.ReactNode

/**
 * One error page for every route. 404 gets "Page not found" with a way home; other responses and
 * unexpected errors get a friendly message. Pass statusHandlers to override a status per route.
 */
export function GeneralErrorBoundary({
	defaultStatusHandler = DefaultStatusHandler,
	statusHandlers,
	unexpectedErrorHandler = UnexpectedError,
}: {
	defaultStatusHandler?: StatusHandler
	statusHandlers?: Record<number, StatusHandler>
	unexpectedErrorHandler?: (error: unknown) => React.ReactNode
}) {
	const error = useRouteError()
	const params = useParams()
	if (typeof document !== 'undefined') console.error(error)
	return (
		<div className="flex min-h-[60vh] items-center justify-center p-6">
			<div className="w-full max-w-md text-center">
				{isRouteErrorResponse(error)
					? (statusHandlers?.[error.status] ?? defaultStatusHandler)({ error, params })
					: unexpectedErrorHandler(error)}
			</div>
		</div>
	)
}

function DefaultStatusHandler({ error }: { error: ErrorResponse }) {
	if (error.status === 404) return <NotFound />
	if (error.status === 403) {
		return (
			<ErrorMessage
				code={403}
				title="You don't have access to this page"
				message="Ask an owner or admin of your organization if you think you should."
			/>
		)
	}
	if (error.status === 401) {
		return (
			<ErrorMessage
				code={401}
				title="Please sign in"
				message="Your session has ended."
				linkTo="/login"
				linkLabel="Sign in"
			/>
		)
	}
	if (error.status === 429) {
		return (
			<ErrorMessage
				code={429}
				title="Too many requests"
				message={messageFromData(error.data) ?? 'Please wait a minute and try again.'}
			/>
		)
	}
	return (
		<ErrorMessage
			code={error.status}
			title="Something went wrong"
			message={messageFromData(error.data) ?? 'We could not complete that request. Please try again.'}
		/>
	)
}

function UnexpectedError(error: unknown) {
	// In production the message of a server error is replaced by Remix, so this stays friendly.
	const detail = import.meta.env.DEV ? getErrorMessage(error) : null
	return (
		<ErrorMessage
			title="Something went wrong"
			message="An unexpected error occurred. Please try again in a moment."
			detail={detail}
		/>
	)
}

export function NotFound() {
	return (
		<ErrorMessage
			code={404}
			title="Page not found"
			message="We couldn't find the page you were looking for. It may have moved or never existed."
		/>
	)
}

function ErrorMessage({
	code,
	title,
	message,
	detail,
	linkTo = '/',
	linkLabel = 'Go home',
}: {
	code?: number
	title: string
	message: string
	detail?: string | null
	linkTo?: string
	linkLabel?: string
}) {
	return (
		<div className="flex flex-col items-center gap-4">
			{code ? <p className="text-sm font-semibold text-muted-foreground">{code}</p> : null}
			<h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
			<p className="text-muted-foreground">{message}</p>
			{detail ? (
				<pre className="max-w-full overflow-auto rounded-md bg-muted p-3 text-left text-xs">{detail}</pre>
			) : null}
			<Link to={linkTo} className={buttonVariants({ variant: 'default' })}>
				{linkLabel}
			</Link>
		</div>
	)
}

function messageFromData(data: unknown) {
	if (typeof data === 'string' && data.length > 0 && data.length < 300) return data
	if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string')
		return data.message
	return null
}
