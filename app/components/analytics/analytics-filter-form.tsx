import { Form, Link } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { type AnalyticsFilter } from '#app/schemas/analytics.ts'

type Option = { id: string; label: string }

/**
 * The Analytics page's filter: a GET form, so it works without JavaScript and a filtered view is a
 * link to share. The server validates it (a refused field shows its message and its default).
 */
export function AnalyticsFilterForm({
	filter,
	errors,
	options,
}: {
	filter: AnalyticsFilter
	errors: Partial<Record<keyof AnalyticsFilter, string>>
	options: { mailboxes: Option[]; users: Option[]; campaigns: Option[] }
}) {
	// Keyed by the filter so a navigation resets the uncontrolled fields to what the server used.
	return (
		<Form
			method="get"
			key={JSON.stringify(filter)}
			aria-label="Analytics filters"
			className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 sm:items-end lg:grid-cols-4"
		>
			<Field label="From" name="from" error={errors.from}>
				<Input
					id="analytics-from"
					type="date"
					name="from"
					defaultValue={filter.from}
					aria-invalid={errors.from ? true : undefined}
					aria-describedby={errors.from ? 'analytics-from-error' : undefined}
				/>
			</Field>
			<Field label="To" name="to" error={errors.to}>
				<Input
					id="analytics-to"
					type="date"
					name="to"
					defaultValue={filter.to}
					aria-invalid={errors.to ? true : undefined}
					aria-describedby={errors.to ? 'analytics-to-error' : undefined}
				/>
			</Field>
			<Field label="Group by" name="granularity" error={errors.granularity}>
				<NativeSelect id="analytics-granularity" name="granularity" defaultValue={filter.granularity}>
					<option value="day">Day</option>
					<option value="week">Week</option>
				</NativeSelect>
			</Field>
			<Choice
				label="Mailbox"
				name="mailbox"
				all="All mailboxes"
				value={filter.mailbox}
				options={options.mailboxes}
				error={errors.mailbox}
			/>
			<Choice
				label="User"
				name="user"
				all="All users"
				value={filter.user}
				options={options.users}
				error={errors.user}
			/>
			<Choice
				label="Campaign"
				name="campaign"
				all="All campaigns"
				value={filter.campaign}
				options={options.campaigns}
				error={errors.campaign}
			/>
			<div className="flex gap-2">
				<Button type="submit">Apply</Button>
				<Link
					to="/analytics"
					className="self-center text-sm text-muted-foreground underline underline-offset-4"
				>
					Reset
				</Link>
			</div>
		</Form>
	)
}

function Field({
	label,
	name,
	error,
	children,
}: {
	label: string
	name: string
	error?: string
	children: React.ReactNode
}) {
	return (
		<div className="space-y-1.5">
			<Label htmlFor={`analytics-${name}`}>{label}</Label>
			{children}
			<ErrorList id={`analytics-${name}-error`} errors={error ? [error] : []} />
		</div>
	)
}

function Choice({
	label,
	name,
	all,
	value,
	options,
	error,
}: {
	label: string
	name: string
	all: string
	value: string | null
	options: Option[]
	error?: string
}) {
	return (
		<Field label={label} name={name} error={error}>
			<NativeSelect
				id={`analytics-${name}`}
				name={name}
				defaultValue={value ?? ''}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `analytics-${name}-error` : undefined}
			>
				<option value="">{all}</option>
				{options.map((option) => (
					<option key={option.id} value={option.id}>
						{option.label}
					</option>
				))}
			</NativeSelect>
		</Field>
	)
}
