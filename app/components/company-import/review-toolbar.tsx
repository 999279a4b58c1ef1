import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { Filter, X } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Select } from '#app/components/ui/select.tsx'
import type { ReviewSort } from '#app/models/company-import/import-rows.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/** Filter by instructions (Filter / Clear) and the sort (Required Fields First / Name A-Z). */
export function ReviewToolbar({
	sort,
	filterInstructions,
}: {
	sort: ReviewSort
	filterInstructions: string | null
}) {
	const hydrated = useHydrated()
	const submit = useSubmit()
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
	return (
		<div className="flex flex-wrap items-end gap-4">
			<Form method="post" className="flex min-w-[20rem] flex-1 items-end gap-2">
				<div className="flex-1 space-y-1">
					<label htmlFor="review-filter" className="text-sm font-medium">
						Filter by instructions
					</label>
					<Input
						id="review-filter"
						name="instructions"
						defaultValue={filterInstructions ?? ''}
						maxLength={2_000}
						placeholder="For example: software companies in Europe"
					/>
				</div>
				<Button
					type="submit"
					name="intent"
					value="filter"
					variant="secondary"
					disabled={pending === 'filter'}
				>
					<Filter aria-hidden="true" />
					{pending === 'filter' ? 'Filtering…' : 'Filter'}
				</Button>
				<Button type="submit" name="intent" value="clear-filter" variant="ghost" formNoValidate>
					<X aria-hidden="true" />
					Clear
				</Button>
			</Form>
			<Form method="get" className="flex items-end gap-2">
				<div className="space-y-1">
					<label htmlFor="review-sort" className="text-sm font-medium">
						Sort
					</label>
					<Select
						id="review-sort"
						name="sort"
						defaultValue={sort}
						className="w-56"
						onChange={(event) => {
							if (hydrated) submit(event.currentTarget.form, { preventScrollReset: true, replace: true })
						}}
					>
						<option value="requiredFieldsFirst">Required Fields First</option>
						<option value="name">Name A-Z</option>
					</Select>
				</div>
				{hydrated ? null : (
					<Button type="submit" variant="outline">
						Sort
					</Button>
				)}
			</Form>
		</div>
	)
}
