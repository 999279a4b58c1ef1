import { StackedDialogShell } from '#app/components/dialog-stack/dialog-stack.tsx'
import { CompanyDialogForm } from './company-dialog-form.tsx'

export const NEW_COMPANY_DIALOG = 'new-company'

/**
 * "New Company": open it with `openDialog(NEW_COMPANY_DIALOG, <NewCompanyDialog />)`. Posts to
 * /companies/new with a fetcher, closes on success and hands the created company to onCreated.
 */
export function NewCompanyDialog({
	defaultName,
	onCreated,
}: {
	defaultName?: string
	onCreated?: (company: { id: string; name: string }) => void
}) {
	return (
		<StackedDialogShell
			title="New Company"
			description="Name and description are required; everything else can be filled in later."
			descriptionId="new-company-description"
			className="max-w-2xl"
		>
			<CompanyDialogForm defaultName={defaultName} onSaved={onCreated} />
		</StackedDialogShell>
	)
}
