import { getFormProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Loader2, Sparkles } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { FormActions, InputField, TextareaField } from '#app/components/ui/form-field.tsx'
import { COMPANY_NAME_MAX_LENGTH, CompanyFormSchema } from '#app/schemas/company.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'

/** What a company action answers a form: Conform's result, and the saved company on success. */
export type CompanyActionData = {
	result: SubmissionResult<string[]>
	company?: { id: string; name: string }
	/** An Auto-fill's answer: `id` is new each time (the form re-mounts with the filled values). */
	autofill?: AutofillAnswer
}

export type AutofillAnswer = { id: string; tone: 'success' | 'error' | 'info'; message: string }

/** The New Company form's second button: `intent=autofill` (decision 026). */
export const AUTOFILL_INTENT = 'autofill'

/** Auto-fill posts whatever is typed; the server checks what it needs. */
function isAutofill(formData: FormData) {
	return formData.get('intent') === AUTOFILL_INTENT
}

/** The editable fields of a stored company, as a loader sends them. */
export type CompanyFormValues = {
	id: string
	name: string
	description: string
	summary: string | null
	tagline: string | null
	website: string | null
	linkedinUrl: string | null
	crunchbaseUrl: string | null
	industry: string | null
	revenue: string | null
	employeeCount: number | null
	employeeCountRange: string | null
	linkedinFollowers: number | null
	headquarter: unknown
	locations: string[]
	funding: unknown
}

function jsonText(value: unknown) {
	return value === null || value === undefined ? '' : JSON.stringify(value, null, 2)
}

/** Edit defaults of the spec: employeeCount 1, linkedinFollowers 0; JSON fields as text. */
function editDefaults(company: CompanyFormValues) {
	return {
		name: company.name,
		description: company.description,
		summary: company.summary ?? '',
		tagline: company.tagline ?? '',
		website: company.website ?? '',
		linkedinUrl: company.linkedinUrl ?? '',
		crunchbaseUrl: company.crunchbaseUrl ?? '',
		industry: company.industry ?? '',
		revenue: company.revenue ?? '',
		employeeCount: String(company.employeeCount ?? 1),
		employeeCountRange: company.employeeCountRange ?? '',
		linkedinFollowers: String(company.linkedinFollowers ?? 0),
		headquarter: jsonText(company.headquarter),
		locations: jsonText(company.locations),
		funding: jsonText(company.funding),
	}
}

/**
 * The New Company and Edit Company fields, shared by the dialogs (fetcher) and the pages
 * (plain form). Editing adds headquarter, locations and funding as read-only JSON text.
 */
export function CompanyForm({
	id,
	company,
	defaultName,
	FormComponent = Form,
	action,
	lastResult,
	pending,
	hiddenFields,
	submitLabel,
	pendingLabel,
	secondaryAction,
	autoFocus = false,
	autofill,
}: {
	id: string
	/** Editing this company; without it the form creates one. */
	company?: CompanyFormValues
	defaultName?: string
	FormComponent?: typeof Form
	action: string
	lastResult?: SubmissionResult<string[]> | null
	pending: boolean
	hiddenFields?: Record<string, string>
	submitLabel: string
	pendingLabel: string
	secondaryAction?: React.ReactNode
	autoFocus?: boolean
	/** New companies: the Auto-fill button, its pending state and its last answer. */
	autofill?: { pending: boolean; answer?: AutofillAnswer }
}) {
	const [form, fields] = useZodForm(CompanyFormSchema, {
		id,
		lastResult,
		defaultValue: company ? editDefaults(company) : { name: defaultName ?? '' },
		skipValidation: isAutofill,
	})
	const numberProps = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const
	return (
		<FormComponent method="post" action={action} className="grid gap-4" {...getFormProps(form)}>
			{Object.entries(hiddenFields ?? {}).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<InputField
				label="Name"
				field={fields.name}
				required
				maxLength={COMPANY_NAME_MAX_LENGTH}
				autoFocus={autoFocus}
				placeholder="Acme Inc."
			/>
			<TextareaField
				label="Description"
				field={fields.description}
				required
				rows={3}
				placeholder="What the company does"
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<InputField label="Tagline" field={fields.tagline} />
				<InputField label="Industry" field={fields.industry} />
			</div>
			<TextareaField label="Summary" field={fields.summary} rows={2} />
			<InputField
				label="Website"
				field={fields.website}
				type="text"
				inputMode="url"
				placeholder="example.com"
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<InputField
					label="LinkedIn URL"
					field={fields.linkedinUrl}
					type="url"
					placeholder="https://www.linkedin.com/company/…"
				/>
				<InputField
					label="Crunchbase URL"
					field={fields.crunchbaseUrl}
					type="url"
					placeholder="https://www.crunchbase.com/organization/…"
				/>
			</div>
			{autofill ? (
				<AutofillButton pending={autofill.pending} disabled={pending} answer={autofill.answer} />
			) : null}
			<div className="grid gap-4 sm:grid-cols-2">
				<InputField label="Employee count" field={fields.employeeCount} {...numberProps} />
				<InputField label="Employee range" field={fields.employeeCountRange} placeholder="51-200" />
				<InputField label="LinkedIn followers" field={fields.linkedinFollowers} {...numberProps} />
				<InputField label="Revenue" field={fields.revenue} placeholder="$10M-$50M" />
			</div>
			{company ? (
				<>
					<JsonField label="Headquarter" field={fields.headquarter} rows={3} />
					<JsonField label="Locations" field={fields.locations} rows={2} />
					<JsonField label="Funding" field={fields.funding} rows={2} />
				</>
			) : null}
			<FormActions
				form={form}
				pending={pending}
				label={submitLabel}
				pendingLabel={pendingLabel}
				secondary={secondaryAction}
				stacked
			/>
		</FormComponent>
	)
}

/**
 * Auto-fill: a submit button of the form itself (`intent=autofill`, no browser validation), so it
 * works without JavaScript; with it, the form's fetcher posts it and the button spins.
 */
function AutofillButton({
	pending,
	disabled,
	answer,
}: {
	pending: boolean
	disabled: boolean
	answer?: AutofillAnswer
}) {
	return (
		<div className="flex flex-col gap-2 rounded-md border border-dashed p-3 sm:flex-row sm:items-center">
			<Button
				type="submit"
				name="intent"
				value={AUTOFILL_INTENT}
				formNoValidate
				variant="outline"
				size="sm"
				disabled={pending || disabled}
				aria-describedby="company-autofill-hint"
				// The form re-mounts with each answer: keep the user where they were.
				autoFocus={Boolean(answer)}
			>
				{pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
				{pending ? 'Auto-filling…' : 'Auto-fill'}
			</Button>
			<p id="company-autofill-hint" className="text-xs text-muted-foreground">
				Fills the empty fields from the website and the LinkedIn company page.
			</p>
			{answer?.message ? (
				<p
					role={answer.tone === 'error' ? 'alert' : 'status'}
					data-testid="company-autofill-message"
					className={answer.tone === 'error' ? 'text-sm text-destructive' : 'text-sm text-emerald-700'}
				>
					{answer.message}
				</p>
			) : null}
		</div>
	)
}

/** A JSON column shown as text the form sends back unchanged. */
function JsonField({ label, field, rows }: { label: string; field: FieldMetadata<unknown>; rows: number }) {
	return (
		<TextareaField
			label={label}
			field={field}
			hint="Read-only JSON"
			rows={rows}
			readOnly
			textareaClassName="font-mono text-xs"
		/>
	)
}
