import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import {
	AUTOFILL_INTENT,
	type CompanyActionData,
	CompanyForm,
} from '#app/components/companies/company-form.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import {
	autofillCompanyForm,
	autofillFormValues,
} from '#app/models/company-import/enrichment/autofill-company-form.server.ts'
import { createCompany } from '#app/models/company/company.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { COMPANY_MESSAGES, CompanyFormSchema } from '#app/schemas/company.ts'
import { rateLimiter } from '#app/utils/rate-limit.server.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireActor(request)
	const redirectTo = new URL(request.url).searchParams.get('redirectTo')
	return { redirectTo: redirectTo ? safeRedirectTo(redirectTo, '') : '' }
}

// Creates a company. The New Company dialog posts here with a fetcher (mode=dialog) and gets the
// company back; the page's plain form (no JavaScript) is redirected to the company or to redirectTo.
export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	if (formData.get('intent') === AUTOFILL_INTENT)
		return autofill(actor.organizationId, formData, request.signal)
	const submission = parseWithZod(formData, { schema: CompanyFormSchema })
	if (submission.status !== 'success') {
		return data<CompanyActionData>({ result: submission.reply() }, { status: 400 })
	}
	const result = await createCompany(actor.organizationId, actor.userId, submission.value)
	if (!result.ok) {
		// The form shows the message; a toast of the same words beside it would be a double (decision 045).
		return data<CompanyActionData>(
			{ result: submission.reply({ formErrors: [COMPANY_MESSAGES.duplicate] }) },
			{ status: 409 },
		)
	}
	const company = { id: result.company.id, name: result.company.name }
	const toast = { type: 'success', title: COMPANY_MESSAGES.created, description: company.name } as const
	if (formData.get('mode') === 'dialog') {
		return dataWithToast<CompanyActionData>({ result: submission.reply({ resetForm: true }), company }, toast)
	}
	return redirectWithToast(safeRedirectTo(formData.get('redirectTo'), `/companies/${company.id}`), toast)
}

/**
 * Auto-fill (spec §5, decision 026): the form comes back with its empty fields filled and the
 * spec's message; Conform's result carries the values (and a LinkedIn URL's field error).
 */
async function autofill(organizationId: string, formData: FormData, signal: AbortSignal) {
	const id = crypto.randomUUID()
	const values = autofillFormValues(formData)
	// It reads two pages, like the API's enrich: the same per-organization scraping budget.
	const refusal = await rateLimiter().spend([{ budget: 'scrapingPerOrganization', key: organizationId }])
	if (refusal) {
		return data<CompanyActionData>(
			{ result: { initialValue: values }, autofill: { id, tone: 'error', message: refusal.message } },
			{ status: 429, headers: { 'Retry-After': String(refusal.retryAfterSeconds) } },
		)
	}
	const outcome = await autofillCompanyForm(organizationId, values, { signal })
	const initialValue = outcome.values
	switch (outcome.status) {
		case 'needs-both':
			return data<CompanyActionData>(
				{ result: { initialValue }, autofill: { id, tone: 'error', message: outcome.message } },
				{ status: 400 },
			)
		case 'invalid-linkedin':
			return data<CompanyActionData>(
				{
					result: { status: 'error', initialValue, error: { linkedinUrl: [outcome.fieldError] } },
					autofill: { id, tone: 'error', message: '' },
				},
				{ status: 400 },
			)
		case 'unchanged':
			return data<CompanyActionData>({
				result: { initialValue },
				autofill: { id, tone: 'info', message: '' },
			})
		case 'failed':
			return dataWithToast<CompanyActionData>(
				{ result: { initialValue }, autofill: { id, tone: 'error', message: outcome.message } },
				{ type: 'error', title: outcome.message },
				{ status: 422 },
			)
		case 'done':
			return dataWithToast<CompanyActionData>(
				{ result: { initialValue }, autofill: { id, tone: 'success', message: outcome.message } },
				{ type: 'success', title: outcome.message },
			)
	}
}

export default function NewCompanyRoute() {
	const { redirectTo } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const autofilling = navigation.formData?.get('intent') === AUTOFILL_INTENT
	return (
		<div className="mx-auto w-full max-w-2xl">
			<PageHeader title="New Company" description="Name and description are required." />
			<Card>
				<CardContent className="p-6">
					<CompanyForm
						// A new Auto-fill answer re-mounts the form with the filled values.
						key={actionData?.autofill?.id ?? 'new-company'}
						id="new-company-page"
						action="/companies/new"
						hiddenFields={redirectTo ? { redirectTo } : undefined}
						lastResult={actionData?.result}
						pending={navigation.state === 'submitting' && !autofilling}
						autofill={{ pending: autofilling, answer: actionData?.autofill }}
						submitLabel="Create Company"
						pendingLabel="Creating…"
						secondaryAction={
							<Link to={redirectTo || '/companies'} className={buttonVariants({ variant: 'outline' })}>
								Cancel
							</Link>
						}
					/>
				</CardContent>
			</Card>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'New Company · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
