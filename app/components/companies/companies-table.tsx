import { Form, Link } from '@remix-run/react'
import { Building, UserSearch } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import {
	Table,
	TableBody,
	TableCell,
	TableHead,
	TableHeader,
	TableRow,
	TruncatedCell,
} from '#app/components/ui/table.tsx'
import { DeleteCompanyForm, EditCompanyButton, NewCompanyButton } from './company-actions.tsx'
import { type CompanyFormValues } from './company-form.tsx'
import { ExternalLink } from './external-link.tsx'

export type CompanyTableRow = CompanyFormValues & { contactCount: number }

/** The form the rows' checkboxes belong to (by the `form` attribute: the rows hold forms of their own). */
export const FIND_LEADS_FORM_ID = 'find-leads-at-companies'

export function CompaniesTable({
	companies,
	search,
	redirectTo,
}: {
	companies: CompanyTableRow[]
	search: string
	redirectTo: string
}) {
	if (companies.length === 0) {
		return (
			<div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
				<Building className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
				<p className="text-sm text-muted-foreground">
					{search ? `No companies match “${search}”.` : 'No companies yet.'}
				</p>
				{search ? null : <NewCompanyButton size="sm" />}
			</div>
		)
	}
	return (
		<Table aria-label="Companies">
			<TableHeader>
				<TableRow>
					<TableHead className="w-10">
						<span className="sr-only">Select</span>
					</TableHead>
					<TableHead>Name</TableHead>
					<TableHead priority="low">Industry</TableHead>
					<TableHead>Website</TableHead>
					<TableHead className="w-px text-right">Employees</TableHead>
					<TableHead className="w-px text-right">Contacts</TableHead>
					<TableHead className="w-px">
						<span className="sr-only">Actions</span>
					</TableHead>
				</TableRow>
			</TableHeader>
			<TableBody>
				{companies.map((company) => (
					<TableRow key={company.id}>
						<TableCell>
							<input
								type="checkbox"
								name="companyId"
								value={company.id}
								form={FIND_LEADS_FORM_ID}
								aria-label={`Select ${company.name}`}
								className="size-4 accent-primary"
							/>
						</TableCell>
						<TableCell className="min-w-[10rem] max-w-0">
							<Link
								to={`/companies/${company.id}`}
								className="block truncate font-medium hover:underline"
								title={company.name}
							>
								{company.name}
							</Link>
							<p
								className="truncate text-xs text-muted-foreground"
								title={company.tagline ?? company.description ?? undefined}
							>
								{company.tagline ?? company.description}
							</p>
						</TableCell>
						<TruncatedCell text={company.industry ?? '—'} priority="low" />
						<TruncatedCell text={company.website ?? '—'}>
							{company.website ? <ExternalLink href={company.website} /> : '—'}
						</TruncatedCell>
						<TableCell className="text-right tabular-nums">
							{company.employeeCount?.toLocaleString('en-US') ?? company.employeeCountRange ?? '—'}
						</TableCell>
						<TableCell className="text-right tabular-nums">
							{company.contactCount.toLocaleString('en-US')}
						</TableCell>
						<TableCell>
							<div className="flex justify-end gap-1">
								{/* A GET form, not a link: the row's name is its only link (and it works without script). */}
								<Form method="get" action={`/companies/${company.id}/find-leads`}>
									<Button
										type="submit"
										variant="ghost"
										size="icon"
										aria-label={`Find leads at ${company.name}`}
										title="Find leads"
									>
										<UserSearch aria-hidden="true" />
									</Button>
								</Form>
								<EditCompanyButton company={company} iconOnly />
								<DeleteCompanyForm company={company} redirectTo={redirectTo} iconOnly />
							</div>
						</TableCell>
					</TableRow>
				))}
			</TableBody>
		</Table>
	)
}
