import { CAMPAIGN_STATUS_COLOURS, StatusBadge } from '#app/components/status-badge.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from '#app/components/ui/tooltip.tsx'
import { sequenceStatusLabel } from '#app/schemas/sequence-progress.ts'

/**
 * A sequence's status as the lists read it (sequenceStatusLabel: "Generating N%", "Draft", "Replied"…); a
 * FAILED one carries its reason as a tooltip (and a title, without JavaScript), above the row's
 * stretched link so hovering it shows the reason rather than following the link.
 */
export function SequenceStatusLabel({
	status,
	progress,
	failureReason,
	replied = false,
}: {
	status: string
	progress: number | null | undefined
	failureReason?: string | null
	/** The contact replied: a PAUSED sequence reads "Replied", not "Paused". */
	replied?: boolean
}) {
	const label = sequenceStatusLabel(status, progress, { replied })
	const badge = (
		<StatusBadge status={label} colours={{ [label]: CAMPAIGN_STATUS_COLOURS[status] ?? 'zinc' }} />
	)
	if (status !== 'FAILED' || !failureReason) return badge
	return (
		<Tooltip>
			<TooltipTrigger asChild>
				<span
					tabIndex={0}
					title={failureReason}
					data-testid="sequence-failure"
					className="relative z-10 inline-flex rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
				>
					{badge}
					<span className="sr-only">: {failureReason}</span>
				</span>
			</TooltipTrigger>
			<TooltipContent className="max-w-xs">{failureReason}</TooltipContent>
		</Tooltip>
	)
}
