import { Form, useNavigation } from '@remix-run/react'
import { FileUp } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/misc.ts'
import { ImportOptions } from './import-options.tsx'

/**
 * CSV Upload: one CSV file in a drop zone (a real file input, so it posts without JavaScript;
 * with it, a file dropped anywhere on the zone lands in the input).
 */
export function CsvUploadForm({
	error,
	defaults,
}: {
	error: string | null
	defaults?: { skipEnrichment?: boolean; manualMapping?: boolean }
}) {
	const input = useRef<HTMLInputElement>(null)
	const [dragging, setDragging] = useState(false)
	const [fileName, setFileName] = useState<string | null>(null)
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'start-csv'
	return (
		<Form method="post" action="/imports?index&tab=csv" encType="multipart/form-data" className="space-y-4">
			<label
				htmlFor="company-csv-file"
				onDragOver={(event) => {
					event.preventDefault()
					setDragging(true)
				}}
				onDragLeave={() => setDragging(false)}
				onDrop={(event) => {
					event.preventDefault()
					setDragging(false)
					const file = event.dataTransfer.files[0]
					if (!file || !input.current) return
					const files = new DataTransfer()
					files.items.add(file)
					input.current.files = files.files
					setFileName(file.name)
				}}
				className={cn(
					'flex cursor-pointer flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center transition-colors',
					dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/30 hover:bg-muted/40',
				)}
			>
				<FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
				<span className="text-sm font-medium">Drop a CSV file here, or choose one</span>
				<span className="text-xs text-muted-foreground">
					One file, at most 1 MB and 500 companies. A header row with at least a name column.
				</span>
				<input
					ref={input}
					id="company-csv-file"
					name="file"
					type="file"
					accept=".csv,text/csv"
					required
					aria-label="CSV file"
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'company-csv-error' : undefined}
					onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? null)}
					className="max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium"
				/>
				{fileName ? <span className="sr-only">Selected: {fileName}</span> : null}
			</label>
			{error ? (
				<p id="company-csv-error" role="alert" className="text-sm text-destructive">
					{error}
				</p>
			) : null}
			<ImportOptions idPrefix="csv" manualMapping defaults={defaults} />
			<Button type="submit" name="intent" value="start-csv" disabled={busy}>
				{busy ? 'Uploading…' : 'Upload CSV'}
			</Button>
		</Form>
	)
}
