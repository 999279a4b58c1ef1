import { useFetcher } from '@remix-run/react'
import { useStackedDialog } from '#app/components/dialog-stack/dialog-stack.tsx'
import { DialogCancelButton } from '#app/components/ui/dialog-shell.tsx'
import { useOnNewValue } from '#app/utils/use-on-new-value.ts'
import { clearCompanyPickerCache } from './company-picker-cache.ts'
import {
	AUTOFILL_INTENT,
	type CompanyActionData,
	CompanyForm,
	type CompanyFormValues,
} from './company-form.tsx'

export const NEW_COMPANY_ACTION = '/companies/new'

/**
 * The company form inside a stacked dialog, on a fetcher (mode=dialog): creates a company, or
 * edits `company`; on success the company pickers forget what they loaded, onSaved gets the
 * company and the dialog closes.
 */
export function CompanyDialogForm({
	company,
	defaultName,
	onSaved,
}: {
	/** Editing this company; without it the form creates one. */
	company?: CompanyFormValues
	defaultName?: string
	onSaved?: (company: { id: string; name: string }) => void
}) {
	const { close } = useStackedDialog()
	const fetcher = useFetcher<CompanyActionData>()
	useOnNewValue(fetcher.state === 'idle' ? fetcher.data?.company : undefined, (saved) => {
		clearCompanyPickerCache()
		onSaved?.(saved)
		close()
	})
	const autofilling = fetcher.formData?.get('intent') === AUTOFILL_INTENT
	return (
		<CompanyForm
			// A new Auto-fill answer re-mounts the form with the filled values.
			key={fetcher.data?.autofill?.id ?? 'company-form'}
			id={company ? `edit-company-${company.id}` : 'new-company-dialog'}
			company={company}
			defaultName={defaultName}
			FormComponent={fetcher.Form}
			action={company ? `/companies/${company.id}` : NEW_COMPANY_ACTION}
			hiddenFields={company ? { intent: 'update', mode: 'dialog' } : { mode: 'dialog' }}
			lastResult={fetcher.data?.result}
			pending={fetcher.state !== 'idle' && !autofilling}
			autofill={company ? undefined : { pending: autofilling, answer: fetcher.data?.autofill }}
			submitLabel={company ? 'Save Changes' : 'Create Company'}
			pendingLabel={company ? 'Saving…' : 'Creating…'}
			// After an Auto-fill the form re-mounts with focus on the Auto-fill button, not back on Name.
			autoFocus={!company && !fetcher.data?.autofill}
			secondaryAction={<DialogCancelButton />}
		/>
	)
}
