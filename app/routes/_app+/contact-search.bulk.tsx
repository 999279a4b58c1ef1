import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { FindLeadsFields } from '#app/components/contact-search/find-leads-fields.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { requireActor } from '#app/models/session/auth.server.ts'
import {
	bulkTotalHint,
	CONTACT_SEARCH_MAX_COMPANIES,
	CONTACT_SEARCH_MESSAGES,
	startedBulkMessage,
} from '#app/schemas/contact-search.ts'
import { prisma } from '#app/utils/db.server.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { startSearchFromForm } from './__start-contact-search.server.ts'

// "Find Leads from Multiple Companies" (issue 15): the companies chosen on the Companies page
// (their checkboxes post here), top contacts per company and what to look for. The first problem
// is also a toast, as the spec says.

function chosenIds(url: URL) {
	return [...new Set(url.searchParams.getAll('companyId'))].slice(0, CONTACT_SEARCH_MAX_COMPANIES)
}

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const ids = chosenIds(new URL(request.url))
	const companies = ids.length
		? await prisma.company.findMany({
				where: { organizationId: actor.organizationId, id: { in: ids } },
				select: { id: true, name: true, website: true, logoUrl: true },
			})
		: []
	// In the order they were chosen.
	companies.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
	return { companies }
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const ids = [...new Set(formData.getAll('companyId').map(String))]
	const outcome = await startSearchFromForm(actor, 'bulk', ids, formData)
	if (!outcome.ok)
		return dataWithToast(
			{ errors: outcome.errors, values: outcome.values },
			// 200: Remix re-reads the page (and so the toast) only after a successful action.
			{ type: 'error', title: outcome.firstError },
		)
	return redirectWithToast(`/contact-search/${outcome.started.queueableId}`, {
		type: 'success',
		title: startedBulkMessage(outcome.started.totalCompanies, outcome.started.estimatedTime),
	})
}

export default function BulkContactSearchRoute() {
	const { companies } = useLoaderData<typeof loader>()
	const answer = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const [perCompany, setPerCompany] = useState(Number(answer?.values.topX ?? 5) || 5)
	return (
		<div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
			<PageHeader className="mb-0" title="Find Leads from Multiple Companies" />
			<Card>
				<CardContent className="pt-6">
					<Form
						method="post"
						noValidate
						className="grid gap-6"
						aria-label="Find Leads from Multiple Companies"
					>
						{companies.length ? (
							<ol className="grid max-h-72 gap-2 overflow-auto" aria-label="Selected companies">
								{companies.map((company, index) => (
									<li key={company.id} className="flex items-center gap-3 rounded-md border p-2">
										<input type="hidden" name="companyId" value={company.id} />
										{company.logoUrl ? (
											<img src={company.logoUrl} alt="" className="size-8 rounded object-contain" />
										) : (
											<span
												aria-hidden="true"
												className="flex size-8 items-center justify-center rounded bg-muted text-sm font-medium"
											>
												{company.name.charAt(0).toUpperCase()}
											</span>
										)}
										<div className="min-w-0">
											<p className="font-medium">{company.name}</p>
											{company.website ? (
												<p className="truncate text-xs text-muted-foreground">{company.website}</p>
											) : null}
										</div>
										<span className="ml-auto text-sm text-muted-foreground">#{index + 1}</span>
									</li>
								))}
							</ol>
						) : (
							<p role="alert" className="text-sm text-destructive">
								{CONTACT_SEARCH_MESSAGES.selectCompany}
							</p>
						)}
						{answer?.errors.companyId ? (
							<p role="alert" className="text-sm text-destructive">
								{answer.errors.companyId[0]}
							</p>
						) : null}
						<fieldset disabled={busy} className="grid gap-2">
							<FindLeadsFields
								peopleLabel="Top contacts per company"
								defaults={{ lookingFor: answer?.values.lookingFor ?? '', topX: perCompany }}
								errors={answer?.errors}
								onPeopleChange={setPerCompany}
							/>
							<p className="text-sm text-muted-foreground" data-testid="bulk-total-hint">
								{bulkTotalHint(companies.length, Math.max(0, Math.min(20, perCompany)))}
							</p>
						</fieldset>
						<div className="flex justify-end gap-2">
							<Link to="/companies" className={buttonVariants({ variant: 'outline' })}>
								Cancel
							</Link>
							<Button type="submit" disabled={busy || companies.length === 0}>
								{busy ? 'Starting…' : `Find Leads from ${companies.length} Companies`}
							</Button>
						</div>
					</Form>
				</CardContent>
			</Card>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Find leads from multiple companies · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
