import { useLocation, useRouteLoaderData } from '@remix-run/react'
import { Loader2 } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogFooter } from '#app/components/ui/dialog.tsx'
import { DialogCancelButton, DialogShell, type DialogOpenProps } from '#app/components/ui/dialog-shell.tsx'
import type { loader as rootLoader } from '#app/root.tsx'
import { SIGN_IN_SUCCESS_MESSAGE, signInErrorMessage } from '#app/schemas/auth.ts'
import {
	GOOGLE_SIGN_IN_CHANNEL,
	GOOGLE_SIGN_IN_DONE_PATH,
	GOOGLE_SIGN_IN_POPUP,
	type GoogleSignInMessage,
} from './google-sign-in-popup.ts'

export const GOOGLE_PERMISSIONS_MESSAGES = {
	title: 'Additional permissions required',
	popupFailed: 'The popup failed to open, please try again',
	unknown: 'An unknown error occurred, please try again',
	notConfigured:
		'Google sign-in is not configured on this server, so Gmail access cannot be granted here. Ask your administrator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
} as const

const POLL_MS = 500

type PopupState =
	{ status: 'idle' } | { status: 'waiting' } | { status: 'error'; message: string; popupBlocked?: boolean }

/**
 * Google sign-in with the Gmail scopes in a popup, so the page (and the action waiting for the
 * grant) stays as it is. The popup comes back to /auth/google/done, which tells this window
 * through a BroadcastChannel; while the popup is on our origin its location is read as well
 * (a sign-in refused lands on /login?error=…).
 */
function useGoogleSignInPopup(onGranted: () => void) {
	const [state, setState] = useState<PopupState>({ status: 'idle' })
	const popup = useRef<Window | null>(null)
	const timer = useRef<ReturnType<typeof setInterval> | null>(null)
	const onGrantedRef = useRef(onGranted)
	onGrantedRef.current = onGranted

	const stopWatching = useCallback(() => {
		if (timer.current) clearInterval(timer.current)
		timer.current = null
	}, [])

	const finish = useCallback(
		(outcome: { granted: true } | { granted: false; message: string }) => {
			stopWatching()
			try {
				popup.current?.close()
			} catch {
				// Already gone.
			}
			popup.current = null
			if (outcome.granted) {
				setState({ status: 'idle' })
				onGrantedRef.current()
			} else setState({ status: 'error', message: outcome.message })
		},
		[stopWatching],
	)

	useEffect(() => {
		if (typeof BroadcastChannel === 'undefined') return
		const channel = new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL)
		channel.onmessage = (event: MessageEvent<GoogleSignInMessage>) => {
			if (event.data?.type === 'granted' && popup.current) finish({ granted: true })
		}
		return () => channel.close()
	}, [finish])

	useEffect(() => stopWatching, [stopWatching])

	function watch(window_: Window) {
		stopWatching()
		timer.current = setInterval(() => {
			// A page that isolates itself from its opener (Google's may) reads as closed: stop
			// polling but keep listening on the channel, and let the user try again.
			if (window_.closed) {
				stopWatching()
				setState((current) => (current.status === 'waiting' ? { status: 'idle' } : current))
				return
			}
			let location: Location
			try {
				location = window_.location
				if (location.origin !== window.location.origin) return
			} catch {
				return // On Google's pages.
			}
			if (location.pathname === GOOGLE_SIGN_IN_DONE_PATH) finish({ granted: true })
			else if (location.pathname === '/login') {
				const code = new URLSearchParams(location.search).get('error')
				finish({ granted: false, message: signInErrorMessage(code) ?? GOOGLE_PERMISSIONS_MESSAGES.unknown })
			}
		}, POLL_MS)
	}

	/** Opens the popup; false when the browser blocked it. */
	function start() {
		const url = `/auth/google?${new URLSearchParams({ redirectTo: GOOGLE_SIGN_IN_DONE_PATH })}`
		const opened = window.open(url, GOOGLE_SIGN_IN_POPUP, 'popup,width=520,height=680')
		if (!opened) {
			setState({ status: 'error', message: GOOGLE_PERMISSIONS_MESSAGES.popupFailed, popupBlocked: true })
			return false
		}
		popup.current = opened
		setState({ status: 'waiting' })
		watch(opened)
		return true
	}

	function reset() {
		stopWatching()
		popup.current = null
		setState({ status: 'idle' })
	}

	return { state, start, reset }
}

/**
 * "Additional permissions required": Gmail access is missing or was revoked. Allow Gmail Access
 * signs in with Google again (Gmail read and send scopes); `onGranted` runs when that succeeded,
 * so the caller can retry what failed. Without JavaScript, or when the popup is blocked, the
 * form signs in in this window and comes back to the current page.
 */
export function GooglePermissionsDialog({
	open,
	onOpenChange,
	onGranted,
}: DialogOpenProps & { onGranted?: () => void }) {
	const configured = useRouteLoaderData<typeof rootLoader>('root')?.ENV.GOOGLE_SIGN_IN ?? false
	const location = useLocation()
	const here = `${location.pathname}${location.search}`
	const { state, start, reset } = useGoogleSignInPopup(() => {
		notify({ type: 'success', title: SIGN_IN_SUCCESS_MESSAGE })
		onGranted?.()
		onOpenChange(false)
	})

	return (
		<DialogShell
			open={open}
			onOpenChange={(next) => {
				if (!next) reset()
				onOpenChange(next)
			}}
			title={GOOGLE_PERMISSIONS_MESSAGES.title}
			description="Reachout needs access to your Gmail mailbox to send your sequences from your address and to notice when a contact replies. Allow Gmail access to continue."
			descriptionId="google-permissions-description"
			className="max-w-md"
		>
			{configured ? null : (
				<p role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
					{GOOGLE_PERMISSIONS_MESSAGES.notConfigured}
				</p>
			)}
			{state.status === 'error' ? (
				<p role="alert" className="text-sm text-destructive">
					{state.message}
				</p>
			) : null}
			<form
				method="post"
				action="/auth/google"
				onSubmit={(event) => {
					// With JavaScript: a popup, so this page keeps its state. A blocked popup
					// falls back to this window on the next click (the native submit below).
					if (state.status === 'error' && state.popupBlocked) return
					event.preventDefault()
					start()
				}}
			>
				<input type="hidden" name="redirectTo" value={here} />
				<DialogFooter>
					<DialogCancelButton />
					<Button type="submit" disabled={!configured || state.status === 'waiting'}>
						{state.status === 'waiting' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
						{state.status === 'error' && state.popupBlocked
							? 'Continue in this window'
							: 'Allow Gmail Access'}
					</Button>
				</DialogFooter>
			</form>
		</DialogShell>
	)
}

/** True for the API's and actions' answer to a missing or revoked Google grant. */
export function isGoogleScopeError(body: unknown) {
	return Boolean(
		body && typeof body === 'object' && (body as { error?: unknown }).error === 'GoogleScopeError',
	)
}

/**
 * For actions that may fail with GoogleScopeError: `requestGrant(retry)` opens the permissions
 * dialog and runs `retry` once the user has signed in with Gmail access. Render `dialog`.
 */
export function useGoogleScopeRetry() {
	const [open, setOpen] = useState(false)
	const retry = useRef<(() => void) | null>(null)
	const requestGrant = useCallback((next: () => void) => {
		retry.current = next
		setOpen(true)
	}, [])
	const dialog = (
		<GooglePermissionsDialog
			open={open}
			onOpenChange={(next) => {
				setOpen(next)
				if (!next) retry.current = null
			}}
			onGranted={() => {
				const run = retry.current
				retry.current = null
				run?.()
			}}
		/>
	)
	return { requestGrant, dialog }
}

/**
 * The same request inline, for pages rendered without JavaScript: signs in with Google in this
 * window and comes back to `redirectTo`.
 */
export function GooglePermissionsNotice({ redirectTo }: { redirectTo: string }) {
	const configured = useRouteLoaderData<typeof rootLoader>('root')?.ENV.GOOGLE_SIGN_IN ?? false
	return (
		<section
			role="alert"
			aria-labelledby="google-permissions-notice-title"
			className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
		>
			<h2 id="google-permissions-notice-title" className="font-semibold">
				{GOOGLE_PERMISSIONS_MESSAGES.title}
			</h2>
			<p className="text-sm">
				Reachout needs access to your Gmail mailbox to send from your address. Allow Gmail access, then try
				again.
			</p>
			{configured ? (
				<form method="post" action="/auth/google">
					<input type="hidden" name="redirectTo" value={redirectTo} />
					<Button type="submit">Allow Gmail Access</Button>
				</form>
			) : (
				<p className="text-sm">{GOOGLE_PERMISSIONS_MESSAGES.notConfigured}</p>
			)}
		</section>
	)
}
