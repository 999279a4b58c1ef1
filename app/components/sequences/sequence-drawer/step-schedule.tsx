import { Clock } from 'lucide-react'
import { type StepHold } from '#app/schemas/sequence-drawer.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { formatStepTime, HOLD_TEXT } from './step-labels.ts'

/**
 * When an email step goes (or went), in the user's time zone and the contact's, and why it waits
 * while it does (decision 014). The user's zone is the browser's once hydrated; before that (and
 * without JavaScript) the organization's, named, so the time is never ambiguous. ("Went out", not
 * "Sent", so the words never read as the SENT badge.)
 */
export function StepSchedule({
	plannedAt,
	sentAt,
	hold,
	timeZones,
}: {
	plannedAt: string | null
	sentAt: string | null
	hold: StepHold | null
	timeZones: { organization: string; contact: string }
}) {
	const userZone = useUserTimeZone(timeZones.organization)
	const time = sentAt ?? plannedAt
	if (!time && !hold) return null
	const at = time ? new Date(time) : null
	return (
		<div className="grid gap-0.5 text-xs" data-testid="step-schedule">
			{at ? (
				<p className="flex flex-wrap items-center gap-x-1.5 text-muted-foreground">
					<Clock className="h-3.5 w-3.5" aria-hidden="true" />
					<span className="font-medium text-foreground" data-testid="step-time">
						{sentAt ? 'Went out' : 'Planned'} {formatStepTime(at, userZone)}
					</span>
					<span>your time ({userZone})</span>
				</p>
			) : null}
			{at && timeZones.contact !== userZone ? (
				<p className="pl-5 text-muted-foreground" data-testid="step-contact-time">
					{formatStepTime(at, timeZones.contact)} for the contact ({timeZones.contact})
				</p>
			) : null}
			{hold ? (
				<p className="pl-5 text-amber-700" data-testid="step-hold">
					{HOLD_TEXT[hold]}
				</p>
			) : null}
		</div>
	)
}

/** The browser's zone once hydrated; before that (and without JavaScript) the fallback. */
export function useUserTimeZone(fallback: string) {
	const hydrated = useHydrated()
	if (!hydrated) return fallback
	return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback
}
