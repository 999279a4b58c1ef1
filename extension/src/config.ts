// The build settings (scripts/build-extension.ts defines __COMPANION_CONFIG__ when it bundles).

declare const __COMPANION_CONFIG__: {
	/** The app's origin: where the action loop claims and reports LinkedIn actions. */
	appOrigin: string
	/** The LinkedIn base the companion reads the session cookies of and calls. */
	linkedinBaseUrl: string
	/** How often the action loop wakes up to claim due actions. */
	pollSeconds: number
	version: string
}

export const CONFIG = __COMPANION_CONFIG__
