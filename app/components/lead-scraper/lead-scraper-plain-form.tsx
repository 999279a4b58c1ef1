import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { FormActions } from '#app/components/ui/form-field.tsx'
import { LEAD_SOURCE_OPTIONS } from '#app/schemas/lead-scraper-form.ts'
import { CompanySourceFields } from './company-source-fields.tsx'
import {
	FileSourceField,
	InstructionsField,
	LinkSourceField,
	PostSourceFields,
	SourceChoice,
	TextSourceField,
} from './lead-source-fields.tsx'
import { LEAD_SCRAPER_ACTION, useLeadScraperForm } from './use-lead-scraper-form.ts'

/**
 * The Lead scraper without JavaScript: one form with the source radios and every source's inputs;
 * the action reads the chosen source's fields and ignores the others.
 */
export function LeadScraperPlainForm({
	lastResult,
	cancelTo,
}: {
	lastResult?: SubmissionResult<string[]> | null
	cancelTo: string
}) {
	const [form, fields] = useLeadScraperForm({ id: 'lead-scraper-page', lastResult, defaultSource: 'FILE' })
	const navigation = useNavigation()
	const source = typeof fields.source.initialValue === 'string' ? fields.source.initialValue : 'FILE'
	const label = (value: string) => LEAD_SOURCE_OPTIONS.find((option) => option.value === value)?.label
	return (
		<Form
			{...getFormProps(form)}
			method="post"
			action={LEAD_SCRAPER_ACTION}
			encType="multipart/form-data"
			className="grid gap-8"
		>
			<input type="hidden" name="from" value={cancelTo} />
			<RefusalSummary lastResult={lastResult} />
			<SourceChoice fields={fields} value={source} />
			<Section title={label('FILE')}>
				<FileSourceField fields={fields} />
			</Section>
			<Section title={label('TEXT')}>
				<TextSourceField fields={fields} />
			</Section>
			<Section title={label('LINK')}>
				<LinkSourceField fields={fields} />
			</Section>
			<Section
				title={label('LINKEDIN_POST')}
				note="Needs Chrome with our companion extension, and JavaScript: the companion reads the post through your LinkedIn session."
			>
				<PostSourceFields fields={fields} />
			</Section>
			<InstructionsField fields={fields} />
			<Section
				title="Scrape file (companies)"
				note="Each file of companies starts a contact search there: the best people for what you are looking for, ranked with reasons. Additional instructions do not apply."
			>
				<CompanySourceFields fields={fields} />
			</Section>
			<FormActions
				form={form}
				pending={navigation.state === 'submitting'}
				label="Scrape"
				pendingLabel="Starting…"
				secondary={
					<Link to={cancelTo} className={buttonVariants({ variant: 'outline' })}>
						Cancel
					</Link>
				}
			/>
		</Form>
	)
}

/** The page comes back scrolled to the top: what was refused is said there too. */
function RefusalSummary({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
	const messages = [...new Set(Object.values(lastResult?.error ?? {}).flatMap((errors) => errors ?? []))]
	if (messages.length === 0) return null
	return (
		<div
			role="alert"
			className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
		>
			<p className="font-medium">The leads could not be scraped yet:</p>
			<ul className="mt-1 list-disc pl-5">
				{messages.map((message) => (
					<li key={message}>{message}</li>
				))}
			</ul>
		</div>
	)
}

function Section({ title, note, children }: { title?: string; note?: string; children: React.ReactNode }) {
	return (
		<fieldset className="grid gap-3 border-t pt-6">
			<legend className="pr-2 text-base font-semibold">{title}</legend>
			{note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
			{children}
		</fieldset>
	)
}
