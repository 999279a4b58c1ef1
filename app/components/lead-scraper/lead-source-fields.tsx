import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { FileUp } from 'lucide-react'
import { useRef, useState } from 'react'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { LINKEDIN_POST_CHANNELS } from '#app/schemas/lead-import.ts'
import {
	COMPANY_SOURCE_OPTION,
	LEAD_SOURCE_OPTIONS,
	LINKEDIN_POST_CHANNEL_LABELS,
	type LeadScraperSource,
} from '#app/schemas/lead-scraper-form.ts'
import { cn } from '#app/utils/misc.ts'
import { PostRangeField } from './post-range-field.tsx'
import { type LeadScraperFields } from './use-lead-scraper-form.ts'

// The Lead scraper's fields, shared by the stepped dialog (one step at a time) and the plain
// no-JavaScript form (all at once). Every control is a native one, so the plain form posts as is.

/** Step 1: where the leads come from (native radios): people sources, then company mode's file. */
export function SourceChoice({
	fields,
	value,
	onChange,
}: {
	fields: LeadScraperFields
	value: string | undefined
	onChange?: (source: LeadScraperSource) => void
}) {
	const field = fields.source
	const radio = (option: { value: LeadScraperSource; label: string; description: string }, label: string) => {
		const id = `${field.id}-${option.value}`
		return (
			<label
				key={option.value}
				htmlFor={id}
				className="flex cursor-pointer items-start gap-3 rounded-md border p-3 hover:bg-muted/40 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
			>
				<input
					id={id}
					type="radio"
					name={field.name}
					value={option.value}
					defaultChecked={value === option.value}
					onChange={() => onChange?.(option.value)}
					aria-label={label}
					aria-describedby={`${id}-description`}
					className="mt-0.5 size-4 accent-primary"
				/>
				<span className="grid gap-0.5">
					<span className="text-sm font-medium">{option.label}</span>
					<span id={`${id}-description`} className="text-xs text-muted-foreground">
						{option.description}
					</span>
				</span>
			</label>
		)
	}
	return (
		<fieldset className="grid gap-3" aria-describedby={field.errors ? field.errorId : undefined}>
			<legend className="mb-2 text-sm font-medium">People</legend>
			{LEAD_SOURCE_OPTIONS.map((option) => radio(option, option.label))}
			<p className="mb-1 mt-2 text-sm font-medium">Companies</p>
			{radio(COMPANY_SOURCE_OPTION, 'Scrape file (companies)')}
			<ErrorList id={field.errorId} errors={field.errors} />
		</fieldset>
	)
}

/** Scrape file: CSV files, several at once, at most 1 MB each; dropped files land in the input. */
export function FileSourceField({ fields }: { fields: LeadScraperFields }) {
	return (
		<CsvFilesField
			field={fields.file}
			hint="CSV only, at most 1 MB each; every file becomes its own import."
			label="CSV files"
		/>
	)
}

/** A drop zone over a native multiple file input; `onFiles` hears of each new choice. */
export function CsvFilesField({
	field,
	hint,
	label,
	dropText = 'Drop CSV files here, or choose them',
	onFiles,
}: {
	field: LeadScraperFields['file'] | LeadScraperFields['companyFile']
	hint: string
	label: string
	dropText?: string
	onFiles?: (files: File[]) => void
}) {
	const input = useRef<HTMLInputElement>(null)
	const [dragging, setDragging] = useState(false)
	const [chosen, setChosen] = useState<Array<{ name: string; size: number }>>([])
	const errors = [...new Set(Object.values(field.allErrors).flat())]
	function remember(files: FileList | null) {
		setChosen([...(files ?? [])].map((file) => ({ name: file.name, size: file.size })))
		onFiles?.([...(files ?? [])])
	}
	return (
		<div className="grid gap-2">
			<label
				htmlFor={field.id}
				onDragOver={(event) => {
					event.preventDefault()
					setDragging(true)
				}}
				onDragLeave={() => setDragging(false)}
				onDrop={(event) => {
					event.preventDefault()
					setDragging(false)
					if (!input.current || event.dataTransfer.files.length === 0) return
					input.current.files = event.dataTransfer.files
					remember(input.current.files)
					// Conform (and anything else listening) hears about the new files.
					input.current.dispatchEvent(new Event('input', { bubbles: true }))
					input.current.dispatchEvent(new Event('change', { bubbles: true }))
				}}
				className={cn(
					'flex cursor-pointer flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
					dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/30 hover:bg-muted/40',
				)}
			>
				<FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
				<span className="text-sm font-medium">{dropText}</span>
				<span className="text-xs text-muted-foreground">{hint}</span>
				<input
					ref={input}
					id={field.id}
					name={field.name}
					type="file"
					multiple
					accept=".csv,text/csv"
					aria-label={label}
					aria-invalid={errors.length ? true : undefined}
					aria-describedby={errors.length ? field.errorId : undefined}
					onChange={(event) => remember(event.currentTarget.files)}
					className="max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium"
				/>
			</label>
			{chosen.length ? (
				<ul aria-label="Chosen files" className="grid gap-1 text-sm">
					{chosen.map((file) => (
						<li key={file.name} className="flex justify-between gap-2">
							<span className="truncate">{file.name}</span>
							<span className="shrink-0 tabular-nums text-muted-foreground">{formatSize(file.size)}</span>
						</li>
					))}
				</ul>
			) : null}
			<ErrorList id={field.errorId} errors={errors} />
		</div>
	)
}

function formatSize(bytes: number) {
	if (bytes < 1_000) return `${bytes} B`
	if (bytes < 1_000_000) return `${Math.round(bytes / 100) / 10} kB`
	return `${Math.round(bytes / 100_000) / 10} MB`
}

/** Scrape a plain text. */
export function TextSourceField({ fields }: { fields: LeadScraperFields }) {
	return (
		<FormField label="Text" field={fields.text}>
			<Textarea
				{...getTextareaProps(fields.text)}
				rows={8}
				placeholder="Paste a list of people, a speaker page, an email thread…"
				className="max-h-80"
			/>
		</FormField>
	)
}

/** Scrape link: a public page (team pages, speaker lists, directories). */
export function LinkSourceField({ fields }: { fields: LeadScraperFields }) {
	return (
		<FormField label="Link" field={fields.url} hint="A team page, a speaker list, a directory">
			<Input
				{...getInputProps(fields.url, { type: 'text' })}
				inputMode="url"
				placeholder="https://example.com/team"
			/>
		</FormField>
	)
}

/** Scrape a linkedin post: its link, which people, and how many of each. */
export function PostSourceFields({ fields }: { fields: LeadScraperFields }) {
	const [channel, setChannel] = useState(fields.channel.initialValue ?? 'all')
	return (
		<div className="grid gap-4">
			<FormField label="LinkedIn post link" field={fields.postUrl}>
				<Input
					{...getInputProps(fields.postUrl, { type: 'text' })}
					inputMode="url"
					placeholder="https://www.linkedin.com/posts/…"
				/>
			</FormField>
			<FormField label="People to import" field={fields.channel}>
				<Select
					{...getSelectProps(fields.channel)}
					onChange={(event) => setChannel(event.currentTarget.value)}
				>
					{LINKEDIN_POST_CHANNELS.map((value) => (
						<option key={value} value={value}>
							{LINKEDIN_POST_CHANNEL_LABELS[value]}
						</option>
					))}
				</Select>
			</FormField>
			<PostRangeField
				label="Comments"
				min={fields.commentsMin}
				max={fields.commentsMax}
				disabled={channel === 'reactions'}
			/>
			<PostRangeField
				label="Reactions"
				min={fields.reactionsMin}
				max={fields.reactionsMax}
				disabled={channel === 'comments'}
			/>
		</div>
	)
}

/** Step 3: what the extraction should keep or look for. */
export function InstructionsField({ fields }: { fields: LeadScraperFields }) {
	return (
		<FormField label="Additional instructions" field={fields.instructions} hint="Optional">
			<Textarea
				{...getTextareaProps(fields.instructions)}
				rows={4}
				placeholder="e.g. Only people in marketing or sales roles"
			/>
		</FormField>
	)
}
