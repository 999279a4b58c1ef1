import { EMAIL_STATUS_COLOURS, StatusBadge } from '#app/components/status-badge.tsx'

type Colours = Parameters<typeof StatusBadge>[0]['colours']
type Colour = Colours[string]

// The drawer's badge colours (spec, section 4): SCHEDULED blue; SUCCESS, SENT and ACCEPTED
// green; FAILED red; PENDING yellow; any other status blue; no status zinc. The shared email
// colours agree on the ones they name; the drawer reads every other status as blue.
const DRAWER_COLOURS: Record<string, Colour> = {
	SCHEDULED: EMAIL_STATUS_COLOURS.SCHEDULED ?? 'blue',
	SENT: EMAIL_STATUS_COLOURS.SENT ?? 'green',
	ACCEPTED: EMAIL_STATUS_COLOURS.ACCEPTED ?? 'green',
	SUCCESS: 'green',
	FAILED: EMAIL_STATUS_COLOURS.FAILED ?? 'red',
	PENDING: EMAIL_STATUS_COLOURS.PENDING ?? 'yellow',
}

export function stepBadgeColour(status: string | null | undefined): Colour {
	if (!status) return 'zinc'
	return DRAWER_COLOURS[status] ?? 'blue'
}

export function StepStatusBadge({ status }: { status: string | null | undefined }) {
	const label = status || 'NO STATUS'
	return <StatusBadge status={label} colours={{ [label]: stepBadgeColour(status) }} />
}
