import { Link, useRevalidator } from '@remix-run/react'
import { Link2, PauseCircle, X } from 'lucide-react'
import { useState } from 'react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { InstallLink, INSTALL_EXTENSION_MESSAGE } from './companion-requirement.tsx'
import { ConnectLinkedInDialog } from './connect-linkedin-dialog.tsx'
import { CHROME_REQUIRED_MESSAGE } from './linkedin-companion.ts'
import { companionNeedsAttention, type CompanionStatusValue } from './use-companion-status.ts'

// The app shell's LinkedIn banners: the companion is not connected (spec: "Banner shown when the
// LinkedIn companion is not connected"; dismissible for the browser session), or the server paused
// the user's LinkedIn account because LinkedIn refused the session — then only reconnecting helps,
// so that banner stays until it is done.

export type ShellLinkedIn = {
	connected: boolean
	username: string | null
	paused: boolean
	pauseReason: string | null
	/** The user dismissed the companion banner in this browser session (a session cookie). */
	bannerDismissed: boolean
}

/** A session cookie, so the server renders the page without the banner once it is dismissed. */
export const BANNER_DISMISSED_COOKIE = 'reachout-linkedin-banner'

/** Why the account paused, in the user's words; the scheduler records a code or a sentence. */
export function pauseReasonText(reason: string | null) {
	if (reason === 'SESSION_EXPIRED') return 'Your LinkedIn session expired.'
	if (reason === 'CHECKPOINT') return 'LinkedIn asked you to confirm it is you (a security check).'
	return reason && !/^[A-Z_]+$/.test(reason) ? reason : 'LinkedIn refused your session.'
}

export function LinkedInBanners({
	userId,
	linkedin,
	companion,
}: {
	userId: string
	linkedin: ShellLinkedIn
	companion: CompanionStatusValue
}) {
	const [dialogOpen, setDialogOpen] = useState(false)
	const { revalidate } = useRevalidator()
	const [dismissed, setDismissed] = useState(linkedin.bannerDismissed)

	const dialog = (
		<ConnectLinkedInDialog
			open={dialogOpen}
			onOpenChange={setDialogOpen}
			userId={userId}
			onConnected={() => {
				revalidate()
				companion.refresh()
			}}
		/>
	)
	if (linkedin.paused) {
		return (
			<>
				<PausedBanner reason={linkedin.pauseReason} onReconnect={() => setDialogOpen(true)} />
				{dialog}
			</>
		)
	}
	// Until the companion has answered, the server's view decides: without a LinkedIn connection the
	// banner is rendered with the page, so it never appears later and pushes the page down under a click.
	const unknown = companion.status === null || companion.status === 'loading'
	const shown = unknown ? !linkedin.connected : companionNeedsAttention(companion.status)
	if (dismissed || !shown) return dialog
	return (
		<>
			<section
				aria-label="LinkedIn companion"
				className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-sky-200 bg-sky-50 px-4 py-2.5 text-sm text-sky-950 md:px-8"
			>
				<Link2 className="h-4 w-4 shrink-0 text-sky-700" aria-hidden="true" />
				<p className="min-w-0 flex-1">
					<span className="font-medium">The LinkedIn companion is not connected.</span>{' '}
					{companion.chrome === false
						? CHROME_REQUIRED_MESSAGE
						: companion.status === 'not_installed' || unknown
							? `${INSTALL_EXTENSION_MESSAGE} to run your LinkedIn steps.`
							: 'Log in to LinkedIn in this browser, then connect it to run your LinkedIn steps.'}
				</p>
				<div className="flex items-center gap-2">
					{(companion.status === 'not_installed' || unknown) && companion.chrome !== false ? (
						<InstallLink />
					) : null}
					{companion.chrome === false ? null : (
						<Button type="button" size="sm" onClick={() => setDialogOpen(true)}>
							Connect LinkedIn
						</Button>
					)}
					<Button
						type="button"
						variant="ghost"
						size="icon"
						className="h-8 w-8"
						onClick={() => {
							document.cookie = `${BANNER_DISMISSED_COOKIE}=1; Path=/; SameSite=Lax`
							setDismissed(true)
						}}
					>
						<X aria-hidden="true" />
						<span className="sr-only">Dismiss</span>
					</Button>
				</div>
			</section>
			{dialog}
		</>
	)
}

function PausedBanner({ reason, onReconnect }: { reason: string | null; onReconnect: () => void }) {
	const hydrated = useHydrated()
	return (
		<section
			aria-label="LinkedIn paused"
			className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 md:px-8"
		>
			<PauseCircle className="h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
			<p className="min-w-0 flex-1">
				<span className="font-medium">Your LinkedIn steps are paused.</span> {pauseReasonText(reason)}{' '}
				Reconnect LinkedIn to resume them; nothing is sent until you do.
			</p>
			{hydrated ? (
				<Button type="button" size="sm" onClick={onReconnect}>
					Reconnect LinkedIn
				</Button>
			) : (
				// Connecting needs the companion, which only a script can ask: the settings page says more.
				<Link to="/settings/linkedin" className={buttonVariants({ size: 'sm' })}>
					Reconnect LinkedIn
				</Link>
			)}
		</section>
	)
}
