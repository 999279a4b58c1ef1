import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { type LucideIcon, Minus, Plus, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { EmailEditor, type EditorValue } from '#app/components/editor/email-editor.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'

export type StepFields = { daysAfter: number | string; proseMirrorJson?: string; body?: string }

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement>

/**
 * One email step of the Create dialog: its timing (days with −/+), the subject on the first
 * step only (later steps are replies with the same subject) and the body in the rich editor.
 * The −, + and remove buttons are Conform intents, so they work without JavaScript too.
 */
export function StepCard({
	index,
	step,
	subject,
	subjectText,
	minDays,
	daysText,
	onDaysChange,
	editorSeed,
	decreaseProps,
	increaseProps,
	removeProps,
	canRemove,
	onDaysBlur,
	onBodyChange,
	disabled,
}: {
	index: number
	step: FieldMetadata<StepFields>
	/** The subject field: rendered on the first step only. */
	subject: FieldMetadata<string>
	subjectText: string
	minDays: number
	/** The days input's text (controlled: the form carries changes to later steps). */
	daysText: string
	onDaysChange: (text: string) => void
	/** Content to (re)start the editor from; a new `version` replaces what is in it. */
	editorSeed: { version: number; json?: string | null; html?: string | null }
	decreaseProps: ButtonProps
	increaseProps: ButtonProps
	removeProps: ButtonProps
	canRemove: boolean
	onDaysBlur: () => void
	onBodyChange: (value: EditorValue) => void
	disabled: boolean
}) {
	const fields = step.getFieldset()
	const id = useId()
	const days = Number.parseInt(daysText, 10)
	const isFirst = index === 0
	const daysLabel = isFirst ? 'Days after start' : 'Days after previous step'
	const bodyErrors = fields.body.errors ?? fields.proseMirrorJson.errors

	return (
		<li aria-label={`Step ${index + 1}`} className="grid gap-4 rounded-lg border p-4">
			<div className="flex items-center justify-between gap-2">
				<div className="flex items-center gap-2">
					<h4 className="text-sm font-semibold">Step {index + 1}</h4>
					<Badge variant="secondary">{isFirst ? 'Initial Email' : 'Follow-up Email'}</Badge>
				</div>
				<Button
					{...removeProps}
					variant="ghost"
					size="icon"
					className="h-8 w-8 text-muted-foreground hover:text-destructive"
					aria-label={`Remove step ${index + 1}`}
					title={canRemove ? `Remove step ${index + 1}` : 'A sequence needs at least one step'}
					disabled={!canRemove || disabled}
				>
					<Trash2 aria-hidden="true" />
				</Button>
			</div>

			<div className="grid gap-1.5">
				<Label htmlFor={fields.daysAfter.id}>{daysLabel}</Label>
				<div className="flex items-center gap-2">
					<DaysButton
						buttonProps={decreaseProps}
						label={`Fewer days for step ${index + 1}`}
						icon={Minus}
						disabled={!(days > minDays) || disabled}
					/>
					<Input
						{...getInputProps(fields.daysAfter, { type: 'number', value: false })}
						value={daysText}
						onChange={(event) => onDaysChange(event.target.value)}
						min={minDays}
						step={1}
						inputMode="numeric"
						className="h-9 w-20 text-center"
						onBlur={onDaysBlur}
						disabled={disabled}
					/>
					<DaysButton
						buttonProps={increaseProps}
						label={`More days for step ${index + 1}`}
						icon={Plus}
						disabled={disabled}
					/>
					<span className="text-sm text-muted-foreground">{timingHint(index, days)}</span>
				</div>
				<ErrorList id={fields.daysAfter.errorId} errors={fields.daysAfter.errors} />
			</div>

			{isFirst ? (
				<div className="grid gap-1.5">
					<Label htmlFor={subject.id}>Subject</Label>
					<Input
						{...getInputProps(subject, { type: 'text' })}
						placeholder="Quick question"
						disabled={disabled}
					/>
					<ErrorList id={subject.errorId} errors={subject.errors} />
				</div>
			) : (
				<p className="text-sm text-muted-foreground">
					Sent as a reply in the same thread
					{subjectText.trim() ? (
						<>
							: <span className="font-medium text-foreground">Re: {subjectText.trim()}</span>
						</>
					) : null}
				</p>
			)}

			<div className="grid gap-1.5">
				<Label id={`${id}-body-label`} htmlFor={`${id}-body`}>
					Email body
				</Label>
				<EmailEditor
					key={`${step.key}-${editorSeed.version}`}
					id={`${id}-body`}
					name={fields.proseMirrorJson.name}
					htmlName={fields.body.name}
					fallbackName={fields.body.name}
					initialJson={editorSeed.json}
					initialHtml={editorSeed.html}
					aria-labelledby={`${id}-body-label`}
					aria-describedby={bodyErrors?.length ? fields.body.errorId : undefined}
					aria-invalid={Boolean(bodyErrors?.length)}
					onChange={onBodyChange}
					disabled={disabled}
				/>
				<ErrorList id={fields.body.errorId} errors={bodyErrors} />
			</div>
		</li>
	)
}

/** The spec's timing words: "Immediately", "n day(s) after initial step / previous step". */
/** The − and + beside the days: Conform's intent buttons (they post without JavaScript too). */
function DaysButton({
	buttonProps,
	label,
	icon: Icon,
	disabled,
}: {
	buttonProps: ButtonProps
	label: string
	icon: LucideIcon
	disabled?: boolean
}) {
	return (
		<Button
			{...buttonProps}
			variant="outline"
			size="icon"
			className="h-9 w-9"
			aria-label={label}
			disabled={disabled}
		>
			<Icon aria-hidden="true" />
		</Button>
	)
}

function timingHint(index: number, days: number) {
	if (!Number.isFinite(days)) return null
	if (index === 0) return days === 0 ? 'Immediately' : `${days} ${days === 1 ? 'day' : 'days'} from now`
	return `${days} ${days === 1 ? 'day' : 'days'} after the previous step`
}
