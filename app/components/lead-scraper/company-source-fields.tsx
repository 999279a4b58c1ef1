import { getInputProps, getTextareaProps } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { CONTACT_SEARCH_MAX_PEOPLE } from '#app/schemas/contact-search.ts'
import { CsvFilesField } from './lead-source-fields.tsx'
import { type LeadScraperFields } from './use-lead-scraper-form.ts'

// Company mode's second step (issue 15): a CSV of companies, whom to look for, and how many people
// per company. A chosen file is asked about at POST /api/v1/lead-scraper/analyze-csv: when it has a
// role prompt column ("Looking for", "Role prompt"…), the looking-for text becomes optional.

const ANALYZE_CSV_URL = '/api/v1/lead-scraper/analyze-csv'
/** analyze-csv reads the first rows only. */
const ANALYZED_BYTES = 64_000

type RolePrompt = 'none' | 'checking' | 'present' | 'absent'

async function hasRolePrompt(file: File) {
	const content = await file.slice(0, ANALYZED_BYTES).text()
	const response = await fetch(ANALYZE_CSV_URL, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ content }),
	})
	if (!response.ok) return false
	const answer = (await response.json()) as { hasRolePrompt?: unknown }
	return answer.hasRolePrompt === true
}

export function CompanySourceFields({
	fields,
	onReadyChange,
}: {
	fields: LeadScraperFields
	/** The spec: Scrape waits for a file, a looking-for or role prompt, and a top count of at most 20. */
	onReadyChange?: (ready: boolean) => void
}) {
	const [fileCount, setFileCount] = useState(0)
	const [rolePrompt, setRolePrompt] = useState<RolePrompt>('none')
	const [lookingFor, setLookingFor] = useState(String(fields.lookingFor.initialValue ?? ''))
	const [topX, setTopX] = useState(String(fields.topX.initialValue ?? ''))
	const asked = useRef(0)

	async function analyze(files: File[]) {
		setFileCount(files.length)
		const question = ++asked.current
		if (files.length === 0) return setRolePrompt('none')
		setRolePrompt('checking')
		let present = false
		try {
			present = (await Promise.all(files.map(hasRolePrompt))).every(Boolean)
		} catch {
			present = false
		}
		// A newer choice of files answers for itself.
		if (question === asked.current) setRolePrompt(present ? 'present' : 'absent')
	}

	const top = Number(topX)
	const ready =
		fileCount > 0 &&
		(lookingFor.trim().length > 0 || rolePrompt === 'present') &&
		Number.isInteger(top) &&
		top >= 1 &&
		top <= CONTACT_SEARCH_MAX_PEOPLE
	useEffect(() => onReadyChange?.(ready), [ready, onReadyChange])

	return (
		<div className="grid gap-4">
			<CsvFilesField
				field={fields.companyFile}
				label="Company files (CSV)"
				dropText="Drop company files here, or choose them"
				hint="A CSV of companies (name, website, LinkedIn…), at most 1 MB each; every file becomes its own search."
				onFiles={(files) => void analyze(files)}
			/>
			<input
				type="hidden"
				name={fields.rolePromptPresent.name}
				value={rolePrompt === 'present' ? 'true' : 'false'}
			/>
			{rolePrompt === 'checking' ? (
				<p role="status" className="text-sm text-muted-foreground">
					Reading the file…
				</p>
			) : rolePrompt === 'present' ? (
				<p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
					The file says whom to find at each company (a role prompt column). What you write below is used for
					the companies without one.
				</p>
			) : null}
			<FormField
				label="What are you looking for?"
				field={fields.lookingFor}
				hint={rolePrompt === 'present' ? 'Optional: the file has a role prompt' : undefined}
			>
				<Textarea
					{...getTextareaProps(fields.lookingFor)}
					rows={3}
					placeholder="e.g. Head of Sales or VP Revenue"
					onChange={(event) => setLookingFor(event.currentTarget.value)}
				/>
			</FormField>
			<FormField
				label="Top contacts per company"
				field={fields.topX}
				hint={`At most ${CONTACT_SEARCH_MAX_PEOPLE}`}
				className="max-w-64"
			>
				<Input
					{...getInputProps(fields.topX, { type: 'number' })}
					min={1}
					max={CONTACT_SEARCH_MAX_PEOPLE}
					step={1}
					onChange={(event) => setTopX(event.currentTarget.value)}
				/>
			</FormField>
		</div>
	)
}
