import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { apiRequest } from '#app/utils/api-client.ts'
import {
	fetchCompanionProfile,
	fetchCompanionStatus,
	handCompanionToken,
	type CompanionStatus,
} from './companion-status.ts'
import { isChromeBrowser } from './linkedin-companion.ts'

// The companion's status as the app shell keeps it (spec: "Companion status: connected, loading,
// not_installed or other … polled every 60 s and on window focus. When connected and the user
// has no LinkedIn username, the profile is fetched from the extension and posted to the server").

export const COMPANION_POLL_MS = 60_000

/** null until the first check starts (the server's HTML and the first render have no status). */
export type CompanionStatusState = CompanionStatus | 'loading' | null

export type CompanionStatusValue = {
	status: CompanionStatusState
	/** Chrome (or Chromium): the only browser the companion runs in. Null before hydration. */
	chrome: boolean | null
	/** Ask the companion again now (after installing it, after logging in to LinkedIn). */
	refresh: () => void
}

/**
 * Polls the companion while the user is signed in. With LinkedIn connected on the server, it also
 * gives the companion its app token when it has none (so its action loop can run) and, when the
 * user has no LinkedIn username yet, posts the profile the companion reads. Outside Chrome nothing
 * is asked: the companion cannot be there.
 */
export function useCompanionStatus({
	userId,
	serverConnected,
	linkedinUsername,
	onProfileSaved,
}: {
	userId: string | null
	serverConnected: boolean
	linkedinUsername: string | null
	/** The server's LinkedIn data changed (reload it). */
	onProfileSaved?: () => void
}): CompanionStatusValue {
	const [status, setStatus] = useState<CompanionStatusState>(null)
	const [chrome, setChrome] = useState<boolean | null>(null)
	const [hasAppToken, setHasAppToken] = useState<boolean | null>(null)
	const request = useRef(0)
	const tokenHanded = useRef(false)
	const profileTried = useRef(false)

	const check = useCallback(async () => {
		if (!userId) return
		if (!isChromeBrowser(navigator.userAgent)) {
			setChrome(false)
			setStatus('other')
			return
		}
		setChrome(true)
		const id = ++request.current
		// Only the first check reads "loading"; later polls keep the last answer until the next
		// arrives, so the banner does not blink every minute.
		setStatus((current) => current ?? 'loading')
		const result = await fetchCompanionStatus(userId)
		if (id !== request.current) return
		setStatus(result.status)
		setHasAppToken(result.hasAppToken)
	}, [userId])

	useEffect(() => {
		if (!userId) return
		void check()
		const timer = setInterval(() => void check(), COMPANION_POLL_MS)
		const onFocus = () => void check()
		window.addEventListener('focus', onFocus)
		return () => {
			clearInterval(timer)
			window.removeEventListener('focus', onFocus)
		}
	}, [userId, check])

	// The companion runs the user's LinkedIn steps once it holds an app token.
	useEffect(() => {
		if (status !== 'connected' || !serverConnected || hasAppToken !== false || tokenHanded.current) return
		tokenHanded.current = true
		handCompanionToken(userId)
			.then(() => setHasAppToken(true))
			.catch(() => {
				// Tried again on the next poll.
				tokenHanded.current = false
			})
	}, [status, serverConnected, hasAppToken, userId])

	useEffect(() => {
		if (status !== 'connected' || !serverConnected || linkedinUsername || profileTried.current) return
		profileTried.current = true
		fetchCompanionProfile()
			.then(async (profile) => {
				if (!profile) return
				await apiRequest('/api/v1/linkedin/profile', { method: 'POST', body: { userDetails: profile } })
				onProfileSaved?.()
			})
			// The profile is a nicety (the username shows in settings); the next page load tries again.
			.catch(() => {})
	}, [status, serverConnected, linkedinUsername, onProfileSaved])

	const refresh = useCallback(() => void check(), [check])
	return { status, chrome, refresh }
}

/** The shell's status, for the features that need the companion (the dialog, settings). */
export const CompanionStatusContext = createContext<CompanionStatusValue | null>(null)

export function useCompanionStatusContext() {
	return useContext(CompanionStatusContext)
}

/** The banner's rule (spec): a status exists and is neither connected nor loading. */
export function companionNeedsAttention(status: CompanionStatusState) {
	return status !== null && status !== 'connected' && status !== 'loading'
}
