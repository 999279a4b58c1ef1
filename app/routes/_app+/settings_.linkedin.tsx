import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { ExternalLink } from 'lucide-react'
import { useState } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { CompanionRequirementNotice } from '#app/components/linkedin/companion-requirement.tsx'
import { ConnectLinkedInDialog } from '#app/components/linkedin/connect-linkedin-dialog.tsx'
import { pauseReasonText } from '#app/components/linkedin/linkedin-banners.tsx'
import { useCompanionStatusContext } from '#app/components/linkedin/use-companion-status.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Progress } from '#app/components/ui/progress.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import {
	getLinkedInAccountState,
	LinkedInSettingsError,
	updateLinkedInAccountSettings,
} from '#app/models/linkedin/linkedin-account-settings.server.ts'
import { saveLinkedInAuthStatus } from '#app/models/linkedin/linkedin-connection.server.ts'
import { NOTE_OVER_LIMIT_MESSAGE } from '#app/models/linkedin/linkedin-limits.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { LINKEDIN_SETTINGS_INTENTS, LinkedInSettingsFormSchema } from '#app/schemas/linkedin-settings.ts'
import { useActor } from '#app/utils/actor.ts'
import { actionFailure } from '#app/utils/intent-action.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

// The user's own LinkedIn: the connected profile, who may use it (organization consent), which
// executor may act (the companion in their browser, or the server while it is closed), LinkedIn
// Premium, the usage against LinkedIn's limits, a pause to reconnect from, and Disconnect.

const PAGE = '/settings/linkedin'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const state = await getLinkedInAccountState(actor.userId)
	return {
		connected: state.connected,
		connectedAt: state.connectedAt?.toISOString() ?? null,
		username: state.username,
		profile: state.profile,
		orgConsent: state.orgConsent,
		allowServerActions: state.allowServerActions,
		premium: state.premium,
		pausedAt: state.pausedAt?.toISOString() ?? null,
		pauseReason: state.pauseReason,
		backoffUntil: state.backoffUntil?.toISOString() ?? null,
		usage: state.usage,
		limits: state.limits,
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const intent = formData.get('intent')
	if (intent === LINKEDIN_SETTINGS_INTENTS.disconnect) {
		await saveLinkedInAuthStatus(actor.userId, { isAuthenticated: false })
		return redirectWithToast(PAGE, { type: 'success', title: 'LinkedIn disconnected' })
	}
	if (intent !== LINKEDIN_SETTINGS_INTENTS.update) return actionFailure({}, 400, 'Unknown action')
	const submission = parseWithZod(formData, { schema: LinkedInSettingsFormSchema })
	if (submission.status !== 'success') return actionFailure({}, 400, 'Invalid settings')
	try {
		await updateLinkedInAccountSettings(actor.userId, submission.value)
	} catch (error) {
		if (error instanceof LinkedInSettingsError) return actionFailure({}, error.status, error.message)
		throw error
	}
	return redirectWithToast(PAGE, { type: 'success', title: 'LinkedIn settings saved' })
}

export default function LinkedInSettingsRoute() {
	const data = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="LinkedIn"
				description="Your LinkedIn account: who may use it, how its steps are carried out, and LinkedIn's limits."
				actions={
					<Button asChild variant="ghost">
						<Link to="/settings">All settings</Link>
					</Button>
				}
			/>
			<ConnectionSection data={data} />
			<div className="grid gap-6 lg:grid-cols-2">
				<PreferencesSection data={data} />
				<UsageSection data={data} />
			</div>
		</div>
	)
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>

function ConnectionSection({ data }: { data: Data }) {
	const actor = useActor()
	const hydrated = useHydrated()
	const companion = useCompanionStatusContext()
	const { revalidate } = useRevalidator()
	const [dialogOpen, setDialogOpen] = useState(false)
	const paused = data.pausedAt !== null
	const profileUrl = data.username
		? `https://www.linkedin.com/in/${encodeURIComponent(data.username)}/`
		: null
	const connectButton = hydrated ? (
		<Button
			type="button"
			onClick={() => setDialogOpen(true)}
			variant={data.connected && !paused ? 'outline' : 'default'}
		>
			{data.connected ? 'Reconnect LinkedIn' : 'Connect LinkedIn'}
		</Button>
	) : null
	return (
		<SectionCard
			title="Connection"
			description="LinkedIn requests and messages go from your own account, with the session the Reachout companion for Chrome hands over."
			contentClassName="flex flex-col gap-4"
		>
			<CompanionRequirementNotice value={companion} />
			{paused ? (
				<div
					role="alert"
					className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
				>
					<p className="font-medium">Your LinkedIn steps are paused.</p>
					<p>
						{pauseReasonText(data.pauseReason)} Reconnect LinkedIn to resume them; nothing is sent until you
						do.
					</p>
				</div>
			) : null}
			{data.backoffUntil && !paused ? (
				<p className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
					LinkedIn asked us to slow down: no action before{' '}
					<LocalTime iso={data.backoffUntil} />.
				</p>
			) : null}
			{data.connected ? (
				<dl
					className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]"
					aria-label="Connected profile"
				>
					<dt className="text-muted-foreground">Profile</dt>
					<dd className="font-medium">
						{data.profile?.name ?? data.username ?? 'Connected'}
						{data.profile?.headline ? (
							<span className="block font-normal text-muted-foreground">{data.profile.headline}</span>
						) : null}
					</dd>
					<dt className="text-muted-foreground">LinkedIn</dt>
					<dd>
						{profileUrl ? (
							<a
								href={profileUrl}
								target="_blank"
								rel="noreferrer"
								className="inline-flex items-center gap-1 underline underline-offset-4"
							>
								/in/{data.username}
								<ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
							</a>
						) : (
							<span className="text-muted-foreground">Username not known yet (the companion reports it)</span>
						)}
					</dd>
					<dt className="text-muted-foreground">Connected</dt>
					<dd>
						{data.connectedAt ? <LocalTime iso={data.connectedAt} /> : '—'}
					</dd>
				</dl>
			) : (
				<p className="text-sm text-muted-foreground">
					LinkedIn is not connected.{' '}
					{hydrated ? '' : 'Connecting needs the Chrome companion, which works with JavaScript on.'}
				</p>
			)}
			<div className="flex flex-wrap items-center gap-2">
				{connectButton}
				{data.connected ? (
					<Form method="post">
						<input type="hidden" name="intent" value={LINKEDIN_SETTINGS_INTENTS.disconnect} />
						<Button type="submit" variant="outline" className="text-destructive hover:text-destructive">
							Disconnect
						</Button>
					</Form>
				) : null}
			</div>
			<ConnectLinkedInDialog
				open={dialogOpen}
				onOpenChange={setDialogOpen}
				userId={actor.userId}
				onConnected={() => {
					revalidate()
					companion?.refresh()
				}}
			/>
		</SectionCard>
	)
}

/** A time in the browser's zone once hydrated; the server's HTML (and no JavaScript) says UTC. */
function LocalTime({ iso }: { iso: string }) {
	const hydrated = useHydrated()
	const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
	const text = hydrated
		? new Date(iso).toLocaleString('en-US', options)
		: `${new Date(iso).toLocaleString('en-US', { ...options, timeZone: 'UTC' })} UTC`
	return <time dateTime={iso}>{text}</time>
}

function PreferencesSection({ data }: { data: Data }) {
	const navigation = useNavigation()
	const saving = navigation.formData?.get('intent') === LINKEDIN_SETTINGS_INTENTS.update
	return (
		<SectionCard title="How your account is used" description="Saved together with Save.">
			{/* key: a saved change re-renders the boxes from the server's values. */}
			<Form
				method="post"
				className="flex flex-col gap-4"
				key={`${data.orgConsent}-${data.allowServerActions}-${data.premium}`}
				aria-label="LinkedIn settings"
			>
				<input type="hidden" name="intent" value={LINKEDIN_SETTINGS_INTENTS.update} />
				<Setting
					name="orgConsent"
					label="Allow organization-level LinkedIn usage"
					checked={data.orgConsent}
					disabled={!data.connected}
					hint="Your team administrators may run campaigns through your LinkedIn account. You can revoke this at any time."
				/>
				<Setting
					name="allowServerActions"
					label="Allow actions while my browser is closed"
					checked={data.allowServerActions}
					disabled={!data.connected}
					hint="Normally the companion carries out your LinkedIn steps from your own Chrome, which is what keeps your account safest. With this on, the server also acts with the session the companion handed over (stored encrypted) while your browser is closed — the same limits and pace apply."
				/>
				<Setting
					name="premium"
					label="I have LinkedIn Premium"
					checked={data.premium}
					hint="With Premium, connection-request notes are not limited to 5 a month."
				/>
				{data.connected ? null : (
					<p className="text-xs text-muted-foreground">
						Connect LinkedIn to allow organization use or server actions.
					</p>
				)}
				<div className="flex justify-end">
					<Button type="submit" disabled={saving}>
						Save
					</Button>
				</div>
			</Form>
		</SectionCard>
	)
}

function Setting({
	name,
	label,
	hint,
	checked,
	disabled,
}: {
	name: string
	label: string
	hint: string
	checked: boolean
	disabled?: boolean
}) {
	const id = `linkedin-${name}`
	return (
		<div className="flex items-start gap-3">
			<Checkbox
				id={id}
				name={name}
				defaultChecked={checked}
				disabled={disabled}
				className="mt-0.5"
				aria-describedby={`${id}-hint`}
			/>
			<div className="grid gap-0.5">
				<Label htmlFor={id}>{label}</Label>
				<p id={`${id}-hint`} className="text-xs text-muted-foreground">
					{hint}
				</p>
			</div>
		</div>
	)
}

function UsageSection({ data }: { data: Data }) {
	const { usage, limits, premium } = data
	return (
		<SectionCard
			title="LinkedIn limits"
			description="Counted over rolling windows from the actions taken with your account, whichever executor acted. Requests over a limit wait; none is dropped."
			contentClassName="flex flex-col gap-4"
		>
			<Meter
				label="Connection requests today"
				used={usage.requestsToday}
				limit={limits.connectionRequestsPerDay}
			/>
			<Meter
				label="Connection requests this week"
				used={usage.requestsThisWeek}
				limit={limits.connectionRequestsPerWeek}
			/>
			{premium ? (
				<p className="text-sm">
					<span className="font-medium">Request notes this month:</span> {usage.notesThisMonth}{' '}
					<span className="text-muted-foreground">(not limited with Premium)</span>
				</p>
			) : (
				<div className="grid gap-1">
					<Meter
						label="Request notes this month"
						used={usage.notesThisMonth}
						limit={limits.requestNotesPerMonth}
					/>
					<p className="text-xs text-muted-foreground">{NOTE_OVER_LIMIT_MESSAGE}</p>
				</div>
			)}
		</SectionCard>
	)
}

function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
	const percent = Math.min(100, Math.round((used / limit) * 100))
	return (
		<div className="grid gap-1.5">
			<div className="flex items-baseline justify-between gap-2 text-sm">
				<span className="font-medium">{label}</span>
				<span className="tabular-nums text-muted-foreground" data-testid="usage-count">
					{used}/{limit}
				</span>
			</div>
			<Progress value={percent} aria-label={`${label}: ${used} of ${limit}`} />
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'LinkedIn · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
