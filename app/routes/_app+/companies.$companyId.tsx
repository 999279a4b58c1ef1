import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { UserSearch } from 'lucide-react'
import { BackLink } from '#app/components/back-link.tsx'
import { DeleteCompanyForm, EditCompanyButton } from '#app/components/companies/company-actions.tsx'
import { CompanyContactsTable } from '#app/components/companies/company-contacts-table.tsx'
import { CompanyDetails } from '#app/components/companies/company-details.tsx'
import { type CompanyActionData, CompanyForm } from '#app/components/companies/company-form.tsx'
import { PageLinks } from '#app/components/companies/page-links.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { listCompanyContacts } from '#app/models/company/company-contacts.server.ts'
import {
	deleteCompany,
	getCompany,
	toCompanyFormValues,
	updateCompany,
} from '#app/models/company/company.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import {
	COMPANY_CONTACTS_PAGE_SIZE,
	COMPANY_MESSAGES,
	CompanyFormSchema,
	editFormToUpdate,
} from '#app/schemas/company.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { parsePage } from '#app/utils/pagination.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const companyId = params.companyId ?? ''
	const company = await getCompany(actor.organizationId, companyId)
	if (!company) throw new Response(COMPANY_MESSAGES.notFound, { status: 404 })
	const searchParams = new URL(request.url).searchParams
	const page = parsePage(searchParams.get('page'))
	const { contacts, total } = await listCompanyContacts(actor.organizationId, companyId, {
		take: COMPANY_CONTACTS_PAGE_SIZE,
		skip: (page - 1) * COMPANY_CONTACTS_PAGE_SIZE,
	})
	return {
		company: toCompanyFormValues(company),
		contacts,
		contactTotal: total,
		page,
		lastPage: Math.max(1, Math.ceil(total / COMPANY_CONTACTS_PAGE_SIZE)),
		editing: searchParams.has('edit'),
	}
}

// intent=update: the Edit Company form (the dialog posts with mode=dialog and stays on its page);
// intent=delete: removes the company (its contacts stay) and goes back to redirectTo or /companies.
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const companyId = params.companyId ?? ''
	const formData = await request.formData()
	const intent = formData.get('intent')

	if (intent === 'delete') {
		const deleted = await deleteCompany(actor.organizationId, companyId)
		if (!deleted) throw new Response(COMPANY_MESSAGES.notFound, { status: 404 })
		return redirectWithToast(safeRedirectTo(formData.get('redirectTo'), '/companies'), {
			type: 'success',
			title: COMPANY_MESSAGES.deleted,
		})
	}
	if (intent !== 'update') throw new Response('Unknown action', { status: 400 })

	const submission = parseWithZod(formData, { schema: CompanyFormSchema })
	if (submission.status !== 'success') {
		return data<CompanyActionData>({ result: submission.reply() }, { status: 400 })
	}
	const result = await updateCompany(actor.organizationId, companyId, editFormToUpdate(submission.value))
	if (!result.ok) {
		if (result.reason === 'not_found') throw new Response(COMPANY_MESSAGES.notFound, { status: 404 })
		// The form shows the message; a toast of the same words beside it would be a double (decision 045).
		return data<CompanyActionData>(
			{ result: submission.reply({ formErrors: [COMPANY_MESSAGES.duplicate] }) },
			{ status: 409 },
		)
	}
	const toast = { type: 'success', title: COMPANY_MESSAGES.updated } as const
	if (formData.get('mode') === 'dialog') {
		const company = { id: result.company.id, name: result.company.name }
		return dataWithToast<CompanyActionData>({ result: submission.reply(), company }, toast)
	}
	return redirectWithToast(`/companies/${companyId}`, toast)
}

export default function CompanyRoute() {
	const { company, contacts, contactTotal, page, lastPage, editing } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<BackLink to="/companies">All companies</BackLink>
			<PageHeader
				className="mb-0"
				title={company.name}
				description={company.tagline ?? company.industry ?? undefined}
				actions={
					<>
						<Link to={`/companies/${company.id}/find-leads`} className={buttonVariants({ size: 'sm' })}>
							<UserSearch aria-hidden="true" />
							Find leads
						</Link>
						<EditCompanyButton company={company} />
						<DeleteCompanyForm company={company} />
					</>
				}
			/>
			{editing ? (
				<EditCompanyCard company={company} />
			) : (
				<Card>
					<CardHeader>
						<CardTitle className="text-lg">Details</CardTitle>
					</CardHeader>
					<CardContent>
						<CompanyDetails company={company} />
					</CardContent>
				</Card>
			)}
			<section aria-labelledby="company-contacts-heading" className="flex flex-col gap-3">
				<h2 id="company-contacts-heading" className="text-lg font-semibold">
					Contacts ({contactTotal.toLocaleString('en-US')})
				</h2>
				<Card>
					<CompanyContactsTable contacts={contacts} />
				</Card>
				<PageLinks page={page} lastPage={lastPage} searchParams={searchParams} label="Contacts pages" />
			</section>
		</div>
	)
}

/** The edit form on the page itself: what Edit opens without JavaScript (?edit). */
function EditCompanyCard({
	company,
}: {
	company: ReturnType<typeof useLoaderData<typeof loader>>['company']
}) {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	return (
		<Card>
			<CardHeader>
				<CardTitle className="text-lg">Edit Company</CardTitle>
			</CardHeader>
			<CardContent>
				<CompanyForm
					id={`edit-company-page-${company.id}`}
					company={company}
					action={`/companies/${company.id}`}
					hiddenFields={{ intent: 'update' }}
					lastResult={actionData?.result}
					pending={navigation.state === 'submitting'}
					submitLabel="Save Changes"
					pendingLabel="Saving…"
					secondaryAction={
						<Link to={`/companies/${company.id}`} className={buttonVariants({ variant: 'outline' })}>
							Cancel
						</Link>
					}
				/>
			</CardContent>
		</Card>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: `${data?.company.name ?? 'Company'} · Reachout` },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
