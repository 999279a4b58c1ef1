import { Link } from '@remix-run/react'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { ConfirmSubmitForm } from '#app/components/confirm-submit-form.tsx'
import { useDialogStack } from '#app/components/dialog-stack/dialog-stack.tsx'
import { Button, buttonVariants, type ButtonProps } from '#app/components/ui/button.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { type CompanyFormValues } from './company-form.tsx'
import { EditCompanyDialog } from './edit-company-dialog.tsx'
import { NEW_COMPANY_DIALOG, NewCompanyDialog } from './new-company-dialog.tsx'

/** Opens the New Company dialog; without JavaScript, a link to the /companies/new page. */
export function NewCompanyButton({ size }: { size?: ButtonProps['size'] }) {
	const hydrated = useHydrated()
	const { openDialog } = useDialogStack()
	const content = (
		<>
			<Plus aria-hidden="true" />
			New Company
		</>
	)
	if (!hydrated) {
		return (
			<Link to="/companies/new" className={buttonVariants({ size })}>
				{content}
			</Link>
		)
	}
	return (
		<Button type="button" size={size} onClick={() => openDialog(NEW_COMPANY_DIALOG, <NewCompanyDialog />)}>
			{content}
		</Button>
	)
}

/** Opens the Edit Company dialog; without JavaScript, the company page's edit form. */
export function EditCompanyButton({
	company,
	label = 'Edit',
	iconOnly = false,
}: {
	company: CompanyFormValues
	label?: string
	iconOnly?: boolean
}) {
	const hydrated = useHydrated()
	const { openDialog } = useDialogStack()
	const accessibleName = iconOnly ? `Edit ${company.name}` : undefined
	const size = iconOnly ? 'icon' : 'sm'
	const variant = iconOnly ? 'ghost' : 'outline'
	const content = (
		<>
			<Pencil aria-hidden="true" />
			{iconOnly ? null : label}
		</>
	)
	if (!hydrated) {
		return (
			<Link
				to={`/companies/${company.id}?edit=1`}
				aria-label={accessibleName}
				className={buttonVariants({ size, variant })}
			>
				{content}
			</Link>
		)
	}
	return (
		<Button
			type="button"
			size={size}
			variant={variant}
			aria-label={accessibleName}
			onClick={() => openDialog(`edit-company-${company.id}`, <EditCompanyDialog company={company} />)}
		>
			{content}
		</Button>
	)
}

/** Delete with a confirmation (none without JavaScript); the action redirects to redirectTo. */
export function DeleteCompanyForm({
	company,
	redirectTo,
	iconOnly = false,
}: {
	company: { id: string; name: string }
	redirectTo?: string
	iconOnly?: boolean
}) {
	return (
		<ConfirmSubmitForm
			method="post"
			action={`/companies/${company.id}`}
			confirm={{
				title: 'Delete company?',
				message: `${company.name} will be deleted. Its contacts are kept, without a company.`,
				confirmLabel: 'Delete',
			}}
		>
			<input type="hidden" name="intent" value="delete" />
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<Button
				type="submit"
				variant={iconOnly ? 'ghost' : 'outline'}
				size={iconOnly ? 'icon' : 'sm'}
				aria-label={iconOnly ? `Delete ${company.name}` : undefined}
				className="text-destructive hover:text-destructive"
			>
				<Trash2 aria-hidden="true" />
				{iconOnly ? null : 'Delete'}
			</Button>
		</ConfirmSubmitForm>
	)
}
