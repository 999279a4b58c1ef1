import { Form, useNavigation } from '@remix-run/react'
import { ClipboardPaste, FileText, Globe } from 'lucide-react'
import { useState } from 'react'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { COMPANY_IMPORT_MAX_TEXT_LENGTH, COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { SCRAPE_URL_MESSAGES } from '#app/schemas/scrape-url.ts'
import { ApiError, apiRequest } from '#app/utils/api-client.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { cn } from '#app/utils/misc.ts'
import { ImportOptions } from './import-options.tsx'

const TEXT_FILE_PATTERN = /\.(txt|csv)$/i

export type TextFormValues = { text: string; url: string; instructions: string; skipEnrichment: boolean }

/**
 * Text Upload (the extraction panel): text typed, pasted, read from a .txt/.csv file or scraped from
 * a public page, extra instructions, then Extract Companies. Without JavaScript the file is posted and
 * read on the server, and Scrape re-renders the page with the page's text.
 */
export function TextExtractionForm({
	error,
	notice,
	defaults,
}: {
	error: string | null
	notice: string | null
	defaults: TextFormValues
}) {
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const [text, setText] = useState(defaults.text)
	const [url, setUrl] = useState(defaults.url)
	const [scraping, setScraping] = useState(false)
	const [dragging, setDragging] = useState(false)
	const pending = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null

	async function readFile(file: File | undefined, input?: HTMLInputElement) {
		if (!file) return
		if (input) input.value = ''
		if (!TEXT_FILE_PATTERN.test(file.name)) {
			notify({ type: 'error', title: COMPANY_IMPORT_MESSAGES.textFileType })
			return
		}
		try {
			const content = (await file.text()).replace(/^\uFEFF/, '')
			if (!content.trim()) throw new Error('empty')
			setText(content.slice(0, COMPANY_IMPORT_MAX_TEXT_LENGTH))
		} catch {
			notify({ type: 'error', title: COMPANY_IMPORT_MESSAGES.couldNotRead })
		}
	}

	async function pasteFromClipboard() {
		if (!navigator.clipboard?.readText) {
			notify({ type: 'error', title: 'Clipboard API not available' })
			return
		}
		let pasted: string
		try {
			pasted = await navigator.clipboard.readText()
		} catch (caught) {
			const denied = caught instanceof DOMException && caught.name === 'NotAllowedError'
			notify({
				type: 'error',
				title: denied ? 'Could not access clipboard' : 'Failed to read from clipboard',
			})
			return
		}
		if (!pasted.trim()) {
			notify({ type: 'error', title: 'Failed to read clipboard' })
			return
		}
		setText((current) =>
			(current.trim() ? `${current}\n${pasted}` : pasted).slice(0, COMPANY_IMPORT_MAX_TEXT_LENGTH),
		)
	}

	async function scrape() {
		if (!url.trim()) {
			notify({ type: 'error', title: SCRAPE_URL_MESSAGES.noLink })
			return
		}
		setScraping(true)
		try {
			let result: { text: string; warning: string | null }
			try {
				result = await apiRequest('/api/v1/scrape-url', { method: 'POST', body: { url } })
			} catch (caught) {
				// The spec retries a failed scrape once with the fallback; a bad URL is not retried.
				if (!(caught instanceof ApiError) || caught.status === 400) throw caught
				result = await apiRequest('/api/v1/scrape-url', { method: 'POST', body: { url, useFirecrawl: true } })
			}
			if (!result.text.trim()) throw new ApiError(422, SCRAPE_URL_MESSAGES.noContent)
			setText(result.text.slice(0, COMPANY_IMPORT_MAX_TEXT_LENGTH))
			if (result.warning) notify({ type: 'info', title: result.warning })
			notify({ type: 'success', title: SCRAPE_URL_MESSAGES.success })
		} catch (caught) {
			notify({
				type: 'error',
				title: caught instanceof ApiError ? caught.message : SCRAPE_URL_MESSAGES.failed,
			})
		} finally {
			setScraping(false)
		}
	}

	return (
		<Form method="post" action="/imports?index&tab=text" encType="multipart/form-data" className="space-y-4">
			<div className="space-y-2">
				<div className="flex flex-wrap items-end justify-between gap-2">
					<Label htmlFor="company-text">Text with the companies</Label>
					{hydrated ? (
						<Button type="button" variant="outline" size="sm" onClick={() => void pasteFromClipboard()}>
							<ClipboardPaste aria-hidden="true" />
							Paste from clipboard
						</Button>
					) : null}
				</div>
				<Textarea
					id="company-text"
					name="text"
					rows={10}
					value={text}
					onChange={(event) => setText(event.currentTarget.value)}
					maxLength={COMPANY_IMPORT_MAX_TEXT_LENGTH}
					placeholder="Paste a list of companies, an article, a directory page…"
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'company-text-error' : undefined}
				/>
				<p className="text-xs text-muted-foreground">
					{text.length.toLocaleString('en-US')} / {COMPANY_IMPORT_MAX_TEXT_LENGTH.toLocaleString('en-US')}{' '}
					characters
				</p>
			</div>
			<div className="grid gap-4 md:grid-cols-2">
				<label
					htmlFor="company-text-file"
					onDragOver={(event) => {
						event.preventDefault()
						setDragging(true)
					}}
					onDragLeave={() => setDragging(false)}
					onDrop={(event) => {
						event.preventDefault()
						setDragging(false)
						void readFile(event.dataTransfer.files[0])
					}}
					className={cn(
						'flex cursor-pointer flex-col gap-2 rounded-lg border-2 border-dashed p-4 text-sm transition-colors',
						dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/30 hover:bg-muted/40',
					)}
				>
					<span className="flex items-center gap-2 font-medium">
						<FileText className="size-4" aria-hidden="true" />
						Drop or pick a file
					</span>
					<span className="text-xs text-muted-foreground">A text (.txt) or CSV (.csv) file</span>
					<input
						id="company-text-file"
						name="file"
						type="file"
						accept=".txt,.csv,text/plain,text/csv"
						aria-label="Text or CSV file"
						onChange={(event) => {
							if (hydrated) void readFile(event.currentTarget.files?.[0], event.currentTarget)
						}}
						className="max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium"
					/>
				</label>
				<div className="flex flex-col gap-2 rounded-lg border p-4">
					<Label htmlFor="company-text-url" className="flex items-center gap-2">
						<Globe className="size-4" aria-hidden="true" />
						Scrape a public URL
					</Label>
					<div className="flex gap-2">
						<Input
							id="company-text-url"
							name="url"
							type="text"
							inputMode="url"
							placeholder="https://example.com/customers"
							value={url}
							onChange={(event) => setUrl(event.currentTarget.value)}
						/>
						<Button
							type="submit"
							name="intent"
							value="scrape"
							variant="secondary"
							formNoValidate
							disabled={scraping || pending === 'scrape'}
							onClick={(event) => {
								if (!hydrated) return
								event.preventDefault()
								void scrape()
							}}
						>
							{scraping || pending === 'scrape' ? 'Scraping…' : 'Scrape'}
						</Button>
					</div>
				</div>
			</div>
			<div className="space-y-2">
				<Label htmlFor="company-text-instructions">Extra instructions (optional)</Label>
				<Textarea
					id="company-text-instructions"
					name="instructions"
					rows={2}
					maxLength={2_000}
					defaultValue={defaults.instructions}
					placeholder="For example: only software companies in Europe"
				/>
			</div>
			{error ? (
				<p id="company-text-error" role="alert" className="text-sm text-destructive">
					{error}
				</p>
			) : null}
			{notice ? (
				<p role="status" className="text-sm text-emerald-700">
					{notice}
				</p>
			) : null}
			<ImportOptions idPrefix="text" manualMapping={false} defaults={defaults} />
			<Button type="submit" name="intent" value="start-text" disabled={pending === 'start-text'}>
				{pending === 'start-text' ? 'Starting…' : 'Extract Companies'}
			</Button>
		</Form>
	)
}
