import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { SENDING_INTENTS } from '#app/schemas/sending-intents.ts'
import { SendWindowSchema, WEEKDAYS } from '#app/schemas/sending.ts'
import { useSendingResult, useSendingSubmitting } from './sending-intents.ts'

export type SendWindowValues = {
	timeZone: string
	sendWindowEnabled: boolean
	sendWindowDays: number[]
	/** "HH:MM" */
	sendWindowStart: string
	sendWindowEnd: string
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
	const [form, fields] = useForm({
		id: 'send-window',
		lastResult,
		constraint: getZodConstraint(SendWindowSchema),
		defaultValue: {
			timeZone: sendWindow.timeZone,
			sendWindowEnabled: sendWindow.sendWindowEnabled ? 'on' : undefined,
			sendWindowDays: sendWindow.sendWindowDays.map(String),
			sendWindowStart: sendWindow.sendWindowStart,
			sendWindowEnd: sendWindow.sendWindowEnd,
		},
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SendWindowSchema }),
	})
	return (
		<Card>
			<CardHeader>
				<CardTitle>Send window</CardTitle>
				<CardDescription>
					Emails due outside these days and hours wait for the next opening. Hours are in the contact&apos;s
					time zone when it is known, else in the organization&apos;s.
				</CardDescription>
			</CardHeader>
			<CardContent>
				<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
					<input type="hidden" name="intent" value={SENDING_INTENTS.updateSendWindow} />
					<fieldset disabled={!canManage} className="flex flex-col gap-4">
						<div className="flex max-w-sm flex-col gap-2">
							<Label htmlFor={fields.timeZone.id}>Organization time zone</Label>
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
							<ErrorList id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
						</div>
						<div className="flex items-center gap-2">
							<Checkbox {...getInputProps(fields.sendWindowEnabled, { type: 'checkbox' })} />
							<Label htmlFor={fields.sendWindowEnabled.id}>Only send inside the send window</Label>
						</div>
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
							<div className="flex flex-col gap-2">
								<Label htmlFor={fields.sendWindowStart.id}>From</Label>
								<Input {...getInputProps(fields.sendWindowStart, { type: 'time' })} />
								<ErrorList id={fields.sendWindowStart.errorId} errors={fields.sendWindowStart.errors} />
							</div>
							<div className="flex flex-col gap-2">
								<Label htmlFor={fields.sendWindowEnd.id}>Until</Label>
								<Input {...getInputProps(fields.sendWindowEnd, { type: 'time' })} />
								<ErrorList id={fields.sendWindowEnd.errorId} errors={fields.sendWindowEnd.errors} />
							</div>
						</div>
					</fieldset>
					<ErrorList id={form.errorId} errors={form.errors} />
					{canManage ? (
						<div className="flex justify-end">
							<Button type="submit" disabled={isSaving}>
								{isSaving ? 'Saving…' : 'Save send window'}
							</Button>
						</div>
					) : null}
				</Form>
			</CardContent>
		</Card>
	)
}
