import { StackedDialogShell } from '#app/components/dialog-stack/dialog-stack.tsx'
import { CompanyDialogForm } from './company-dialog-form.tsx'
import { type CompanyFormValues } from './company-form.tsx'

/** "Edit Company": posts to the company page's action with a fetcher and closes on success. */
export function EditCompanyDialog({ company }: { company: CompanyFormValues }) {
	return (
		<StackedDialogShell
			title="Edit Company"
			description={company.name}
			descriptionId="edit-company-description"
			className="max-w-2xl"
		>
			<CompanyDialogForm company={company} />
		</StackedDialogShell>
	)
}
