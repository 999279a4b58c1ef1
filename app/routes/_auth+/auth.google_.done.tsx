import { type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { CheckCircle2 } from 'lucide-react'
import { useEffect } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	GOOGLE_SIGN_IN_CHANNEL,
	GOOGLE_SIGN_IN_POPUP,
	type GoogleSignInMessage,
} from '#app/components/mail/google-sign-in-popup.ts'
import { buttonVariants } from '#app/components/ui/button.tsx'

// Where Google sign-in started from the "Additional permissions required" popup comes back
// (/auth/google?redirectTo=/auth/google/done). It tells the opener, which retries what needed
// Gmail access, and closes itself. Opened any other way it is a plain "you're done" page.

export default function GoogleSignInDoneRoute() {
	useEffect(() => {
		if (typeof BroadcastChannel !== 'undefined') {
			const channel = new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL)
			channel.postMessage({ type: 'granted' } satisfies GoogleSignInMessage)
			channel.close()
		}
		if (window.name === GOOGLE_SIGN_IN_POPUP) window.close()
	}, [])
	return (
		<main className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-12">
			<div className="flex max-w-sm flex-col items-center gap-3 text-center">
				<CheckCircle2 aria-hidden="true" className="h-10 w-10 text-emerald-600" />
				<h1 className="text-xl font-semibold">Gmail access granted</h1>
				<p className="text-sm text-muted-foreground">
					You can close this window and continue where you were.
				</p>
				<Link to="/contacts" className={buttonVariants({ variant: 'outline' })}>
					Continue to Reachout
				</Link>
			</div>
		</main>
	)
}

export const meta: MetaFunction = () => [{ title: 'Gmail access granted · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
