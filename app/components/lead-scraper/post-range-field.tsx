import { useState } from 'react'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { LINKEDIN_POST_SLIDER_MAX } from '#app/schemas/lead-import.ts'
import { cn } from '#app/utils/misc.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/** What the range needs of a Conform field. */
type RangeEndMeta = {
	id: string
	name: string
	errorId: string
	errors?: string[]
	initialValue?: unknown
}

function initial(meta: RangeEndMeta, fallback: number) {
	const value = Number(meta.initialValue)
	return Number.isFinite(value) ? value : fallback
}

// One thumb's look: the track stays click-through so the thumb under the pointer is the one moved.
const THUMB =
	'[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-solid [&::-webkit-slider-thumb]:shadow [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-background [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-solid [&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-background'

/**
 * A 0–250 range ("Comments 50–250"): two thumbs on one track with JavaScript, two number boxes
 * without it. Both post `<name>Min` and `<name>Max`.
 */
export function PostRangeField({
	label,
	min,
	max,
	disabled = false,
}: {
	label: string
	min: RangeEndMeta
	max: RangeEndMeta
	disabled?: boolean
}) {
	const hydrated = useHydrated()
	const [low, setLow] = useState(() => initial(min, 0))
	const [high, setHigh] = useState(() => initial(max, LINKEDIN_POST_SLIDER_MAX))
	const errors = [...(min.errors ?? []), ...(max.errors ?? [])]
	const labelId = `${min.id}-label`
	if (!hydrated) {
		return (
			<fieldset className="grid gap-2" disabled={disabled}>
				<legend className="text-sm font-medium">{label}</legend>
				<div className="flex items-center gap-2">
					<Label htmlFor={min.id} className="sr-only">
						{label} from
					</Label>
					<Input
						id={min.id}
						name={min.name}
						type="number"
						min={0}
						max={LINKEDIN_POST_SLIDER_MAX}
						step={1}
						defaultValue={low}
						className="w-24"
					/>
					<span aria-hidden="true">–</span>
					<Label htmlFor={max.id} className="sr-only">
						{label} to
					</Label>
					<Input
						id={max.id}
						name={max.name}
						type="number"
						min={0}
						max={LINKEDIN_POST_SLIDER_MAX}
						step={1}
						defaultValue={high}
						className="w-24"
					/>
				</div>
				<ErrorList id={min.errorId} errors={errors} />
			</fieldset>
		)
	}
	const percent = (value: number) => (value / LINKEDIN_POST_SLIDER_MAX) * 100
	return (
		<div role="group" aria-labelledby={labelId} className={cn('grid gap-2', disabled && 'opacity-50')}>
			<div className="flex items-center justify-between text-sm">
				<span id={labelId} className="font-medium">
					{label}
				</span>
				<span className="tabular-nums text-muted-foreground" aria-hidden="true">
					{disabled ? 'Not imported' : `${low}–${high}`}
				</span>
			</div>
			<div className="relative h-5">
				<div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-secondary" />
				<div
					className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-primary"
					style={{ left: `${percent(low)}%`, right: `${100 - percent(high)}%` }}
				/>
				<input
					id={min.id}
					name={min.name}
					type="range"
					min={0}
					max={LINKEDIN_POST_SLIDER_MAX}
					step={1}
					value={low}
					disabled={disabled}
					aria-label={`${label} from`}
					onChange={(event) => setLow(Math.min(Number(event.currentTarget.value), high))}
					className={cn('pointer-events-none absolute inset-0 w-full appearance-none bg-transparent', THUMB)}
				/>
				<input
					id={max.id}
					name={max.name}
					type="range"
					min={0}
					max={LINKEDIN_POST_SLIDER_MAX}
					step={1}
					value={high}
					disabled={disabled}
					aria-label={`${label} to`}
					onChange={(event) => setHigh(Math.max(Number(event.currentTarget.value), low))}
					className={cn('pointer-events-none absolute inset-0 w-full appearance-none bg-transparent', THUMB)}
				/>
			</div>
			<p className="text-xs text-muted-foreground">
				{disabled
					? null
					: `From the ${ordinal(Math.max(1, low))} to the ${ordinal(high)} ${label.toLowerCase().replace(/s$/, '')}`}
			</p>
			<ErrorList id={min.errorId} errors={errors} />
		</div>
	)
}

function ordinal(value: number) {
	const tens = value % 100
	if (tens >= 11 && tens <= 13) return `${value}th`
	return `${value}${['th', 'st', 'nd', 'rd'][value % 10] ?? 'th'}`
}
