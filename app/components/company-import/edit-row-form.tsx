import { Form, Link, useNavigation } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { type ImportedCompany } from '#app/schemas/company-import.ts'
import { editText, REVIEW_COLUMNS } from './format-imported-company.ts'

const LONG_FIELDS = new Set(['description', 'summary'])

/** A row's inline edit form: every column as text; an empty field clears it. */
export function EditRowForm({
	rowId,
	company,
	cancelHref,
	errors,
	values,
}: {
	rowId: string
	company: ImportedCompany
	cancelHref: string
	errors?: Record<string, string>
	values?: Record<string, string>
}) {
	const navigation = useNavigation()
	const saving = navigation.formData?.get('intent') === 'edit-row'
	return (
		<Form method="post" className="space-y-3 p-3" aria-label={`Edit ${company.name ?? 'company'}`}>
			<input type="hidden" name="rowId" value={rowId} />
			<div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
				{REVIEW_COLUMNS.map(({ field, label }) => {
					const id = `edit-${rowId}-${field}`
					const error = errors?.[field]
					const props = {
						id,
						name: field,
						defaultValue: values?.[field] ?? editText(company, field),
						'aria-invalid': error ? true : undefined,
						'aria-describedby': error ? `${id}-error` : undefined,
					}
					return (
						<div key={field} className={LONG_FIELDS.has(field) ? 'space-y-1 sm:col-span-2' : 'space-y-1'}>
							<label htmlFor={id} className="text-xs font-medium">
								{label}
							</label>
							{LONG_FIELDS.has(field) ? <Textarea rows={2} {...props} /> : <Input {...props} />}
							<input type="hidden" name={`original.${field}`} value={editText(company, field)} />
							{error ? (
								<p id={`${id}-error`} className="text-xs text-destructive">
									{error}
								</p>
							) : null}
						</div>
					)
				})}
			</div>
			<div className="flex gap-2">
				<Button type="submit" name="intent" value="edit-row" size="sm" disabled={saving}>
					{saving ? 'Saving…' : 'Save'}
				</Button>
				<Button asChild variant="ghost" size="sm">
					<Link to={cancelHref} preventScrollReset>
						Cancel
					</Link>
				</Button>
			</div>
		</Form>
	)
}
