import { Form, Link } from '@remix-run/react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { type FilterErrors } from '#app/schemas/admin.ts'

export type AdminFilterKind = 'organizations' | 'campaigns'

/** The form's values as the URL holds them (strings), so a refused value is shown as typed. */
export type AdminFilterValues = Partial<Record<string, string>>

const TITLES: Record<AdminFilterKind, string> = {
	organizations: 'Dashboard Filters',
	campaigns: 'Campaigns Filters',
}

export function adminFiltersTitle(kind: AdminFilterKind) {
	return TITLES[kind]
}

/** Today in the browser's time zone (the date inputs' max); the server checks again. */
function localToday() {
	const now = new Date()
	return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
}

/**
 * The Dashboard Filters / Campaigns Filters form: a GET form, so the filters are the URL (shareable,
 * and it works without JavaScript). Applying starts again at page 1.
 */
export function AdminFiltersForm({
	kind,
	action,
	values,
	errors,
	onApplied,
}: {
	kind: AdminFilterKind
	action: string
	values: AdminFilterValues
	errors?: FilterErrors
	onApplied?: () => void
}) {
	const id = `admin-${kind}-filters`
	const minimumKey = kind === 'organizations' ? 'leadsContacted' : 'contactsAdded'
	const checked = (key: string) => ['on', 'true', '1'].includes(values[key]?.toLowerCase() ?? '')
	return (
		<Form method="get" action={action} id={id} className="grid gap-4" onSubmit={() => onApplied?.()}>
			<ErrorList errors={errors?.page} />
			<div className="grid gap-2">
				<Label htmlFor={`${id}-search`}>
					{kind === 'organizations' ? 'Organization name' : 'Campaign or organization'}
				</Label>
				<Input
					id={`${id}-search`}
					name="search"
					type="search"
					defaultValue={values.search ?? ''}
					maxLength={200}
				/>
				<ErrorList errors={errors?.search} />
			</div>
			<fieldset className="grid gap-2">
				<legend className="sr-only">Organizations</legend>
				<label className="flex items-center gap-2 text-sm">
					<input
						type="checkbox"
						name="activeSubscription"
						value="true"
						defaultChecked={checked('activeSubscription')}
						className="size-4"
					/>
					Active subscription only
				</label>
				<ErrorList errors={errors?.activeSubscription} />
				<label className="flex items-center gap-2 text-sm">
					<input
						type="checkbox"
						name="autoLeads"
						value="true"
						defaultChecked={checked('autoLeads')}
						className="size-4"
					/>
					Uses automatic lead finding (contact search or the lead scraper)
				</label>
				<ErrorList errors={errors?.autoLeads} />
			</fieldset>
			<div className="grid gap-4 sm:grid-cols-2">
				<div className="grid content-start gap-2">
					<Label htmlFor={`${id}-noContactsSince`}>No contacts since</Label>
					<Input
						id={`${id}-noContactsSince`}
						name="noContactsSince"
						type="date"
						max={localToday()}
						defaultValue={values.noContactsSince ?? ''}
						aria-invalid={errors?.noContactsSince ? true : undefined}
					/>
					<ErrorList errors={errors?.noContactsSince} />
				</div>
				{kind === 'organizations' ? (
					<div className="grid content-start gap-2">
						<Label htmlFor={`${id}-createdAfter`}>Created on or after</Label>
						<Input
							id={`${id}-createdAfter`}
							name="createdAfter"
							type="date"
							max={localToday()}
							defaultValue={values.createdAfter ?? ''}
							aria-invalid={errors?.createdAfter ? true : undefined}
						/>
						<ErrorList errors={errors?.createdAfter} />
					</div>
				) : null}
				<div className="grid content-start gap-2">
					<Label htmlFor={`${id}-${minimumKey}`}>
						{kind === 'organizations' ? 'Leads contacted (at least)' : 'Contacts added (at least)'}
					</Label>
					<Input
						id={`${id}-${minimumKey}`}
						name={minimumKey}
						type="number"
						min={0}
						step={1}
						defaultValue={values[minimumKey] ?? '1'}
						aria-invalid={errors?.[minimumKey] ? true : undefined}
					/>
					<ErrorList errors={errors?.[minimumKey]} />
				</div>
			</div>
			<div className="flex flex-wrap justify-end gap-2">
				<Link
					to={`${action}?reset=1`}
					className={buttonVariants({ variant: 'outline' })}
					onClick={() => onApplied?.()}
				>
					Reset filters
				</Link>
				<Button type="submit">Apply filters</Button>
			</div>
		</Form>
	)
}
