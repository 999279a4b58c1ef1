import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import {
	getReplyIntentActions,
	updateReplyIntentActions,
} from '#app/models/reply-intent/reply-intent-settings.server.ts'
import { canManageOrganization, requireActor } from '#app/models/session/auth.server.ts'
import { REPLY_INTENT_LABELS } from '#app/schemas/reply-intent.ts'
import {
	CONFIGURABLE_INTENTS,
	REPLY_ACTIONS_FORBIDDEN,
	REPLY_INTENT_ACTION_CHOICES,
	REPLY_INTENT_ACTION_LABELS,
	ReplyIntentActionsSchema,
} from '#app/schemas/reply-intent-settings.ts'
import { actionFailure } from '#app/utils/intent-action.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// What happens after each kind of reply (issue 17, decision 052): one choice per intent, the
// organization's; owners and admins change it, everyone sees it.

/** Examples that make each kind concrete on the page. */
const EXAMPLES: Record<(typeof CONFIGURABLE_INTENTS)[number], string> = {
	OUT_OF_OFFICE: '“I am out of the office until 7 December.”',
	NOT_NOW: '“Not a priority right now, ping me in March.”',
	UNSUBSCRIBE: '“Please remove me from your list.”',
	REFERRAL: '“I’m not the right person, talk to Maria Berg.”',
	INTERESTED: '“Sounds good, does Tuesday work?”',
	NEGATIVE: '“No thanks, we are happy with our current tool.”',
}

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const actions = await getReplyIntentActions(actor.organizationId)
	if (!actions) throw new Response('Organization not found', { status: 404 })
	return { actions, canManage: canManageOrganization(actor) }
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	if (!canManageOrganization(actor)) return actionFailure({}, 403, REPLY_ACTIONS_FORBIDDEN)
	const parsed = ReplyIntentActionsSchema.safeParse(Object.fromEntries(await request.formData()))
	if (!parsed.success) return actionFailure({}, 400, parsed.error.issues[0]!.message)
	await updateReplyIntentActions(actor.organizationId, parsed.data)
	return redirectWithToast('/settings/replies', { type: 'success', title: 'Reply actions saved' })
}

export default function ReplySettingsRoute() {
	const { actions, canManage } = useLoaderData<typeof loader>()
	const saving = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Replies"
				description="Every reply stops its sequence's next email at once; what happens next depends on what the reply says."
				actions={
					<Button asChild variant="ghost">
						<Link to="/settings">All settings</Link>
					</Button>
				}
			/>
			<SectionCard
				title="After a reply"
				description={
					canManage
						? 'Reachout reads each reply (its headers and words, in several languages) and does what you choose here.'
						: 'Reachout reads each reply and does what your organization chose. Only owners and admins can change it.'
				}
			>
				<Form method="post" className="grid gap-5">
					{CONFIGURABLE_INTENTS.map((intent) => (
						<div key={intent} className="grid gap-2 sm:grid-cols-[12rem_1fr] sm:items-start sm:gap-4">
							<div>
								<Label htmlFor={`reply-action-${intent}`}>{REPLY_INTENT_LABELS[intent]}</Label>
								<p className="text-xs text-muted-foreground">{EXAMPLES[intent]}</p>
							</div>
							<NativeSelect
								id={`reply-action-${intent}`}
								name={intent}
								defaultValue={actions[intent]}
								disabled={!canManage}
							>
								{REPLY_INTENT_ACTION_CHOICES[intent].map((choice) => (
									<option key={choice} value={choice}>
										{REPLY_INTENT_ACTION_LABELS[choice]}
									</option>
								))}
							</NativeSelect>
						</div>
					))}
					{canManage ? (
						<div>
							<Button type="submit" disabled={saving}>
								{saving ? 'Saving…' : 'Save'}
							</Button>
						</div>
					) : null}
				</Form>
			</SectionCard>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Reply settings · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
