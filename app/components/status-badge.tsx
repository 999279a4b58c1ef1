import { Badge } from '#app/components/ui/badge.tsx'
import { statusWord } from '#app/schemas/sequence-progress.ts'
import { cn } from '#app/utils/misc.ts'

// The spec's badge colours ("Status badge colours" in companies-leads-search.md).
const COLOURS = {
	gray: 'bg-gray-100 text-gray-800',
	blue: 'bg-blue-100 text-blue-800',
	yellow: 'bg-yellow-100 text-yellow-800',
	purple: 'bg-purple-100 text-purple-800',
	fuchsia: 'bg-fuchsia-100 text-fuchsia-800',
	green: 'bg-green-100 text-green-800',
	red: 'bg-red-100 text-red-800',
	zinc: 'bg-zinc-100 text-zinc-800',
	cyan: 'bg-cyan-100 text-cyan-800',
} as const
type Colour = keyof typeof COLOURS

export const CONTACT_STATUS_COLOURS: Record<string, Colour> = {
	NEW: 'gray',
	ACTIVE: 'blue',
	ARCHIVED: 'yellow',
	INACTIVE: 'purple',
}

export const CAMPAIGN_STATUS_COLOURS: Record<string, Colour> = {
	QUEUED: 'yellow',
	DRAFT: 'fuchsia',
	ACTIVE: 'green',
	COMPLETED: 'green',
	FAILED: 'red',
	PAUSED: 'yellow',
	PENDING: 'fuchsia',
	CANCELLED: 'zinc',
	CREATING: 'blue',
	DELETED: 'zinc',
}

export const EMAIL_STATUS_COLOURS: Record<string, Colour> = {
	PENDING: 'yellow',
	FAILED: 'red',
	REPLIED: 'cyan',
	SCHEDULED: 'blue',
	SENT: 'green',
	DELETED: 'zinc',
	CANCELED: 'zinc',
	ACCEPTED: 'green',
	SENDING: 'blue',
}

export function StatusBadge({
	status,
	colours,
	className,
}: {
	status: string
	colours: Record<string, Colour>
	className?: string
}) {
	const colour = colours[status] ?? 'zinc'
	return (
		<Badge
			variant="outline"
			data-colour={colour}
			className={cn('whitespace-nowrap border-transparent', COLOURS[colour], className)}
		>
			{/* One vocabulary for every badge: words ("Active", "Draft"), never the enum's capitals (decision 045). */}
			{statusWord(status)}
		</Badge>
	)
}

export function ContactStatusBadge({ status }: { status: string }) {
	return <StatusBadge status={status} colours={CONTACT_STATUS_COLOURS} />
}

export function CampaignStatusBadge({ status }: { status: string }) {
	return <StatusBadge status={status} colours={CAMPAIGN_STATUS_COLOURS} />
}
