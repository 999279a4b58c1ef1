import { Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { DialogCancelButton, DialogShell, type DialogOpenProps } from '#app/components/ui/dialog-shell.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { apiRequest } from '#app/utils/api-client.ts'
import { CompanionRequirementNotice } from './companion-requirement.tsx'
import {
	CHROME_REQUIRED_MESSAGE,
	isChromeBrowser,
	LinkedInCompanionError,
	requestLinkedInAuth,
} from './linkedin-companion.ts'
import { useCompanionStatusContext } from './use-companion-status.ts'
import { handCompanionToken } from './companion-status.ts'

const CONNECT_FAILED_MESSAGE = 'Failed to connect LinkedIn'
const AUTHENTICATE_FAILED_MESSAGE = 'Failed to authenticate with LinkedIn'
const COMPANION_LINK_FAILED_MESSAGE =
	'LinkedIn is connected, but the companion could not be linked to Reachout: your LinkedIn steps will not run from this browser'

/**
 * Connect LinkedIn: the user installs the companion and logs in to LinkedIn, ticks "I have
 * completed both", and Connect asks the companion for the session and stores it on the server.
 * The companion is a Chrome extension, so other browsers are told to use Chrome.
 */
export function ConnectLinkedInDialog({
	open,
	onOpenChange,
	userId,
	onConnected,
}: DialogOpenProps & {
	userId: string | null
	onConnected: () => void
}) {
	const [completed, setCompleted] = useState(false)
	const [orgConsent, setOrgConsent] = useState(false)
	const [pending, setPending] = useState(false)
	// Read after mount: the server renders without a user agent to check.
	const [isChrome, setIsChrome] = useState(true)
	// The shell's companion status: a missing extension is named before the user tries.
	const companion = useCompanionStatusContext()
	useEffect(() => setIsChrome(isChromeBrowser(navigator.userAgent)), [])
	// Each opening starts unticked: the user confirms the steps again.
	useEffect(() => {
		if (!open) return
		setCompleted(false)
		setOrgConsent(false)
	}, [open])

	async function connect() {
		if (!isChromeBrowser(navigator.userAgent)) {
			notify({ type: 'error', title: CHROME_REQUIRED_MESSAGE })
			return
		}
		setPending(true)
		try {
			const auth = await requestLinkedInAuth(userId)
			await apiRequest('/api/v1/linkedin/auth-status', {
				method: 'POST',
				body: { isAuthenticated: true, linkedInAuthData: auth, linkedinOrgConsent: orgConsent },
				fallbackMessage: CONNECT_FAILED_MESSAGE,
			})
			notify({ type: 'success', title: 'LinkedIn connected successfully' })
			// The companion carries out the LinkedIn steps from this browser with its own token; the
			// connection stands without it, so a failure here is only said.
			await handCompanionToken(userId).catch((error: unknown) =>
				notify({
					type: 'error',
					title: COMPANION_LINK_FAILED_MESSAGE,
					description: error instanceof Error ? error.message : undefined,
				}),
			)
			onConnected()
			onOpenChange(false)
		} catch (error) {
			// The shell's status (and its banner) learn what this attempt found.
			if (error instanceof LinkedInCompanionError && error.code === 'not_installed') companion?.refresh()
			notify({
				type: 'error',
				title: error instanceof Error && error.message ? error.message : AUTHENTICATE_FAILED_MESSAGE,
			})
		} finally {
			setPending(false)
		}
	}

	return (
		<DialogShell
			open={open}
			onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}
			title="Connect LinkedIn"
			description="LinkedIn requests and messages are sent from your own LinkedIn account through the Reachout companion for Chrome."
			descriptionId="connect-linkedin-description"
			className="max-w-md"
			footer={
				<>
					<DialogCancelButton disabled={pending} />
					<Button type="button" onClick={connect} disabled={!completed || pending}>
						{pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
						Connect LinkedIn
					</Button>
				</>
			}
		>
			{isChrome ? (
				<CompanionRequirementNotice value={companion ? { status: companion.status, chrome: true } : null} />
			) : (
				<p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
					{CHROME_REQUIRED_MESSAGE}
				</p>
			)}
			<ol className="grid list-decimal gap-2 pl-5 text-sm">
				<li>
					Install the{' '}
					<a href="/companion" target="_blank" rel="noreferrer" className="underline underline-offset-4">
						Reachout companion extension
					</a>{' '}
					in Chrome.
				</li>
				<li>
					Log in to{' '}
					<a
						href="https://www.linkedin.com/login"
						target="_blank"
						rel="noreferrer"
						className="underline underline-offset-4"
					>
						LinkedIn
					</a>{' '}
					in the same browser.
				</li>
			</ol>
			<div className="grid gap-3">
				<div className="flex items-center gap-2">
					<Checkbox
						id="connect-linkedin-completed"
						checked={completed}
						onChange={(event) => setCompleted(event.target.checked)}
						disabled={pending}
					/>
					<Label htmlFor="connect-linkedin-completed">I have completed both</Label>
				</div>
				<div className="flex items-start gap-2">
					<Checkbox
						id="connect-linkedin-org-consent"
						className="mt-0.5"
						checked={orgConsent}
						onChange={(event) => setOrgConsent(event.target.checked)}
						disabled={pending}
						aria-describedby="connect-linkedin-org-consent-hint"
					/>
					<div className="grid gap-0.5">
						<Label htmlFor="connect-linkedin-org-consent">Allow organization-level LinkedIn usage</Label>
						<p id="connect-linkedin-org-consent-hint" className="text-xs text-muted-foreground">
							Optional. Your team administrators may run campaigns through your LinkedIn account. You can
							revoke this at any time.
						</p>
					</div>
				</div>
			</div>
		</DialogShell>
	)
}
