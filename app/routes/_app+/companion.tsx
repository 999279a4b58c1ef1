import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Download } from 'lucide-react'
import { useEffect, useState } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	fetchCompanionStatus,
	type CompanionStatusResult,
} from '#app/components/linkedin/companion-status.ts'
import {
	CHROME_REQUIRED_MESSAGE,
	isChromeBrowser,
	LINKEDIN_COMPANION_EXTENSION_ID,
} from '#app/components/linkedin/linkedin-companion.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { companionZipInfo } from '#app/models/companion/companion-download.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'

// The Chrome companion's download page: what it does, what it can reach, how to install it
// (decision 032). "To use this feature, you need to install our Chrome extension" links here.

const COMPANION_DOWNLOAD_PATH = '/resources/companion.zip'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const zip = await companionZipInfo()
	return {
		userId: actor.userId,
		zipBytes: zip?.bytes ?? null,
		extensionId: LINKEDIN_COMPANION_EXTENSION_ID,
	}
}

type Detected = CompanionStatusResult | 'checking' | 'not_chrome'

/** Whether this browser has the companion, asked once the page is in the browser. */
function useDetectedCompanion(userId: string): Detected {
	const [detected, setDetected] = useState<Detected>('checking')
	useEffect(() => {
		if (!isChromeBrowser(navigator.userAgent)) {
			setDetected('not_chrome')
			return
		}
		let live = true
		void fetchCompanionStatus(userId, { timeoutMs: 3_000 }).then((status) => {
			if (live) setDetected(status)
		})
		return () => {
			live = false
		}
	}, [userId])
	return detected
}

function DetectedBadge({ detected }: { detected: Detected }) {
	if (detected === 'checking') return <Badge variant="secondary">Checking this browser…</Badge>
	if (detected === 'not_chrome') return <Badge variant="warning">Chrome required</Badge>
	if (detected.status === 'not_installed')
		return <Badge variant="secondary">Not installed in this browser</Badge>
	if (!detected.linkedinLoggedIn) return <Badge variant="warning">Installed · log in to LinkedIn</Badge>
	return <Badge variant="success">Installed · LinkedIn logged in</Badge>
}

export default function CompanionRoute() {
	const { userId, zipBytes, extensionId } = useLoaderData<typeof loader>()
	const detected = useDetectedCompanion(userId)
	const download =
		zipBytes === null ? (
			<p role="status" className="text-sm text-muted-foreground">
				The companion has not been built on this server yet.
			</p>
		) : (
			<a href={COMPANION_DOWNLOAD_PATH} download className={buttonVariants()}>
				<Download aria-hidden="true" />
				Download the companion
				<span className="sr-only">(zip, {Math.ceil(zipBytes / 1024)} KB)</span>
			</a>
		)

	return (
		<div className="mx-auto grid max-w-3xl gap-6">
			<PageHeader
				title="Reachout companion for Chrome"
				description="Connects your LinkedIn account and carries out your sequences' LinkedIn steps from your own browser."
				actions={download}
			/>
			<div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
				<span className="text-muted-foreground">Status:</span>
				<DetectedBadge detected={detected} />
			</div>
			{detected === 'not_chrome' ? (
				<p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
					{CHROME_REQUIRED_MESSAGE}
				</p>
			) : null}

			<Card>
				<CardHeader>
					<CardTitle className="text-lg">What it does</CardTitle>
				</CardHeader>
				<CardContent className="grid gap-2 text-sm">
					<ul className="grid list-disc gap-1.5 pl-5">
						<li>Hands Reachout your LinkedIn session when you click Connect LinkedIn.</li>
						<li>
							Sends your connection requests and messages, checks whether requests were accepted and reads
							replies — from this browser and your own internet connection, paced like a person, within your
							LinkedIn limits (12 requests a day, 100 a week).
						</li>
						<li>Asks Reachout for due LinkedIn steps about once a minute while Chrome is open.</li>
						<li>Finds the people who reacted to or commented on a LinkedIn post, for lead search.</li>
					</ul>
					<p className="text-muted-foreground">
						A reply on LinkedIn stops the whole sequence, email steps included, as an email reply does.
					</p>
				</CardContent>
			</Card>

			<Card>
				<CardHeader>
					<CardTitle className="text-lg">What it can access</CardTitle>
				</CardHeader>
				<CardContent className="grid gap-2 text-sm">
					<ul className="grid list-disc gap-1.5 pl-5">
						<li>
							Your LinkedIn login cookies (<code>li_at</code> and <code>JSESSIONID</code>) on linkedin.com,
							and LinkedIn&apos;s pages it calls for your steps.
						</li>
						<li>Reachout, to fetch due steps and report what happened.</li>
						<li>
							Its own storage, for the token that links it to your Reachout account. Reconnecting LinkedIn
							replaces the token.
						</li>
					</ul>
					<p className="text-muted-foreground">
						It cannot read other sites, your tabs or your browsing history. Only Reachout&apos;s pages can
						talk to it.
					</p>
				</CardContent>
			</Card>

			<Card>
				<CardHeader>
					<CardTitle className="text-lg">Install</CardTitle>
				</CardHeader>
				<CardContent className="grid gap-4 text-sm">
					<ol className="grid list-decimal gap-2 pl-5">
						<li>Download the companion (a zip file) with the button on this page.</li>
						<li>Unzip it: you get a folder with the extension inside.</li>
						<li>
							In Chrome, open <code className="rounded bg-muted px-1 py-0.5">chrome://extensions</code> (type
							it in the address bar).
						</li>
						<li>Turn on Developer mode (the switch at the top right).</li>
						<li>Click Load unpacked and choose the unzipped folder.</li>
						<li>
							Log in to LinkedIn in Chrome, then use Connect LinkedIn in Reachout and tick &quot;I have
							completed both&quot;.
						</li>
					</ol>
					<div className="flex flex-wrap items-center gap-3">
						{download}
						<span className="text-xs text-muted-foreground">
							Extension ID <code>{extensionId}</code>
						</span>
					</div>
				</CardContent>
			</Card>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Reachout companion for Chrome · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
