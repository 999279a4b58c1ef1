import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useFetcher, useNavigate } from '@remix-run/react'
import { Loader2 } from 'lucide-react'
import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react'
import {
	CompanionRequirementNotice,
	InstallLink,
	companionRequirement,
} from '#app/components/linkedin/companion-requirement.tsx'
import { useCompanionStatusContext } from '#app/components/linkedin/use-companion-status.ts'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { notify } from '#app/components/toaster.tsx'
import { startedBulkMessage } from '#app/schemas/contact-search.ts'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import {
	COMPANY_SOURCE_OPTION,
	LEAD_SCRAPER_SOURCE_FIELDS,
	LEAD_SOURCE_OPTIONS,
	LeadScraperFormSchema,
	postFilterOf,
	type LeadScraperSource,
	type LinkedInPostForm,
} from '#app/schemas/lead-scraper-form.ts'
import { cn } from '#app/utils/misc.ts'
import { useOnNewValue } from '#app/utils/use-on-new-value.ts'
import { CompanySourceFields } from './company-source-fields.tsx'
import { LeadImportProgressList, useLeadProgressData } from './lead-import-progress-list.tsx'
import {
	FileSourceField,
	InstructionsField,
	LinkSourceField,
	PostSourceFields,
	SourceChoice,
	TextSourceField,
} from './lead-source-fields.tsx'
import { fetchPostAuthors, PostAuthorsError, type PostAuthorsProblem } from './post-authors.ts'
import {
	LEAD_SCRAPER_ACTION,
	useLeadScraperForm,
	type LeadScraperActionData,
} from './use-lead-scraper-form.ts'

// The Lead scraper with JavaScript: three steps (source; file, text or link; instructions) on one
// form, posted by a fetcher to /lead-scraper/new; then the progress of what it started, until the
// review opens. `Shell` draws the dialog around it (stacked over a page, or the route's own).

export type LeadScraperShellProps = { title: string; description: string; children: ReactNode }

type Step = 1 | 2 | 3

/** The name of the button Conform submits its intents with (@conform-to/dom's INTENT). */
const CONFORM_INTENT = '__intent__'

const STEP_TITLES: Record<LeadScraperSource, string> = {
	COMPANIES: 'Upload files',
	FILE: 'Upload files',
	TEXT: 'Paste text',
	LINK: 'Enter a link',
	LINKEDIN_POST: 'LinkedIn post',
}

export function LeadScraperFlow({
	Shell,
	onCancel,
	onLeave,
}: {
	Shell: ComponentType<LeadScraperShellProps>
	onCancel: () => void
	/** Before it navigates to the review. */
	onLeave: () => void
}) {
	const [started, setStarted] = useState<Array<{ queueableId: string; name: string }> | null>(null)
	if (started) {
		return (
			<Shell
				title="Parsing Leads"
				description="You can close this window: the import goes on and is listed on the Imports page."
			>
				<StartedImports queueableIds={started.map((item) => item.queueableId)} onLeave={onLeave} />
			</Shell>
		)
	}
	return <LeadScraperWizard Shell={Shell} onCancel={onCancel} onStarted={setStarted} onLeave={onLeave} />
}

function StartedImports({ queueableIds, onLeave }: { queueableIds: string[]; onLeave: () => void }) {
	const { items, refresh } = useLeadProgressData(queueableIds)
	if (items === null) return <Starting label="Queued..." />
	if (items.length === 0)
		return <p className="text-sm text-muted-foreground">This import no longer exists.</p>
	return <LeadImportProgressList items={items} refresh={refresh} returnTo="/imports" onLeave={onLeave} />
}

function Starting({ label }: { label: string }) {
	return (
		<div className="flex items-center gap-3 py-6" aria-live="polite">
			<Loader2 className="size-5 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />
			<p className="text-sm font-medium">{label}</p>
		</div>
	)
}

type Problem = { kind: PostAuthorsProblem; message: string }

function LeadScraperWizard({
	Shell,
	onCancel,
	onStarted,
	onLeave,
}: {
	Shell: ComponentType<LeadScraperShellProps>
	onCancel: () => void
	onStarted: (started: Array<{ queueableId: string; name: string }>) => void
	/** Before it navigates to a company-mode search's results. */
	onLeave: () => void
}) {
	const companion = useCompanionStatusContext()
	const fetcher = useFetcher<LeadScraperActionData>()
	// The spec: the LinkedIn option is chosen first only for a user LinkedIn is connected for.
	const [initialSource] = useState<LeadScraperSource>(() =>
		companion?.status === 'connected' ? 'LINKEDIN_POST' : 'FILE',
	)
	const [source, setSource] = useState(initialSource)
	const [step, setStep] = useState<Step>(1)
	// Company mode has no instructions step: its second step ends with Scrape (spec).
	const lastStep: Step = source === 'COMPANIES' ? 2 : 3
	const [companyReady, setCompanyReady] = useState(false)
	const navigate = useNavigate()
	const [problem, setProblem] = useState<Problem | null>(null)
	const [readingPost, setReadingPost] = useState(false)
	const [form, fields] = useLeadScraperForm({
		id: 'lead-scraper-dialog',
		lastResult: fetcher.data?.result,
		// Once: a new default would make Conform start the form over.
		defaultSource: initialSource,
	})

	useOnNewValue(fetcher.state === 'idle' ? fetcher.data : undefined, (answer) => {
		if (answer.started?.length) return onStarted(answer.started)
		const [search] = answer.searches ?? []
		if (search) {
			notify({
				type: 'success',
				title: startedBulkMessage(answer.companies ?? 0, answer.estimatedTime ?? ''),
			})
			onLeave()
			return navigate(`/contact-search/${search.queueableId}`)
		}
		// A refusal: back to the step whose field the server refused.
		const refused = Object.keys(answer.result?.error ?? {})
		if (refused.some((name) => name === 'source')) setStep(1)
		else if (refused.some((name) => isSourceField(source, name))) setStep(2)
	})

	/** Checks the fields of this step only; shows their messages and says whether they pass. */
	function stepPasses(formElement: HTMLFormElement) {
		const submission = parseWithZod(new FormData(formElement), { schema: LeadScraperFormSchema })
		const refused = Object.keys(submission.status === 'error' ? (submission.error ?? {}) : {})
		const names: readonly string[] = step === 1 ? ['source'] : LEAD_SCRAPER_SOURCE_FIELDS[source]
		const failing = names.filter((name) => refused.some((key) => key === name || key.startsWith(`${name}[`)))
		for (const name of failing) form.validate({ name })
		return failing.length === 0
	}

	function goNext(formElement: HTMLFormElement | null) {
		if (!formElement || !stepPasses(formElement)) return
		setProblem(null)
		setStep((current) => (current < lastStep ? ((current + 1) as Step) : current))
	}

	async function submit(event: FormEvent<HTMLFormElement>) {
		const formElement = event.currentTarget
		// Conform's own validation (on blur, form.validate) comes as a submit by its intent button.
		const submitter = (event.nativeEvent as SubmitEvent).submitter
		if (submitter?.getAttribute('name') === CONFORM_INTENT) return form.onSubmit(event)
		if (step < lastStep) {
			// Enter in a field moves on instead of sending a half-filled form.
			event.preventDefault()
			return goNext(formElement)
		}
		form.onSubmit(event)
		if (event.defaultPrevented) return
		event.preventDefault()
		const formData = new FormData(formElement)
		formData.set('mode', 'dialog')
		setProblem(null)
		if (source === 'COMPANIES' && !companyReady) return
		if (source === 'LINKEDIN_POST') {
			const submission = parseWithZod(formData, { schema: LeadScraperFormSchema })
			if (submission.status !== 'success' || submission.value.source !== 'LINKEDIN_POST') return
			const added = await addPostAuthors(formData, submission.value)
			if (!added) return
		}
		void fetcher.submit(formData, {
			method: 'post',
			action: LEAD_SCRAPER_ACTION,
			encType: 'multipart/form-data',
		})
	}

	/** The companion reads the post's people; they travel with the form as `contacts`. */
	async function addPostAuthors(formData: FormData, value: LinkedInPostForm) {
		setReadingPost(true)
		try {
			const authors = await fetchPostAuthors({ url: value.postUrl, filter: postFilterOf(value) })
			formData.set('contacts', JSON.stringify(authors.contacts))
			if (authors.text) formData.set('postText', authors.text)
			return true
		} catch (error) {
			setProblem(
				error instanceof PostAuthorsError
					? { kind: error.problem, message: error.message }
					: { kind: 'failed', message: LEAD_IMPORT_MESSAGES.linkFetchFailed },
			)
			return false
		} finally {
			setReadingPost(false)
		}
	}

	const sending = fetcher.state !== 'idle'
	const busy = sending || readingPost
	const option = [...LEAD_SOURCE_OPTIONS, COMPANY_SOURCE_OPTION].find((item) => item.value === source)
	const stepTitle =
		step === 1 ? 'Choose a source' : step === 2 ? STEP_TITLES[source] : 'Additional instructions'
	const companyMode = source === 'COMPANIES' && step > 1
	return (
		<Shell
			title={companyMode ? 'Scrape leads from different sources' : sending ? 'Parsing Leads' : 'Lead scraper'}
			description={
				sending
					? companyMode
						? 'Starting the search…'
						: 'Starting the import…'
					: `Step ${step} of ${lastStep}: ${stepTitle}`
			}
		>
			{sending ? <Starting label="Starting..." /> : null}
			{/* Kept while it is sent: a refusal comes back to the same inputs (files included). */}
			<form
				hidden={sending}
				{...getFormProps(form)}
				method="post"
				action={LEAD_SCRAPER_ACTION}
				encType="multipart/form-data"
				onSubmit={(event) => void submit(event)}
				className={cn('grid gap-4', sending && 'hidden')}
			>
				{/* Every step stays in the form (hidden), so the last one sends what the first two chose. */}
				<Shown when={step === 1}>
					<SourceChoice fields={fields} value={initialSource} onChange={setSource} />
				</Shown>
				<Shown when={step === 2} className="grid gap-4">
					<p className="text-sm text-muted-foreground">{option?.label}</p>
					<Shown when={source === 'FILE'}>
						<FileSourceField fields={fields} />
					</Shown>
					<Shown when={source === 'TEXT'}>
						<TextSourceField fields={fields} />
					</Shown>
					<Shown when={source === 'LINK'}>
						<LinkSourceField fields={fields} />
					</Shown>
					<Shown when={source === 'COMPANIES'}>
						<CompanySourceFields fields={fields} onReadyChange={setCompanyReady} />
					</Shown>
					<Shown when={source === 'LINKEDIN_POST'} className="grid gap-4">
						{source === 'LINKEDIN_POST' ? <CompanionNotice /> : null}
						<PostSourceFields fields={fields} />
					</Shown>
				</Shown>
				<Shown when={step === 3}>
					<InstructionsField fields={fields} />
				</Shown>
				{problem ? (
					<div
						role="alert"
						className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
					>
						<p>{problem.message}</p>
						{problem.kind === 'install' ? <InstallLink /> : null}
					</div>
				) : null}
				<ErrorList id={form.errorId} errors={form.errors} />
				<div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
					{step === 1 ? (
						<Button type="button" variant="outline" onClick={onCancel}>
							Cancel
						</Button>
					) : (
						<Button
							type="button"
							variant="outline"
							disabled={busy}
							onClick={() => setStep((current) => (current > 1 ? ((current - 1) as Step) : current))}
						>
							Back
						</Button>
					)}
					{/* Keyed apart: Next turning into Scrape under the pointer would submit the form. */}
					{step < lastStep ? (
						<Button key="next" type="button" onClick={(event) => goNext(event.currentTarget.form)}>
							Next
						</Button>
					) : (
						<Button key="scrape" type="submit" disabled={busy || (source === 'COMPANIES' && !companyReady)}>
							{readingPost ? 'Reading the post…' : 'Scrape'}
						</Button>
					)}
				</div>
			</form>
		</Shell>
	)
}

/** Part of the form kept in it while out of sight (`hidden` beats the display classes). */
function Shown({ when, className, children }: { when: boolean; className?: string; children: ReactNode }) {
	return (
		<div hidden={!when} className={cn(className, !when && 'hidden')}>
			{children}
		</div>
	)
}

function isSourceField(source: LeadScraperSource, name: string) {
	const names: readonly string[] = LEAD_SCRAPER_SOURCE_FIELDS[source]
	return names.some((field) => name === field || name.startsWith(`${field}[`))
}

/** Chrome and the companion first; then a LinkedIn session in this browser. */
function CompanionNotice() {
	const companion = useCompanionStatusContext()
	if (companionRequirement(companion)) return <CompanionRequirementNotice value={companion} />
	if (companion?.status !== 'other') return null
	return (
		<p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
			{LEAD_IMPORT_MESSAGES.connectLinkedIn}
		</p>
	)
}
