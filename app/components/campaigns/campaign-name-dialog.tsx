import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { DialogCancelButton, DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { CreateFormActions, GroupNameField } from '#app/components/lists/group-name-form.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Label } from '#app/components/ui/label.tsx'
import {
	CAMPAIGN_CHANNEL_LABELS,
	CAMPAIGN_CHANNELS,
	CAMPAIGN_NAME_MAX_LENGTH,
	CreateCampaignSchema,
} from '#app/schemas/campaign.ts'

export const CAMPAIGN_NAME_QUESTION = 'What should we name this campaign?'
export const CREATE_CAMPAIGN_INTENT = 'create-campaign'

/**
 * The campaign name and channels, posted to the /campaigns action (which redirects to the new
 * campaign). The same form serves the dialog and the no-JavaScript page.
 */
export function CampaignNameForm({
	id,
	lastResult,
	secondaryAction,
}: {
	id: string
	lastResult?: SubmissionResult<string[]> | null
	secondaryAction?: React.ReactNode
}) {
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === CREATE_CAMPAIGN_INTENT
	const [form, fields] = useForm<{ name: string; channels: string[] }>({
		id,
		lastResult,
		constraint: getZodConstraint(CreateCampaignSchema),
		defaultValue: { channels: ['EMAIL'] },
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateCampaignSchema }),
	})
	const defaultChannels = new Set(
		Array.isArray(fields.channels.initialValue) ? fields.channels.initialValue : ['EMAIL'],
	)
	return (
		<Form method="post" action="/campaigns?index" className="grid gap-4" {...getFormProps(form)}>
			<input type="hidden" name="intent" value={CREATE_CAMPAIGN_INTENT} />
			<GroupNameField
				field={fields.name}
				label="Campaign name"
				maxLength={CAMPAIGN_NAME_MAX_LENGTH}
				placeholder="Q3 outreach"
			/>
			<fieldset
				className="grid gap-2"
				aria-describedby={fields.channels.errors ? fields.channels.errorId : undefined}
			>
				<legend className="mb-2 text-sm font-medium">Channels</legend>
				<div className="flex flex-wrap gap-x-6 gap-y-2">
					{CAMPAIGN_CHANNELS.map((channel) => {
						const inputId = `${fields.channels.id}-${channel}`
						return (
							<div key={channel} className="flex items-center gap-2">
								<input
									type="checkbox"
									id={inputId}
									name={fields.channels.name}
									value={channel}
									defaultChecked={defaultChannels.has(channel)}
									className="size-4 cursor-pointer accent-primary"
								/>
								<Label htmlFor={inputId} className="cursor-pointer font-normal">
									{CAMPAIGN_CHANNEL_LABELS[channel]}
								</Label>
							</div>
						)
					})}
				</div>
				<ErrorList id={fields.channels.errorId} errors={fields.channels.errors} />
			</fieldset>
			<ErrorList id={form.errorId} errors={form.errors} />
			<CreateFormActions secondaryAction={secondaryAction} pending={pending} label="Create campaign" />
		</Form>
	)
}

/** New campaign: "What should we name this campaign?" */
export function CampaignNameDialog({
	open,
	onOpenChange,
	lastResult,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	lastResult?: SubmissionResult<string[]> | null
}) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title={CAMPAIGN_NAME_QUESTION}
			description="Choose the channels its contacts are reached on."
		>
			{open ? (
				<CampaignNameForm
					id="campaign-name-dialog"
					lastResult={lastResult}
					secondaryAction={<DialogCancelButton />}
				/>
			) : null}
		</DialogShell>
	)
}
