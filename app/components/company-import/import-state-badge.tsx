import { type CompanyImportState } from '#app/generated/prisma/enums.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { cn } from '#app/utils/misc.ts'

// The status badge's colours (spec "Status badge colours"): running blue, waiting for the user
// yellow, done green, failed red, discarded zinc.
const STATE_COLOURS: Record<CompanyImportState, string> = {
	MAPPING: 'bg-yellow-100 text-yellow-800',
	PARSING: 'bg-blue-100 text-blue-800',
	PROCESSING: 'bg-blue-100 text-blue-800',
	CANCELLING: 'bg-zinc-100 text-zinc-800',
	PREVIEWING: 'bg-yellow-100 text-yellow-800',
	SAVING: 'bg-blue-100 text-blue-800',
	COMPLETED: 'bg-green-100 text-green-800',
	FAILED: 'bg-red-100 text-red-800',
	REJECTED: 'bg-zinc-100 text-zinc-800',
}

/** `label` is the state's label (COMPANY_IMPORT_STATE_LABELS), which the loader sends. */
export function ImportStateBadge({
	state,
	label,
	className,
}: {
	state: CompanyImportState
	label: string
	className?: string
}) {
	return (
		<Badge
			variant="outline"
			data-state={state}
			className={cn('whitespace-nowrap border-transparent', STATE_COLOURS[state], className)}
		>
			{label}
		</Badge>
	)
}
