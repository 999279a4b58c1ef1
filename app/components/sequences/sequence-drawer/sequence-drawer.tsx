import { Link, useFetcher, useFetchers, useNavigate, useNavigation, useRevalidator } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { Progress } from '#app/components/ui/progress.tsx'
import {
	Sheet,
	SheetClose,
	SheetContent,
	SheetDescription,
	SheetHeader,
	SheetTitle,
} from '#app/components/ui/sheet.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import {
	anyEmailReplied,
	type DrawerData,
	type DrawerLoaderData,
	repliedLinkedInStep,
} from '#app/schemas/sequence-drawer.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { AutomaticMessages } from './automatic-messages.tsx'
import { ConversationView } from './conversation-view.tsx'
import { DrawerProvider, sequenceActionPath } from './drawer-context.tsx'
import { DrawerHeader, drawerTitle } from './drawer-header.tsx'
import { DrawerSteps } from './drawer-steps.tsx'
import { LinkedInReplyView } from './linkedin-reply-view.tsx'
import { PromptBox } from './prompt-box.tsx'
import { ManualReplyNotice } from './manual-reply-notice.tsx'
import { SequenceActions } from './sequence-actions.tsx'
import { SequenceStatusLabel } from '../sequence-status-label.tsx'
import { isReplyEvent, SequenceTimeline } from './sequence-timeline.tsx'

/**
 * The drawer opened over another page (View Sequences): it loads /sequences/:id with a fetcher
 * (refreshed after every change, as fetchers are) and posts its changes there.
 */
export function SequenceDrawer({
	sequenceId,
	open,
	onOpenChange,
}: {
	sequenceId: string | null
	open: boolean
	onOpenChange: (open: boolean) => void
}) {
	const loader = useFetcher<DrawerLoaderData>()
	const path = sequenceId ? sequenceActionPath(sequenceId) : null
	const { load } = loader
	useEffect(() => {
		if (open && path) load(path)
	}, [open, path, load])
	const data =
		loader.data && path && loader.data.drawer?.sequence.id === sequenceId ? loader.data.drawer : undefined
	const notFound = loader.state === 'idle' && loader.data && loader.data.drawer === null
	const value = useMemo(
		() => ({
			sequenceId: sequenceId ?? '',
			actionPath: path ?? '',
			returnTo: path ?? '',
			closeTo: null,
			readOnly: data?.readOnly ?? false,
			close: () => onOpenChange(false),
		}),
		[sequenceId, path, data?.readOnly, onOpenChange],
	)
	return (
		<Sheet open={open && Boolean(sequenceId)} onOpenChange={onOpenChange}>
			<SheetContent aria-describedby={undefined} hideClose>
				<DrawerProvider value={value}>
					{data ? (
						<DrawerBody data={data} editId={null} />
					) : notFound ? (
						<>
							<SheetHeader>
								<SheetTitle>Sequence not found</SheetTitle>
								<SheetDescription>This sequence does not exist or was deleted.</SheetDescription>
							</SheetHeader>
							<CloseButton />
						</>
					) : (
						<div className="grid gap-4" aria-busy="true">
							<SheetTitle className="sr-only">Loading sequence</SheetTitle>
							<Skeleton className="h-6 w-48" />
							<Skeleton className="h-20 w-full" />
							<Skeleton className="h-32 w-full" />
							<Skeleton className="h-32 w-full" />
						</div>
					)}
				</DrawerProvider>
			</SheetContent>
		</Sheet>
	)
}

/**
 * The drawer as its own page (/sequences/:id over the Sequences list). It is in the server's
 * HTML, so every change also works as a plain form; closing goes back to the list.
 */
export function SequenceDrawerPage({
	data,
	returnTo,
	closeTo,
	editId,
	notice,
}: {
	data: DrawerData
	returnTo: string
	closeTo: string
	editId: string | null
	/** Shown above the steps (the no-JavaScript confirmations). */
	notice?: React.ReactNode
}) {
	const navigate = useNavigate()
	const hydrated = useHydrated()
	const value = useMemo(
		() => ({
			sequenceId: data.sequence.id,
			actionPath: sequenceActionPath(data.sequence.id),
			returnTo,
			closeTo,
			readOnly: data.readOnly,
			close: () => navigate(closeTo),
		}),
		[data.sequence.id, data.readOnly, returnTo, closeTo, navigate],
	)
	return (
		<Sheet open onOpenChange={(open) => (open ? null : navigate(closeTo))}>
			{/* data-hydrated: the controls below act through fetchers from here on (tests wait for it). */}
			<SheetContent
				inline
				// Radix links the title only after mounting; the server's HTML (no JavaScript) needs it too.
				aria-labelledby={PAGE_TITLE_ID}
				aria-describedby={undefined}
				hideClose
				data-hydrated={hydrated ? 'true' : undefined}
			>
				<DrawerProvider value={value}>
					<DrawerBody
						data={data}
						editId={editId}
						notice={notice}
						closeHref={closeTo}
						titleId={PAGE_TITLE_ID}
					/>
				</DrawerProvider>
			</SheetContent>
		</Sheet>
	)
}

const PAGE_TITLE_ID = 'sequence-drawer-title'

function DrawerBody({
	data,
	editId,
	notice,
	closeHref,
	titleId,
}: {
	data: DrawerData
	editId: string | null
	notice?: React.ReactNode
	closeHref?: string
	titleId?: string
}) {
	const { sequence, messages, timeline, readOnly } = data
	useRefreshWhileGenerating(sequence.status)
	const repliedLinkedIn = repliedLinkedInStep(sequence)
	const emailReplied = anyEmailReplied(sequence)
	const replyView = emailReplied || repliedLinkedIn !== null
	const canPrompt = !readOnly && !replyView && (sequence.status === 'PENDING' || sequence.status === 'ACTIVE')
	// The assistant could not write it: FAILED with no step at all (a sent step's failure keeps its steps).
	const generationFailed =
		sequence.status === 'FAILED' &&
		sequence.emailSteps.length + sequence.linkedInSteps.length + sequence.phoneCallStepCount === 0
	return (
		<>
			<SheetHeader>
				<div className="flex items-center gap-2">
					{/* An explicit id only when given: `id={undefined}` would replace the one Radix links. */}
					<SheetTitle {...(titleId ? { id: titleId } : {})}>{drawerTitle(sequence.status)}</SheetTitle>
					{/* The same badge as the lists: a sequence a reply stopped reads Replied, not Paused. */}
					<SequenceStatusLabel
						status={sequence.status}
						progress={sequence.progress}
						replied={anyEmailReplied(sequence) || repliedLinkedInStep(sequence) !== null}
					/>
					{readOnly ? (
						<span className="rounded bg-muted px-2 py-0.5 text-xs text-muted-foreground">Read-only</span>
					) : null}
				</div>
				{sequence.subject ? <p className="text-sm text-muted-foreground">{sequence.subject}</p> : null}
			</SheetHeader>
			<CloseButton href={closeHref} />
			<DrawerHeader sequence={sequence} />
			{notice}
			<div className="-mx-6 min-h-0 flex-1 overflow-y-auto px-6">
				{sequence.status === 'CREATING' ? (
					<div className="grid gap-2 py-4" role="status">
						<p className="text-sm text-muted-foreground">
							Your sequence is being generated. Give it a moment.
						</p>
						<Progress value={sequence.progress} aria-label="Generation progress" />
					</div>
				) : null}
				{sequence.generatedBy === 'offline' ? (
					<p className="mb-3 rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
						Written by the offline writer: no AI model is configured (OPENAI_API_KEY).
					</p>
				) : null}
				<ManualReplyNotice sequence={sequence} />
				{generationFailed ? (
					<div
						role="alert"
						className="mb-3 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
					>
						<h3 className="font-semibold text-destructive">Failed to generate sequence</h3>
						{sequence.failureReason ? (
							<p className="mt-1 text-muted-foreground">{sequence.failureReason}</p>
						) : null}
					</div>
				) : sequence.status === 'FAILED' && sequence.failureReason ? (
					<p className="mb-3 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
						{sequence.failureReason}
					</p>
				) : null}
				{timeline.length > 0 ? (
					<SequenceTimeline
						events={timeline}
						timeZone={sequence.timeZones.organization}
						// Open once the person answered anywhere: then the whole exchange is what matters.
						defaultOpen={timeline.some(isReplyEvent)}
					/>
				) : null}
				{generationFailed ? null : emailReplied ? (
					<ConversationView messages={messages} />
				) : repliedLinkedIn ? (
					<LinkedInReplyView step={repliedLinkedIn} profileUrl={sequence.contact.linkedin} />
				) : sequence.status === 'CREATING' ? null : (
					<>
						<DrawerSteps sequence={sequence} editId={editId} />
						<AutomaticMessages messages={messages} />
					</>
				)}
			</div>
			{canPrompt ? <PromptBox sequence={sequence} /> : null}
			<SequenceActions sequence={sequence} />
		</>
	)
}

const GENERATION_REFRESH_MS = 3_000

/** While the assistant writes the sequence, reload now and then (the page's data and the drawer's fetcher). */
function useRefreshWhileGenerating(status: string) {
	const { revalidate, state } = useRevalidator()
	// Not while a form of the drawer is out (Cancel generation): a reload of this page then would
	// interrupt the redirect that closes the drawer, leaving "Sequence not found".
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
	useEffect(() => {
		if (status !== 'CREATING' || state !== 'idle' || busy) return
		const timer = setTimeout(revalidate, GENERATION_REFRESH_MS)
		return () => clearTimeout(timer)
	}, [status, state, revalidate, busy])
}

/** Closes the drawer: a link back to the list on the drawer's page (works without JavaScript). */
function CloseButton({ href }: { href?: string }) {
	const className =
		'absolute right-4 top-4 rounded-sm opacity-70 ring-offset-background transition-opacity hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2'
	const icon = (
		<>
			<X className="h-4 w-4" aria-hidden="true" />
			<span className="sr-only">Close</span>
		</>
	)
	if (href) {
		return (
			<Link to={href} className={className}>
				{icon}
			</Link>
		)
	}
	return <SheetClose className={className}>{icon}</SheetClose>
}
