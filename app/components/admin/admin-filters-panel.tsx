import { Form, Link, useSearchParams } from '@remix-run/react'
import { SlidersHorizontal } from 'lucide-react'
import { useState } from 'react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { type FilterErrors } from '#app/schemas/admin.ts'
import {
	AdminFiltersForm,
	adminFiltersTitle,
	type AdminFilterKind,
	type AdminFilterValues,
} from './admin-filters-form.tsx'

/**
 * The search box and the Filters button above an admin table. Without JavaScript the button is a
 * link that opens the form on the page (`?filters=1`); with it, the modal. Refused filters always
 * show the form on the page with their messages.
 */
export function AdminFiltersPanel({
	kind,
	action,
	values,
	errors,
	query,
}: {
	kind: AdminFilterKind
	action: string
	values: AdminFilterValues
	errors: FilterErrors | null
	query: string
}) {
	const [searchParams] = useSearchParams()
	const [open, setOpen] = useState(false)
	const title = adminFiltersTitle(kind)
	const showOnPage = Boolean(errors) || searchParams.has('filters')
	const openHref = `${action}?${new URLSearchParams([...new URLSearchParams(query), ['filters', '1']]).toString()}`
	const active = new URLSearchParams(query)
	active.delete('search')
	return (
		<div className="flex flex-col gap-3">
			<div className="flex flex-wrap items-center gap-2">
				{/* The search keeps the other filters; a new search starts at page 1. */}
				<Form method="get" action={action} role="search" className="flex gap-2">
					{[...active.entries()].map(([key, value]) => (
						<input key={key} type="hidden" name={key} value={value} />
					))}
					<Input
						type="search"
						name="search"
						aria-label={kind === 'organizations' ? 'Search organizations' : 'Search campaigns'}
						placeholder={kind === 'organizations' ? 'Search organizations...' : 'Search campaigns...'}
						defaultValue={values.search ?? ''}
						className="w-64"
					/>
					<Button type="submit" variant="secondary">
						Search
					</Button>
				</Form>
				<Link
					to={openHref}
					className={buttonVariants({ variant: 'outline' })}
					onClick={(event) => {
						event.preventDefault()
						setOpen(true)
					}}
				>
					<SlidersHorizontal aria-hidden="true" />
					Filters{active.size ? ` (${active.size})` : ''}
				</Link>
			</div>
			{showOnPage ? (
				<Card>
					<CardHeader>
						<CardTitle className="text-lg">{title}</CardTitle>
					</CardHeader>
					<CardContent>
						<AdminFiltersForm kind={kind} action={action} values={values} errors={errors ?? undefined} />
					</CardContent>
				</Card>
			) : null}
			<DialogShell open={open} onOpenChange={setOpen} title={title} className="max-w-xl">
				<AdminFiltersForm kind={kind} action={action} values={values} onApplied={() => setOpen(false)} />
			</DialogShell>
		</div>
	)
}
