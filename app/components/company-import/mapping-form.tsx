import { Form, useNavigation } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import {
	COMPANY_IMPORT_MESSAGES,
	IMPORTED_COMPANY_FIELD_LABELS,
	IMPORTED_COMPANY_FIELDS,
	type ColumnMapping,
} from '#app/schemas/company-import.ts'
import { cutCell } from './format-imported-company.ts'

/** The guessed (or API-sent) mapping as the selects' values: a column index, '' when unmapped. */
function selectedColumn(mapping: ColumnMapping | null, field: keyof ColumnMapping, headers: string[]) {
	const value = mapping?.[field]
	if (typeof value === 'number' && value >= 0 && value < headers.length) return String(value)
	if (typeof value === 'string') {
		const index = headers.findIndex((header) => header.trim().toLowerCase() === value.trim().toLowerCase())
		if (index >= 0) return String(index)
	}
	return ''
}

/**
 * The mapping step (spec: "for each company field choose a CSV column, then Import or Cancel"):
 * one select per field, preselected with the guess, and the file's first rows to check it against.
 */
export function MappingForm({
	headers,
	sampleRows,
	mapping,
	warnings,
}: {
	headers: string[]
	sampleRows: string[][]
	mapping: ColumnMapping | null
	warnings: string[]
}) {
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle'
	if (headers.length === 0) {
		return (
			<Card className="space-y-4 p-6">
				<p role="alert" className="text-sm text-destructive">
					{COMPANY_IMPORT_MESSAGES.noHeadersForMapping}
				</p>
				<Form method="post">
					<Button type="submit" name="intent" value="reject" variant="outline" disabled={busy}>
						Cancel
					</Button>
				</Form>
			</Card>
		)
	}
	return (
		<div className="space-y-4">
			{warnings.length > 0 ? (
				<ul className="space-y-1 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
					{warnings.map((warning) => (
						<li key={warning}>{warning}</li>
					))}
				</ul>
			) : null}
			<Card className="p-6">
				<h2 className="text-lg font-semibold">Map CSV columns</h2>
				<p className="mb-4 text-sm text-muted-foreground">
					For each company field choose a CSV column. Name is needed; a row is ready to save with a name and a
					description.
				</p>
				<Form method="post" id="mapping-form" className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
					{IMPORTED_COMPANY_FIELDS.map((field) => (
						<div key={field} className="space-y-1">
							<label htmlFor={`mapping-${field}`} className="text-sm font-medium">
								{IMPORTED_COMPANY_FIELD_LABELS[field]}
								{field === 'name' ? <span className="text-destructive"> *</span> : null}
							</label>
							<Select
								id={`mapping-${field}`}
								name={`mapping.${field}`}
								defaultValue={selectedColumn(mapping, field, headers)}
							>
								<option value="">— not mapped —</option>
								{headers.map((header, index) => (
									<option key={`${index}-${header}`} value={String(index)}>
										{header || `Column ${index + 1}`}
									</option>
								))}
							</Select>
						</div>
					))}
				</Form>
			</Card>
			{sampleRows.length > 0 ? (
				<Card>
					<h3 className="border-b px-4 py-3 text-sm font-semibold">First rows of the file</h3>
					<Table aria-label="First rows of the file">
						<TableHeader>
							<TableRow>
								{headers.map((header, index) => (
									<TableHead key={`${index}-${header}`} className="whitespace-nowrap">
										{header || `Column ${index + 1}`}
									</TableHead>
								))}
							</TableRow>
						</TableHeader>
						<TableBody>
							{sampleRows.map((row, rowIndex) => (
								<TableRow key={rowIndex}>
									{headers.map((_, index) => (
										<TableCell key={index} className="whitespace-nowrap" title={row[index] ?? ''}>
											{cutCell(row[index] ?? '')}
										</TableCell>
									))}
								</TableRow>
							))}
						</TableBody>
					</Table>
				</Card>
			) : null}
			<div className="flex justify-end gap-2">
				<Form method="post">
					<Button type="submit" name="intent" value="reject" variant="outline" disabled={busy}>
						Cancel
					</Button>
				</Form>
				<Button type="submit" form="mapping-form" name="intent" value="confirm-mapping" disabled={busy}>
					Import
				</Button>
			</div>
		</div>
	)
}
