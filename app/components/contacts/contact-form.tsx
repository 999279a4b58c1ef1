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
import { CompanyPicker } from '#app/components/companies/company-picker.tsx'
import { TagPicker } from '#app/components/tags/tag-picker.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { type ContactCard } from '#app/models/contact/contact-select.ts'
import { ContactCreateSchema, ContactEditSchema } from '#app/schemas/contact.ts'

export const NEW_CONTACT_ACTION = '/contacts/new'
export function editContactAction(contactId: string) {
	return `/contacts/${contactId}/edit`
}

type Option = { id: string; name: string }

/** What a contact action answers a form: Conform's result, and the saved contact on success. */
export type ContactActionData = {
	result: SubmissionResult<string[]>
	contact?: { id: string } & Record<string, unknown>
}

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
}) {
	const schema = variant === 'add' ? ContactCreateSchema : ContactEditSchema
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint: getZodConstraint(schema),
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
			: undefined,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
	})
	const edit = variant === 'edit'
	const serverError = edit ? firstServerError(lastResult) : null

	const companyField = (
		<Field label="Company" required field={fields.companyId}>
			<CompanyPicker
				name={fields.companyId.name}
				id={fields.companyId.id}
				defaultCompany={contact?.company ?? null}
				fallbackOptions={companyOptions}
				invalid={Boolean(fields.companyId.errors)}
				errorId={fields.companyId.errorId}
				placeholder={edit ? 'Select a company' : 'Search or create a company'}
			/>
		</Field>
	)
	const tagsField = (
		<div className="grid gap-2">
			<Label htmlFor={`${id}-tags`}>Tags</Label>
			<TagPicker
				name="tagIds"
				id={`${id}-tags`}
				defaultTags={contact?.tags ?? []}
				fallbackOptions={tagOptions}
			/>
			<ErrorList id={fields.tagIds.errorId} errors={fields.tagIds.errors} />
		</div>
	)
	const textInput = (
		field: FieldMetadata<string | null | undefined>,
		type: 'text' | 'email' | 'tel' = 'text',
	) => <Input {...getInputProps(field, { type })} />

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
				<Field label="First Name" required field={fields.firstName}>
					<Input
						{...getInputProps(fields.firstName, { type: 'text' })}
						autoComplete="off"
						autoFocus={autoFocus}
					/>
				</Field>
				{edit ? (
					<Field label="Middle Name" field={fields.middleName}>
						{textInput(fields.middleName)}
					</Field>
				) : null}
				<Field label="Last Name" required field={fields.lastName}>
					{textInput(fields.lastName)}
				</Field>
				{edit ? null : companyField}
				{edit ? null : (
					<Field label="Role" required field={fields.role}>
						{textInput(fields.role)}
					</Field>
				)}
				<Field label="Email" required field={fields.email}>
					{textInput(fields.email, 'email')}
				</Field>
				<Field label="Phone" field={fields.phone}>
					{textInput(fields.phone, 'tel')}
				</Field>
				{edit ? (
					<Field label="Role" field={fields.role}>
						{textInput(fields.role)}
					</Field>
				) : null}
				<Field
					label={edit ? 'LinkedIn URL' : 'LinkedIn'}
					field={fields.linkedin}
					className={edit ? undefined : 'sm:col-span-2'}
				>
					<Input
						{...getInputProps(fields.linkedin, { type: 'text' })}
						inputMode="url"
						placeholder="https://www.linkedin.com/in/username"
					/>
				</Field>
			</div>
			{edit ? null : tagsField}
			<Field label="Role Details" field={fields.roleDetails}>
				<Textarea {...getTextareaProps(fields.roleDetails)} rows={3} />
			</Field>
			{edit ? (
				<Field label="Summary" field={fields.summary}>
					<Textarea {...getTextareaProps(fields.summary)} rows={3} />
				</Field>
			) : null}
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
				{secondaryAction}
				<Button type="submit" disabled={pending}>
					{pending ? (edit ? 'Updating…' : 'Adding…') : edit ? 'Update Contact' : 'Add Contact'}
				</Button>
			</div>
		</FormComponent>
	)
}

function Field({
	label,
	required = false,
	field,
	className,
	children,
}: {
	label: string
	required?: boolean
	field: FieldMetadata<unknown>
	className?: string
	children: React.ReactNode
}) {
	return (
		<div className={className ? `grid content-start gap-2 ${className}` : 'grid content-start gap-2'}>
			<Label htmlFor={field.id}>
				{label}
				{required ? (
					<span aria-hidden="true" className="ml-0.5 text-destructive">
						*
					</span>
				) : null}
			</Label>
			{children}
			<ErrorList id={field.errorId} errors={field.errors} />
		</div>
	)
}

/** The first field or form message of a failed server reply. */
function firstServerError(result: SubmissionResult<string[]> | null | undefined) {
	if (!result || result.status !== 'error' || !result.error) return null
	return Object.values(result.error).flatMap((messages) => messages ?? [])[0] ?? null
}
