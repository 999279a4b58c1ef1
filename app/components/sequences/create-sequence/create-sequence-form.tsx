import { getFormProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useRef, useState } from 'react'
import { type EditorValue } from '#app/components/editor/email-editor.tsx'
import { RateLimitInfoButton } from '#app/components/mail/rate-limit-info-dialog.tsx'
import { type SenderMailbox } from '#app/components/mail/use-sender-mailboxes.ts'
import { Button } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { STEPS_MAX } from '#app/schemas/sequence.ts'
import { emailBodyFrom } from '#app/utils/editor-json/email-body.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { AssistantPanel } from './assistant-panel.tsx'
import {
	type CreateSequenceFormData,
	CreateSequenceFormSchema,
	minDaysAfter,
	nextStepDaysAfter,
	raiseToMinimums,
} from './form-schema.ts'
import { modifySequence } from './modify-sequence.ts'
import { StartImmediatelySwitch } from './start-immediately-switch.tsx'
import { type StepFields, StepCard } from './step-card.tsx'

export type SequenceContact = { id: string; firstName: string; lastName: string; email: string | null }

/** What /contacts/:id/sequences/new answers a post with. */
export type CreateSequenceActionData = {
	result: SubmissionResult<string[]>
	sequence?: { id: string; status: string }
	/** Gmail access is missing or revoked: ask for it, then post again. */
	googleScopeError?: boolean
}

export function createSequenceAction(contactId: string) {
	return `/contacts/${encodeURIComponent(contactId)}/sequences/new`
}

type FormValue = {
	contactId: string
	subject: string
	emailAddressId: string
	shouldStartImmediately?: boolean
	steps: StepFields[]
}

/** The spec's manual dialog opens with one empty step on day 0. */
const DEFAULT_STEPS: StepFields[] = [{ daysAfter: '0' }]

/**
 * The Create Email Sequence form: the assistant panel on the left; To, From, the step cards,
 * Add Step, Start immediately, Cancel and Create sequence on the right. Shared by the dialog
 * (a fetcher) and /contacts/:id/sequences/new (a plain form, also without JavaScript).
 */
export function CreateSequenceForm({
	id,
	contact,
	mailboxes,
	FormComponent = Form,
	hiddenFields,
	lastResult,
	pending,
	secondaryAction,
	onShowRateLimits,
	onSubmitData,
}: {
	id: string
	contact: SequenceContact
	mailboxes: SenderMailbox[]
	FormComponent?: typeof Form
	hiddenFields?: Record<string, string>
	lastResult?: SubmissionResult<string[]> | null
	pending: boolean
	secondaryAction?: React.ReactNode
	onShowRateLimits?: () => void
	/** Called with what a valid form posts (the dialog keeps it to post again after sign-in). */
	onSubmitData?: (formData: FormData) => void
}) {
	const hydrated = useHydrated()
	const [form, fields] = useForm<FormValue, CreateSequenceFormData>({
		id,
		lastResult,
		constraint: getZodConstraint(CreateSequenceFormSchema),
		defaultValue: {
			contactId: contact.id,
			subject: '',
			emailAddressId: mailboxes[0]?.id ?? '',
			steps: DEFAULT_STEPS,
		},
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate({ formData }) {
			return parseWithZod(formData, { schema: CreateSequenceFormSchema })
		},
		onSubmit(event, { formData, submission }) {
			if (submission?.status === 'success') onSubmitData?.(formData)
		},
	})
	const steps = fields.steps.getFieldList()
	const stepFieldsets = steps.map((step) => step.getFieldset())
	// Days are React state (by Conform's item key) so the −/+ buttons and the carry to later
	// steps apply at once; Conform still validates what the inputs post. Without JavaScript the
	// buttons are Conform intents and the server answers with the new values.
	const [dayTexts, setDayTexts] = useState<Record<string, string>>({})
	const stepKey = (index: number) => steps[index]?.key ?? String(index)
	const dayText = (index: number) =>
		dayTexts[stepKey(index)] ?? String(stepFieldsets[index]?.daysAfter.initialValue ?? '0')
	const days = steps.map((_, index) => Number.parseInt(dayText(index), 10) || 0)

	// The latest editor value of each step (by Conform's item key), for the assistant.
	const bodies = useRef(new Map<string, EditorValue>())
	// Replacing a step's content (the assistant's answer) restarts its editor from a new seed.
	const [seeds, setSeeds] = useState<Record<string, { version: number; json: string }>>({})
	const [modifying, setModifying] = useState(false)

	function setDays(next: number[]) {
		const raised = raiseToMinimums(next)
		setDayTexts((current) => ({
			...current,
			...Object.fromEntries(raised.map((value, index) => [stepKey(index), String(value)])),
		}))
	}

	function changeDays(index: number, value: number) {
		const next = [...days]
		next[index] = Math.max(value, minDaysAfter(days, index))
		setDays(next)
	}

	async function modify(instruction: string) {
		setModifying(true)
		try {
			const answer = await modifySequence({
				prompt: instruction,
				contact,
				existingSequence: steps.map((_, index) => ({
					id: stepKey(index),
					subject: fields.subject.value ?? '',
					body: bodies.current.get(stepKey(index))?.html ?? stepFieldsets[index]!.body.value ?? '',
					daysAfter: days[index] ?? 0,
				})),
			})
			if (!answer) return false
			const nextDays = [...days]
			const nextSeeds = { ...seeds }
			answer.slice(0, steps.length).forEach((modified, index) => {
				const key = stepKey(index)
				if (typeof modified.body === 'string' && modified.body.trim()) {
					nextSeeds[key] = {
						version: (seeds[key]?.version ?? 0) + 1,
						json: JSON.stringify(emailBodyFrom({ body: modified.body }).bodyJson),
					}
				}
				if (
					typeof modified.daysAfter === 'number' &&
					Number.isInteger(modified.daysAfter) &&
					modified.daysAfter >= 0
				) {
					nextDays[index] = modified.daysAfter
				}
			})
			// The subject belongs to the first step (later steps reply in its thread).
			const subject = answer[0]?.subject
			if (typeof subject === 'string' && subject.trim())
				form.update({ name: fields.subject.name, value: subject.trim() })
			setSeeds(nextSeeds)
			setDays(nextDays)
			return true
		} finally {
			setModifying(false)
		}
	}

	const noEmail = !contact.email
	const busy = pending || modifying
	const contactName = [contact.firstName, contact.lastName].filter(Boolean).join(' ')

	return (
		<div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
			<aside>
				<AssistantPanel pending={modifying} disabled={!hydrated || pending} onModify={modify} />
			</aside>
			<FormComponent
				method="post"
				action={createSequenceAction(contact.id)}
				className="grid gap-5"
				{...getFormProps(form)}
			>
				{Object.entries(hiddenFields ?? {}).map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				<input type="hidden" name={fields.contactId.name} value={contact.id} />

				<div className="grid gap-4 sm:grid-cols-2">
					<div className="grid gap-1.5">
						<span className="text-sm font-medium leading-none">To</span>
						<p className="truncate rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="sequence-to">
							{contactName}
							{contact.email ? <span className="text-muted-foreground"> &lt;{contact.email}&gt;</span> : null}
						</p>
						{noEmail ? (
							<p role="alert" className="text-sm text-destructive">
								This contact has no email address. Add one to create an email sequence.
							</p>
						) : null}
					</div>
					<div className="grid gap-1.5">
						<div className="flex items-center justify-between">
							<Label htmlFor={fields.emailAddressId.id}>From</Label>
							{onShowRateLimits ? <RateLimitInfoButton onClick={onShowRateLimits} /> : null}
						</div>
						<NativeSelect {...getSelectProps(fields.emailAddressId)} disabled={busy}>
							{mailboxes.length === 0 ? <option value="">No sender addresses</option> : null}
							{mailboxes.map((mailbox) => (
								<option key={mailbox.id} value={mailbox.id}>
									{mailbox.address}
								</option>
							))}
						</NativeSelect>
						<ErrorList id={fields.emailAddressId.errorId} errors={fields.emailAddressId.errors} />
						{mailboxes.find((mailbox) => mailbox.id === fields.emailAddressId.value)?.repliesDetected ===
						false ? (
							<p role="note" className="text-sm text-amber-800">
								Replies will not stop this sequence: Reachout cannot read this address’s inbox. Add its IMAP
								settings in Settings › Sending, or mark replies by hand in the sequence.
							</p>
						) : null}
					</div>
				</div>

				<section aria-label="Steps" className="grid gap-3">
					<ol className="grid gap-3">
						{steps.map((step, index) => {
							const fieldset = stepFieldsets[index]!
							const key = stepKey(index)
							const seed = seeds[key]
							const min = minDaysAfter(days, index)
							const dayValue = days[index] ?? 0
							return (
								<StepCard
									key={key}
									index={index}
									step={step}
									subject={fields.subject}
									subjectText={fields.subject.value ?? ''}
									minDays={min}
									daysText={dayText(index)}
									onDaysChange={(text) => setDayTexts((current) => ({ ...current, [key]: text }))}
									editorSeed={
										seed
											? { version: seed.version, json: seed.json }
											: {
													version: 0,
													json: fieldset.proseMirrorJson.initialValue,
													html: fieldset.body.initialValue,
												}
									}
									decreaseProps={{
										...form.update.getButtonProps({
											name: fieldset.daysAfter.name,
											value: String(Math.max(min, dayValue - 1)),
										}),
										onClick: (event) => {
											event.preventDefault()
											changeDays(index, dayValue - 1)
										},
									}}
									increaseProps={{
										...form.update.getButtonProps({
											name: fieldset.daysAfter.name,
											value: String(dayValue + 1),
										}),
										onClick: (event) => {
											event.preventDefault()
											changeDays(index, dayValue + 1)
										},
									}}
									removeProps={{
										...form.remove.getButtonProps({ name: fields.steps.name, index }),
										onClick: () => bodies.current.delete(key),
									}}
									canRemove={steps.length > 1}
									onDaysBlur={() => setDays(days)}
									onBodyChange={(value) => bodies.current.set(key, value)}
									disabled={busy}
								/>
							)
						})}
					</ol>
					<ErrorList id={fields.steps.errorId} errors={fields.steps.errors} />
					<Button
						{...form.insert.getButtonProps({
							name: fields.steps.name,
							defaultValue: { daysAfter: String(nextStepDaysAfter(days)) },
						})}
						variant="outline"
						className="justify-self-start"
						disabled={busy || steps.length >= STEPS_MAX}
					>
						<Plus aria-hidden="true" />
						Add Step
					</Button>
				</section>

				<StartImmediatelySwitch
					id={fields.shouldStartImmediately.id}
					name={fields.shouldStartImmediately.name}
					defaultChecked={fields.shouldStartImmediately.initialValue === 'on'}
					disabled={busy}
				/>

				<ErrorList id={form.errorId} errors={form.errors} className="text-center" />
				<div className="flex flex-wrap justify-end gap-2 border-t pt-4">
					{secondaryAction}
					<Button type="submit" disabled={steps.length === 0 || noEmail || busy}>
						<PendingIcon pending={pending} />
						Create sequence
					</Button>
				</div>
			</FormComponent>
		</div>
	)
}
