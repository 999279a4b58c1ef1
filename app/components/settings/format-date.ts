// UTC, so the server's render and the browser's hydration print the same day.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** An ISO timestamp from a loader as e.g. "Mar 4, 2026". */
export function formatDate(iso: string) {
	return dateFormat.format(new Date(iso))
}
