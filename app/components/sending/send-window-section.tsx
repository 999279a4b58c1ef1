import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { CheckboxField, FormActions, FormField, InputField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { SendWindowSchema, WEEKDAYS } from '#app/schemas/sending.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'
import { SENDING_INTENTS } from '#app/schemas/sending-intents.ts'
import { useSendingResult, useSendingSubmitting } from './sending-intents.ts'

export type SendWindowValues = {
	timeZone: string
	sendWindowEnabled: boolean
	sendWindowDays: number[]
	/** "HH:MM" */
	sendWindowStart: string
	sendWindowEnd: string
	sendGapMinSeconds: number
	sendGapMaxSeconds: number
}

export function SendWindowSection({
	sendWindow,
	timeZones,
	canManage,
}: {
	sendWindow: SendWindowValues
	timeZones: string[]
	canManage: boolean
}) {
	const lastResult = useSendingResult(SENDING_INTENTS.updateSendWindow)
	const isSaving = useSendingSubmitting(SENDING_INTENTS.updateSendWindow)
	const [form, fields] = useZodForm(SendWindowSchema, {
		id: 'send-window',
		lastResult,
		defaultValue: {
			timeZone: sendWindow.timeZone,
			sendWindowEnabled: sendWindow.sendWindowEnabled ? 'on' : undefined,
			sendWindowDays: sendWindow.sendWindowDays.map(String),
			sendWindowStart: sendWindow.sendWindowStart,
			sendWindowEnd: sendWindow.sendWindowEnd,
			sendGapMinSeconds: String(sendWindow.sendGapMinSeconds),
			sendGapMaxSeconds: String(sendWindow.sendGapMaxSeconds),
		},
	})
	return (
		<SectionCard
			title="Send window"
			description="Emails due outside these days and hours wait for the next opening. Hours are in the contact's time zone when it is known, else in the organization's. Emails held until the same opening leave one by one, a random gap apart, per sender address."
		>
			<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={SENDING_INTENTS.updateSendWindow} />
				<fieldset disabled={!canManage} className="flex flex-col gap-4">
					<FormField label="Organization time zone" field={fields.timeZone} className="max-w-sm">
						<Input
							{...getInputProps(fields.timeZone, { type: 'text' })}
							list="time-zones"
							autoComplete="off"
						/>
						<datalist id="time-zones">
							{timeZones.map((zone) => (
								<option key={zone} value={zone} />
							))}
						</datalist>
					</FormField>
					<CheckboxField label="Only send inside the send window" field={fields.sendWindowEnabled} />
					<fieldset className="flex flex-col gap-2">
						<legend className="mb-2 text-sm font-medium">Weekdays</legend>
						<div className="flex flex-wrap gap-4">
							{WEEKDAYS.map((day) => (
								<label key={day.value} className="flex items-center gap-2 text-sm">
									<Checkbox
										{...getInputProps(fields.sendWindowDays, {
											type: 'checkbox',
											value: String(day.value),
										})}
										id={`${fields.sendWindowDays.id}-${day.value}`}
									/>
									{day.label}
								</label>
							))}
						</div>
						<ErrorList id={fields.sendWindowDays.errorId} errors={fields.sendWindowDays.errors} />
					</fieldset>
					<div className="flex flex-wrap gap-4">
						<InputField label="From" field={fields.sendWindowStart} type="time" />
						<InputField label="Until" field={fields.sendWindowEnd} type="time" />
					</div>
					<div className="flex flex-wrap gap-4">
						<InputField label="Shortest gap (seconds)" field={fields.sendGapMinSeconds} type="number" />
						<InputField label="Longest gap (seconds)" field={fields.sendGapMaxSeconds} type="number" />
					</div>
				</fieldset>
				<FormActions form={form} pending={isSaving} label="Save send window" readOnly={!canManage} />
			</Form>
		</SectionCard>
	)
}
