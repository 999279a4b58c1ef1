import { Label } from '#app/components/ui/label.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { CONTACT_SEARCH_MAX_PEOPLE } from '#app/schemas/contact-search.ts'

export type FindLeadsErrors = { lookingFor?: string[]; topX?: string[]; companyId?: string[] }

/** "What are you looking for?" and the number of people (1–20): the one-company and bulk forms. */
export function FindLeadsFields({
	peopleLabel,
	defaults,
	errors,
	onPeopleChange,
}: {
	peopleLabel: string
	defaults: { lookingFor: string; topX: number }
	errors?: FindLeadsErrors
	onPeopleChange?: (value: number) => void
}) {
	return (
		<div className="grid gap-4">
			<div className="grid gap-2">
				<Label htmlFor="find-leads-top-x">{peopleLabel}</Label>
				<Input
					id="find-leads-top-x"
					name="topX"
					type="number"
					min={1}
					max={CONTACT_SEARCH_MAX_PEOPLE}
					defaultValue={defaults.topX}
					className="w-32"
					aria-invalid={errors?.topX ? true : undefined}
					aria-describedby={errors?.topX ? 'find-leads-top-x-error' : undefined}
					onChange={(event) => onPeopleChange?.(Number(event.currentTarget.value) || 0)}
				/>
				<ErrorList id="find-leads-top-x-error" errors={errors?.topX} />
			</div>
			<div className="grid gap-2">
				<Label htmlFor="find-leads-looking-for">What are you looking for?</Label>
				<Textarea
					id="find-leads-looking-for"
					name="lookingFor"
					rows={4}
					required
					defaultValue={defaults.lookingFor}
					placeholder="e.g. VP of Sales or Head of Revenue in Europe"
					aria-invalid={errors?.lookingFor ? true : undefined}
					aria-describedby={errors?.lookingFor ? 'find-leads-looking-for-error' : undefined}
				/>
				<ErrorList id="find-leads-looking-for-error" errors={errors?.lookingFor} />
			</div>
		</div>
	)
}
