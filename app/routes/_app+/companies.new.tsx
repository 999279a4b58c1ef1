import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { type CompanyActionData, CompanyForm } from '#app/components/companies/company-form.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { createCompany } from '#app/models/company/company.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { COMPANY_MESSAGES, CompanyFormSchema } from '#app/schemas/company.ts'
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
	const submission = parseWithZod(formData, { schema: CompanyFormSchema })
	if (submission.status !== 'success') {
		return data<CompanyActionData>({ result: submission.reply() }, { status: 400 })
	}
	const result = await createCompany(actor.organizationId, actor.userId, submission.value)
	if (!result.ok) {
		return dataWithToast<CompanyActionData>(
			{ result: submission.reply({ formErrors: [COMPANY_MESSAGES.duplicate] }) },
			{ type: 'error', title: COMPANY_MESSAGES.duplicate },
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

export default function NewCompanyRoute() {
	const { redirectTo } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	return (
		<div className="mx-auto w-full max-w-2xl">
			<PageHeader title="New Company" description="Name and description are required." />
			<Card>
				<CardContent className="p-6">
					<CompanyForm
						id="new-company-page"
						action="/companies/new"
						hiddenFields={redirectTo ? { redirectTo } : undefined}
						lastResult={actionData?.result}
						pending={navigation.state === 'submitting'}
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
