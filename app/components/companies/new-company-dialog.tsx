import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { StackedDialog, useStackedDialog } from '#app/components/dialog-stack/dialog-stack.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogClose, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { clearCompanyPickerCache } from './company-picker-cache.ts'
import { type CompanyActionData, CompanyForm } from './company-form.tsx'

export const NEW_COMPANY_DIALOG = 'new-company'
export const NEW_COMPANY_ACTION = '/companies/new'

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
	const { close } = useStackedDialog()
	const fetcher = useFetcher<CompanyActionData>()
	const created = fetcher.state === 'idle' ? fetcher.data?.company : undefined
	const handled = useRef<string | null>(null)

	useEffect(() => {
		if (!created || handled.current === created.id) return
		handled.current = created.id
		clearCompanyPickerCache()
		onCreated?.(created)
		close()
	}, [created, onCreated, close])

	return (
		<StackedDialog aria-describedby="new-company-description" className="max-w-2xl">
			<DialogHeader>
				<DialogTitle>New Company</DialogTitle>
				<DialogDescription id="new-company-description">
					Name and description are required; everything else can be filled in later.
				</DialogDescription>
			</DialogHeader>
			<CompanyForm
				id="new-company-dialog"
				defaultName={defaultName}
				FormComponent={fetcher.Form}
				action={NEW_COMPANY_ACTION}
				hiddenFields={{ mode: 'dialog' }}
				lastResult={fetcher.data?.result}
				pending={fetcher.state !== 'idle'}
				submitLabel="Create Company"
				pendingLabel="Creating…"
				autoFocus
				secondaryAction={
					<DialogClose asChild>
						<Button type="button" variant="outline">
							Cancel
						</Button>
					</DialogClose>
				}
			/>
		</StackedDialog>
	)
}
