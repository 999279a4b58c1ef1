import {
	getFormProps,
	getInputProps,
	getTextareaProps,
	useForm,
	type FieldMetadata,
	type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { COMPANY_NAME_MAX_LENGTH, CompanyFormSchema } from '#app/schemas/company.ts'

/** What a company action answers a form: Conform's result, and the saved company on success. */
export type CompanyActionData = {
	result: SubmissionResult<string[]>
	company?: { id: string; name: string }
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
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint: getZodConstraint(CompanyFormSchema),
		defaultValue: company ? editDefaults(company) : { name: defaultName ?? '' },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CompanyFormSchema }),
	})
	const numberProps = { inputMode: 'numeric', min: 0, step: 1 } as const
	return (
		<FormComponent method="post" action={action} className="grid gap-4" {...getFormProps(form)}>
			{Object.entries(hiddenFields ?? {}).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<Field label="Name" field={fields.name} required>
				<Input
					{...getInputProps(fields.name, { type: 'text' })}
					maxLength={COMPANY_NAME_MAX_LENGTH}
					autoFocus={autoFocus}
					placeholder="Acme Inc."
				/>
			</Field>
			<Field label="Description" field={fields.description} required>
				<Textarea {...getTextareaProps(fields.description)} rows={3} placeholder="What the company does" />
			</Field>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="Tagline" field={fields.tagline}>
					<Input {...getInputProps(fields.tagline, { type: 'text' })} />
				</Field>
				<Field label="Industry" field={fields.industry}>
					<Input {...getInputProps(fields.industry, { type: 'text' })} />
				</Field>
			</div>
			<Field label="Summary" field={fields.summary}>
				<Textarea {...getTextareaProps(fields.summary)} rows={2} />
			</Field>
			<Field label="Website" field={fields.website}>
				<Input {...getInputProps(fields.website, { type: 'url' })} placeholder="https://example.com" />
			</Field>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="LinkedIn URL" field={fields.linkedinUrl}>
					<Input
						{...getInputProps(fields.linkedinUrl, { type: 'url' })}
						placeholder="https://www.linkedin.com/company/…"
					/>
				</Field>
				<Field label="Crunchbase URL" field={fields.crunchbaseUrl}>
					<Input
						{...getInputProps(fields.crunchbaseUrl, { type: 'url' })}
						placeholder="https://www.crunchbase.com/organization/…"
					/>
				</Field>
			</div>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="Employee count" field={fields.employeeCount}>
					<Input {...getInputProps(fields.employeeCount, { type: 'number' })} {...numberProps} />
				</Field>
				<Field label="Employee range" field={fields.employeeCountRange}>
					<Input {...getInputProps(fields.employeeCountRange, { type: 'text' })} placeholder="51-200" />
				</Field>
				<Field label="LinkedIn followers" field={fields.linkedinFollowers}>
					<Input {...getInputProps(fields.linkedinFollowers, { type: 'number' })} {...numberProps} />
				</Field>
				<Field label="Revenue" field={fields.revenue}>
					<Input {...getInputProps(fields.revenue, { type: 'text' })} placeholder="$10M-$50M" />
				</Field>
			</div>
			{company ? (
				<>
					<Field label="Headquarter" field={fields.headquarter} hint="Read-only JSON">
						<Textarea
							{...getTextareaProps(fields.headquarter)}
							rows={3}
							readOnly
							className="font-mono text-xs"
						/>
					</Field>
					<Field label="Locations" field={fields.locations} hint="Read-only JSON">
						<Textarea
							{...getTextareaProps(fields.locations)}
							rows={2}
							readOnly
							className="font-mono text-xs"
						/>
					</Field>
					<Field label="Funding" field={fields.funding} hint="Read-only JSON">
						<Textarea {...getTextareaProps(fields.funding)} rows={2} readOnly className="font-mono text-xs" />
					</Field>
				</>
			) : null}
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
				{secondaryAction}
				<Button type="submit" disabled={pending}>
					{pending ? pendingLabel : submitLabel}
				</Button>
			</div>
		</FormComponent>
	)
}

function Field({
	label,
	field,
	required = false,
	hint,
	children,
}: {
	label: string
	field: FieldMetadata<unknown>
	required?: boolean
	hint?: string
	children: React.ReactNode
}) {
	return (
		<div className="grid gap-2">
			<Label htmlFor={field.id}>
				{label}
				{required ? (
					<span className="ml-0.5 text-destructive" aria-hidden="true">
						*
					</span>
				) : null}
				{hint ? <span className="ml-2 text-xs font-normal text-muted-foreground">{hint}</span> : null}
			</Label>
			{children}
			<ErrorList id={field.errorId} errors={field.errors} />
		</div>
	)
}
