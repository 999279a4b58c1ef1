import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react'
import { AlertTriangle, Mail, MessageSquare, Phone, PhoneCall, PhoneOff } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { listDueCalls } from '#app/models/phone-call/list-due-calls.server.ts'
import { recordCallOutcome } from '#app/models/phone-call/record-call-outcome.server.ts'
import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { canManageOrganization, requireActor } from '#app/models/session/auth.server.ts'
import { hasPhoneCalls } from '#app/models/user/feature-flags.server.ts'
import {
	CALL_MESSAGES,
	CALL_NOTES_MAX,
	CALL_OUTCOME_LABELS,
	CALL_OUTCOMES,
	CallOutcomeSchema,
	CallScopeSchema,
	type CallHistoryEntry,
	type DueCall,
} from '#app/schemas/phone-call.ts'
import { cn } from '#app/utils/misc.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// The Calls page (issue 18, decision 030): the phone-call steps due for the user, grouped by the
// organization's day, each with the contact, a tel: link, the talking points, the sequence's history
// and the outcome form. Behind the sequence:phone flag (404 without it).

async function requireCaller(request: Request) {
	const actor = await requireActor(request)
	if (!(await hasPhoneCalls(actor.userId))) throw new Response('Not found', { status: 404 })
	return actor
}

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireCaller(request)
	const canSeeAll = canManageOrganization(actor)
	const requested = CallScopeSchema.parse(new URL(request.url).searchParams.get('scope') ?? undefined)
	// A member asking for everyone's calls gets their own: the page offers them nothing else.
	const scope = canSeeAll ? requested : 'mine'
	const list = await listDueCalls({ organizationId: actor.organizationId, userId: actor.userId, scope })
	// Dates in the organization's zone, formatted here so the server and the browser print the same.
	const day = new Intl.DateTimeFormat('en-US', {
		timeZone: list.timeZone,
		weekday: 'short',
		month: 'short',
		day: 'numeric',
	})
	const time = new Intl.DateTimeFormat('en-US', {
		timeZone: list.timeZone,
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	})
	const when = (iso: string) => `${day.format(new Date(iso))}, ${time.format(new Date(iso))}`
	const view = (call: DueCall) => ({
		...call,
		dueLabel: when(call.scheduledFor),
		history: call.history.map((entry) => ({ ...entry, when: when(entry.at) })),
		wrongNumberLabel: call.contact.phone?.wrongNumberAt
			? day.format(new Date(call.contact.phone.wrongNumberAt))
			: null,
	})
	return {
		scope,
		canSeeAll,
		timeZone: list.timeZone,
		groups: [
			{ id: 'today', title: 'Due today', calls: list.today.map(view) },
			{ id: 'overdue', title: 'Overdue', calls: list.overdue.map(view) },
			{ id: 'upcoming', title: 'Upcoming', calls: list.upcoming.map(view) },
		],
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireCaller(request)
	const formData = await request.formData()
	const stepId = String(formData.get('stepId') ?? '')
	const scope = CallScopeSchema.parse(formData.get('scope') ?? undefined)
	const back = scope === 'all' ? '/calls?scope=all' : '/calls'
	const submission = parseWithZod(formData, { schema: CallOutcomeSchema })
	if (submission.status !== 'success') return data({ stepId, result: submission.reply() }, { status: 400 })
	try {
		const recorded = await recordCallOutcome({
			organizationId: actor.organizationId,
			userId: actor.userId,
			canLogAll: canManageOrganization(actor),
			stepId,
			input: submission.value,
		})
		if (recorded.result === 'already_recorded')
			return redirectWithToast(back, { type: 'info', title: CALL_MESSAGES.alreadyRecorded })
		return redirectWithToast(back, {
			type: 'success',
			title: CALL_MESSAGES.recorded,
			description: recorded.sequenceCompleted
				? 'That was the last step: the sequence is complete.'
				: recorded.nextCallAt
					? 'The next call of this sequence is on your list when it is due.'
					: undefined,
		})
	} catch (error) {
		if (!(error instanceof SequenceRuleError)) throw error
		// The list has changed under the user (a reply, a pause, a teammate): say why and show it again.
		return redirectWithToast(back, { type: 'error', title: CALL_MESSAGES.failed, description: error.message })
	}
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
type CallView = LoaderData['groups'][number]['calls'][number]

export default function CallsRoute() {
	const { groups, scope, canSeeAll, timeZone } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const total = groups.reduce((sum, group) => sum + group.calls.length, 0)
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Calls"
				description={`The phone-call steps of ${scope === 'all' ? "your organization's" : 'your'} active sequences, by day (${timeZone}). A reply on any channel takes a person's calls off the list.`}
				actions={canSeeAll ? <ScopeSwitch scope={scope} /> : null}
			/>
			{total === 0 ? (
				<div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-background p-10 text-center">
					<PhoneOff className="size-8 text-muted-foreground" aria-hidden="true" />
					<p className="font-medium">No calls due</p>
					<p className="max-w-md text-sm text-muted-foreground">
						When a sequence with phone-call steps is active, each call shows up here on the day it is due,
						with the contact's number and your talking points.
					</p>
				</div>
			) : (
				groups.map((group) =>
					group.calls.length ? (
						<section key={group.id} aria-labelledby={`calls-${group.id}`} className="grid gap-3">
							<h2 id={`calls-${group.id}`} className="flex items-center gap-2 text-lg font-semibold">
								{group.title}
								<Badge variant="secondary" className="tabular-nums">
									{group.calls.length}
								</Badge>
							</h2>
							<ol className="grid gap-3">
								{group.calls.map((call) => (
									<li key={call.stepId}>
										<CallCard
											call={call}
											overdue={group.id === 'overdue'}
											scope={scope}
											lastResult={actionData?.stepId === call.stepId ? actionData.result : null}
										/>
									</li>
								))}
							</ol>
						</section>
					) : null,
				)
			)}
		</div>
	)
}

function ScopeSwitch({ scope }: { scope: 'mine' | 'all' }) {
	const link = (value: 'mine' | 'all', label: string) => (
		<Link
			to={value === 'all' ? '?scope=all' : '.'}
			aria-current={scope === value ? 'page' : undefined}
			className={buttonVariants({ variant: scope === value ? 'secondary' : 'ghost', size: 'sm' })}
		>
			{label}
		</Link>
	)
	return (
		<nav aria-label="Whose calls" className="flex gap-1 rounded-md border bg-background p-1">
			{link('mine', 'My calls')}
			{link('all', "Everyone's calls")}
		</nav>
	)
}

/**
 * One call. "Mark call done" posts the outcome: with JavaScript through a fetcher, the card leaving
 * the list at once; without, as a plain form that comes back here with a toast.
 */
function CallCard({
	call,
	overdue,
	scope,
	lastResult,
}: {
	call: CallView
	overdue: boolean
	scope: 'mine' | 'all'
	lastResult: SubmissionResult<string[]> | null
}) {
	const fetcher = useFetcher<typeof action>({ key: `call-${call.stepId}` })
	const fetcherResult = fetcher.data && 'result' in fetcher.data ? fetcher.data.result : null
	const [form, fields] = useForm({
		id: `call-${call.stepId}`,
		lastResult: fetcher.state === 'idle' ? (fetcherResult ?? lastResult) : null,
		constraint: getZodConstraint(CallOutcomeSchema),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CallOutcomeSchema }),
	})
	// Optimistic: a valid submission on its way takes the call off the list.
	if (fetcher.state !== 'idle' && fetcher.formData) return null
	const { contact } = call
	const titleId = `call-${call.stepId}-title`
	return (
		<article
			aria-labelledby={titleId}
			className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
		>
			<div className="grid content-start gap-3">
				<header className="flex flex-wrap items-start justify-between gap-2">
					<div className="min-w-0">
						<h3 id={titleId} className="font-semibold">
							<Link to={`/contacts/${contact.id}`} className="hover:underline">
								{contact.name}
							</Link>
						</h3>
						<p className="text-sm text-muted-foreground">
							{[contact.role, contact.company].filter(Boolean).join(' · ') || 'No role or company'}
						</p>
					</div>
					<p
						className={cn('text-sm', overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}
						data-testid="call-due"
					>
						{overdue ? 'Was due ' : 'Due '}
						{call.dueLabel}
					</p>
				</header>
				<PhoneLine call={call} />
				<div className="grid gap-1">
					<h4 className="text-sm font-medium">
						Talking points
						{call.callCount > 1 ? (
							<span className="font-normal text-muted-foreground">
								{' '}
								· call {call.order} of {call.callCount}
							</span>
						) : null}
					</h4>
					<p
						className="whitespace-pre-line break-words text-sm text-muted-foreground"
						data-testid="talking-points"
					>
						{call.talkingPoints || 'No talking points for this call.'}
					</p>
				</div>
				<p className="text-xs text-muted-foreground">
					Sequence:{' '}
					<Link to={`/sequences/${call.sequence.id}`} className="font-medium text-foreground hover:underline">
						{call.sequence.subject || 'Untitled sequence'}
					</Link>
					{scope === 'all' && call.sequence.creatorName ? ` · ${call.sequence.creatorName}'s` : null}
				</p>
				<History entries={call.history} />
			</div>
			<fetcher.Form method="post" className="grid content-start gap-3" {...getFormProps(form)}>
				<input type="hidden" name="stepId" value={call.stepId} />
				<input type="hidden" name="scope" value={scope} />
				<fieldset className="grid gap-2" aria-describedby={fields.outcome.errorId}>
					<legend className="mb-1 text-sm font-medium">Outcome</legend>
					<div className="grid grid-cols-2 gap-2">
						{CALL_OUTCOMES.map((outcome) => {
							const id = `${form.id}-${outcome}`
							return (
								<label
									key={outcome}
									htmlFor={id}
									className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary"
								>
									<input
										id={id}
										type="radio"
										name={fields.outcome.name}
										value={outcome}
										defaultChecked={fields.outcome.initialValue === outcome}
										required
										className="h-4 w-4 accent-primary"
									/>
									{CALL_OUTCOME_LABELS[outcome]}
								</label>
							)
						})}
					</div>
					<ErrorList id={fields.outcome.errorId} errors={fields.outcome.errors} />
				</fieldset>
				<div className="grid gap-1.5">
					<Label htmlFor={fields.notes.id}>Notes</Label>
					<Textarea
						{...getTextareaProps(fields.notes)}
						rows={3}
						maxLength={CALL_NOTES_MAX}
						placeholder="What was said, what comes next"
					/>
					<ErrorList id={fields.notes.errorId} errors={fields.notes.errors} />
				</div>
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" className="justify-self-start">
					<PhoneCall aria-hidden="true" />
					Mark call done
				</Button>
			</fetcher.Form>
		</article>
	)
}

function PhoneLine({ call }: { call: CallView }) {
	const { phone, id } = call.contact
	if (!phone) {
		return (
			<p className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
				<AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
				This contact has no phone number.
				<Link to={`/contacts/${id}/edit`} className="font-medium underline">
					Add one
				</Link>
			</p>
		)
	}
	return (
		<div className="grid gap-1">
			<p className="flex items-center gap-2 text-base">
				<Phone className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
				{phone.href ? (
					<a href={phone.href} className="font-medium text-primary underline-offset-4 hover:underline">
						{phone.display}
					</a>
				) : (
					<span className="font-medium">{phone.display}</span>
				)}
			</p>
			{call.wrongNumberLabel ? (
				<p className="flex flex-wrap items-center gap-2 text-sm text-destructive" data-testid="wrong-number">
					<AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
					Logged as a wrong number on {call.wrongNumberLabel}.
					<Link to={`/contacts/${id}/edit`} className="font-medium underline">
						Update the phone
					</Link>
				</p>
			) : null}
		</div>
	)
}

const CHANNEL_ICONS = { email: Mail, linkedin: MessageSquare, phone: Phone } as const

/** The sequence so far, across channels: folded (a <details>, so it opens without JavaScript too). */
function History({ entries }: { entries: Array<CallHistoryEntry & { when: string }> }) {
	if (entries.length === 0)
		return <p className="text-xs text-muted-foreground">Nothing has happened in this sequence yet.</p>
	return (
		<details className="group text-sm">
			<summary className="cursor-pointer text-sm font-medium">Sequence history ({entries.length})</summary>
			<ol className="mt-2 grid gap-2 border-l pl-4" aria-label="Sequence history">
				{entries.map((entry, index) => {
					const Icon = CHANNEL_ICONS[entry.channel]
					return (
						<li key={`${entry.at}-${index}`} className="grid gap-0.5">
							<p className="flex flex-wrap items-center gap-x-2">
								<Icon className="h-3.5 w-3.5 text-muted-foreground" aria-hidden="true" />
								<span className="font-medium">{entry.label}</span>
								<span className="text-xs text-muted-foreground">{entry.when}</span>
							</p>
							{entry.detail ? (
								<p className="break-words pl-5 text-xs text-muted-foreground">{entry.detail}</p>
							) : null}
						</li>
					)
				})}
			</ol>
		</details>
	)
}

export const meta: MetaFunction = () => [{ title: 'Calls · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
