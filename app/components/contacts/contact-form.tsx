import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { CompanyPicker } from '#app/components/companies/company-picker.tsx'
import { TagPicker } from '#app/components/tags/tag-picker.tsx'
import { FormActions, FormField, InputField, TextareaField } from '#app/components/ui/form-field.tsx'
import { type ContactCard } from '#app/models/contact/contact-select.ts'
import { ContactCreateSchema, ContactEditSchema } from '#app/schemas/contact.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'

export const NEW_CONTACT_ACTION = '/contacts/new'
export function editContactAction(contactId: string) {
	return `/contacts/${contactId}/edit`
}

type Option = { id: string; name: string }

/** The stored contact the edit form starts from. */
export type ContactFormValues = ContactCard & {
	summary: string | null
	company: Option | null
	tags: Option[]
}

/**
 * The contact fields, shared by the dialogs (fetcher) and the pages (plain form, no JavaScript).
 * `add` is the spec's Add Contact form (first name, last name, company, role, email required);
 * `edit` is the Edit Contact modal (adds middle name and summary; role optional; "Please select
 * a company"; server errors repeated as "Validation error: {message}").
 */
export function ContactForm({
	id,
	variant,
	contact,
	FormComponent = Form,
	action,
	hiddenFields,
	lastResult,
	pending,
	companyOptions,
	tagOptions,
	autoFocus = false,
	secondaryAction,
	prefill,
}: {
	id: string
	variant: 'add' | 'edit'
	contact?: ContactFormValues
	FormComponent?: typeof Form
	action: string
	hiddenFields?: Record<string, string>
	lastResult?: SubmissionResult<string[]> | null
	pending: boolean
	/** No-JavaScript fallbacks of the pickers (native selects). */
	companyOptions?: Option[]
	tagOptions?: Option[]
	autoFocus?: boolean
	secondaryAction?: React.ReactNode
	/** A new contact's fields filled in (a referral's person from /tasks). */
	prefill?: { firstName?: string; lastName?: string; email?: string; company?: Option | null }
}) {
	const schema = variant === 'add' ? ContactCreateSchema : ContactEditSchema
	const [form, fields] = useZodForm(schema, {
		id,
		lastResult,
		defaultValue: contact
			? {
					firstName: contact.firstName,
					middleName: contact.middleName ?? '',
					lastName: contact.lastName,
					email: contact.email ?? '',
					phone: contact.phone ?? '',
					linkedin: contact.linkedin ?? '',
					role: contact.role ?? '',
					roleDetails: contact.roleDetails ?? '',
					summary: contact.summary ?? '',
				}
			: prefill
				? { firstName: prefill.firstName ?? '', lastName: prefill.lastName ?? '', email: prefill.email ?? '' }
				: undefined,
	})
	const edit = variant === 'edit'
	const serverError = edit ? firstServerError(lastResult) : null
	// A refused plain form (no JavaScript) renders anew: its pickers start from what was sent.
	const sent = sentChoices(lastResult, companyOptions, tagOptions)

	const companyField = (
		<FormField label="Company" required field={fields.companyId}>
			<CompanyPicker
				name={fields.companyId.name}
				id={fields.companyId.id}
				defaultCompany={
					sent.company === undefined ? (contact?.company ?? prefill?.company ?? null) : sent.company
				}
				fallbackOptions={companyOptions}
				invalid={Boolean(fields.companyId.errors)}
				errorId={fields.companyId.errorId}
				placeholder={edit ? 'Select a company' : 'Search or create a company'}
			/>
		</FormField>
	)
	const tagsField = (
		<FormField
			label="Tags"
			field={{ id: `${id}-tags`, errorId: fields.tagIds.errorId, errors: fields.tagIds.errors }}
		>
			<TagPicker
				name="tagIds"
				id={`${id}-tags`}
				defaultTags={sent.tags ?? contact?.tags ?? []}
				fallbackOptions={tagOptions}
			/>
		</FormField>
	)
	return (
		<FormComponent method="post" action={action} className="grid gap-4" {...getFormProps(form)}>
			{Object.entries(hiddenFields ?? {}).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			{serverError ? (
				<p
					role="alert"
					className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
				>
					Validation error: {serverError}
				</p>
			) : null}
			{edit ? (
				<>
					{companyField}
					{tagsField}
				</>
			) : null}
			<div className="grid gap-4 sm:grid-cols-2">
				<InputField
					label="First Name"
					required
					field={fields.firstName}
					autoComplete="off"
					autoFocus={autoFocus}
				/>
				{edit ? <InputField label="Middle Name" field={fields.middleName} /> : null}
				<InputField label="Last Name" required field={fields.lastName} />
				{edit ? null : companyField}
				{edit ? null : <InputField label="Role" required field={fields.role} />}
				<InputField label="Email" required field={fields.email} type="email" />
				<InputField label="Phone" field={fields.phone} type="tel" />
				{edit ? <InputField label="Role" field={fields.role} /> : null}
				<InputField
					label={edit ? 'LinkedIn URL' : 'LinkedIn'}
					field={fields.linkedin}
					className={edit ? undefined : 'sm:col-span-2'}
					inputMode="url"
					placeholder="https://www.linkedin.com/in/username"
				/>
			</div>
			{edit ? null : tagsField}
			<TextareaField label="Role Details" field={fields.roleDetails} rows={3} />
			{edit ? <TextareaField label="Summary" field={fields.summary} rows={3} /> : null}
			<FormActions
				form={form}
				pending={pending}
				label={edit ? 'Update Contact' : 'Add Contact'}
				pendingLabel={edit ? 'Updating…' : 'Adding…'}
				secondary={secondaryAction}
				stacked
			/>
		</FormComponent>
	)
}

/**
 * The company and tags a failed submission sent, as options of the no-JavaScript selects (only
 * those can have been chosen there): null or [] when it sent none; undefined when nothing was sent
 * or the company is not among the options (the caller's default then stands).
 */
function sentChoices(
	result: SubmissionResult<string[]> | null | undefined,
	companyOptions: Option[] = [],
	tagOptions: Option[] = [],
): { company: Option | null | undefined; tags: Option[] | undefined } {
	const sent = result?.status === 'error' ? result.initialValue : undefined
	if (!sent) return { company: undefined, tags: undefined }
	const companyId = typeof sent.companyId === 'string' ? sent.companyId : ''
	const tagIds = new Set([sent.tagIds ?? []].flat().filter((id): id is string => typeof id === 'string'))
	return {
		company: companyId ? companyOptions.find((option) => option.id === companyId) : null,
		tags: tagOptions.filter((option) => tagIds.has(option.id)),
	}
}

/** The first field or form message of a failed server reply. */
function firstServerError(result: SubmissionResult<string[]> | null | undefined) {
	if (!result || result.status !== 'error' || !result.error) return null
	return Object.values(result.error).flatMap((messages) => messages ?? [])[0] ?? null
}
