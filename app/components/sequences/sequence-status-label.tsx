import { CAMPAIGN_STATUS_COLOURS, StatusBadge } from '#app/components/status-badge.tsx'
import { sequenceStatusLabel } from '#app/schemas/sequence-progress.ts'

/** A sequence's status as the lists read it ("Generating N%", "Draft", else the status). */
export function SequenceStatusLabel({
	status,
	progress,
}: {
	status: string
	progress: number | null | undefined
}) {
	const label = sequenceStatusLabel(status, progress)
	return <StatusBadge status={label} colours={{ [label]: CAMPAIGN_STATUS_COLOURS[status] ?? 'zinc' }} />
}
