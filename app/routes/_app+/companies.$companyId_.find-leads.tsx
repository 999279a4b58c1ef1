import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { BackLink } from '#app/components/back-link.tsx'
import { FindLeadsFields } from '#app/components/contact-search/find-leads-fields.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { getCompany } from '#app/models/company/company.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { startedSingleMessage } from '#app/schemas/contact-search.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { startSearchFromForm } from './__start-contact-search.server.ts'

// Find leads at one company (issue 15): "What are you looking for?" and how many people (1–20);
// the search runs as a job and its page shows the ranked people.

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const company = await getCompany(actor.organizationId, params.companyId ?? '')
	if (!company) throw new Response('Company not found', { status: 404 })
	return { company: { id: company.id, name: company.name } }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const outcome = await startSearchFromForm(actor, 'single', [params.companyId ?? ''], formData)
	if (!outcome.ok)
		return dataWithToast(
			{ errors: outcome.errors, values: outcome.values },
			// 200: Remix re-reads the page (and so the toast) only after a successful action.
			{ type: 'error', title: outcome.firstError },
		)
	return redirectWithToast(`/contact-search/${outcome.started.queueableId}`, {
		type: 'success',
		title: startedSingleMessage(outcome.started.estimatedTime),
	})
}

export default function FindLeadsAtCompanyRoute() {
	const { company } = useLoaderData<typeof loader>()
	const answer = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
			<BackLink to={`/companies/${company.id}`}>{company.name}</BackLink>
			<PageHeader
				className="mb-0"
				title={`Find leads at ${company.name}`}
				description="The best people to contact, ranked with the reason for each."
			/>
			<Card>
				<CardContent className="pt-6">
					<Form method="post" noValidate className="grid gap-4" aria-label="Find leads">
						<fieldset disabled={busy} className="grid gap-4">
							<FindLeadsFields
								peopleLabel="Number of people"
								defaults={{
									lookingFor: answer?.values.lookingFor ?? '',
									topX: Number(answer?.values.topX ?? 5) || 5,
								}}
								errors={answer?.errors}
							/>
						</fieldset>
						<div className="flex justify-end gap-2">
							<Link to={`/companies/${company.id}`} className={buttonVariants({ variant: 'outline' })}>
								Cancel
							</Link>
							<Button type="submit" disabled={busy}>
								{busy ? 'Starting…' : 'Find Leads'}
							</Button>
						</div>
					</Form>
				</CardContent>
			</Card>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Find leads · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
