import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import { CompaniesSearch } from '#app/components/companies/companies-search.tsx'
import { CompaniesTable, FIND_LEADS_FORM_ID } from '#app/components/companies/companies-table.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { NewCompanyButton } from '#app/components/companies/company-actions.tsx'
import { PageLinks } from '#app/components/companies/page-links.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Card } from '#app/components/ui/card.tsx'
import {
	countCompanies,
	countContactsByCompany,
	listCompanies,
	toCompanyFormValues,
} from '#app/models/company/company.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { COMPANIES_PAGE_SIZE } from '#app/schemas/company.ts'
import { parsePage } from '#app/utils/pagination.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const params = new URL(request.url).searchParams
	const search = params.get('search')?.trim().slice(0, 200) || undefined
	const requestedPage = parsePage(params.get('page'))
	const organizationId = actor.organizationId
	const pageOf = (page: number) =>
		listCompanies(organizationId, {
			search,
			take: COMPANIES_PAGE_SIZE,
			skip: (page - 1) * COMPANIES_PAGE_SIZE,
		})
	const [firstTry, total] = await Promise.all([
		pageOf(requestedPage),
		countCompanies(organizationId, { search }),
	])
	const lastPage = Math.max(1, Math.ceil(total / COMPANIES_PAGE_SIZE))
	// Past the end (the last row of the last page was deleted): show the last page.
	const page = Math.min(requestedPage, lastPage)
	const companies = page === requestedPage ? firstTry : await pageOf(page)
	const contactCounts = await countContactsByCompany(
		organizationId,
		companies.map((company) => company.id),
	)
	return {
		search: search ?? '',
		page,
		lastPage,
		total,
		companies: companies.map((company) => ({
			...toCompanyFormValues(company),
			contactCount: contactCounts.get(company.id) ?? 0,
		})),
	}
}

export default function CompaniesRoute() {
	const { search, page, lastPage, total, companies } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	const location = useLocation()
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
			<PageHeader
				className="mb-0"
				title="Companies"
				description={`${total.toLocaleString('en-US')} ${total === 1 ? 'company' : 'companies'}${search ? ` matching “${search}”` : ''}`}
				actions={<NewCompanyButton />}
			/>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<CompaniesSearch search={search} />
				{/* The rows' checkboxes post here: the bulk contact search form, with the chosen companies. */}
				<Form id={FIND_LEADS_FORM_ID} method="get" action="/contact-search/bulk">
					<Button type="submit" variant="outline">
						Find Leads from Multiple Companies
					</Button>
				</Form>
			</div>
			<Card>
				<CompaniesTable
					companies={companies}
					search={search}
					redirectTo={`${location.pathname}${location.search}`}
				/>
			</Card>
			<PageLinks page={page} lastPage={lastPage} searchParams={searchParams} label="Companies pages" />
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Companies · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
