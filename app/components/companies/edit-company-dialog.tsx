import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'
import { StackedDialog, useStackedDialog } from '#app/components/dialog-stack/dialog-stack.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogClose, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { clearCompanyPickerCache } from './company-picker-cache.ts'
import { type CompanyActionData, CompanyForm, type CompanyFormValues } from './company-form.tsx'

/** "Edit Company": posts to the company page's action with a fetcher and closes on success. */
export function EditCompanyDialog({ company }: { company: CompanyFormValues }) {
	const { close } = useStackedDialog()
	const fetcher = useFetcher<CompanyActionData>()
	const saved = fetcher.state === 'idle' && Boolean(fetcher.data?.company)

	useEffect(() => {
		if (!saved) return
		clearCompanyPickerCache()
		close()
	}, [saved, close])

	return (
		<StackedDialog aria-describedby="edit-company-description" className="max-w-2xl">
			<DialogHeader>
				<DialogTitle>Edit Company</DialogTitle>
				<DialogDescription id="edit-company-description">{company.name}</DialogDescription>
			</DialogHeader>
			<CompanyForm
				id={`edit-company-${company.id}`}
				company={company}
				FormComponent={fetcher.Form}
				action={`/companies/${company.id}`}
				hiddenFields={{ intent: 'update', mode: 'dialog' }}
				lastResult={fetcher.data?.result}
				pending={fetcher.state !== 'idle'}
				submitLabel="Save Changes"
				pendingLabel="Saving…"
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
