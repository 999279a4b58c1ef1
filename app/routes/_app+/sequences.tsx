import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useRef } from 'react'
import {
	Link,
	Outlet,
	useFetchers,
	useLoaderData,
	useNavigation,
	useRevalidator,
	useSearchParams,
} from '@remix-run/react'
import { AnalyticsPanel } from '#app/components/analytics/analytics-panel.tsx'
import { PageLinks } from '#app/components/companies/page-links.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { RecentGenerationRuns } from '#app/components/sequences/generate-sequences/recent-generation-runs.tsx'
import { SequenceStatusLabel } from '#app/components/sequences/sequence-status-label.tsx'
import { SequenceTableHead } from '#app/components/sequences/sequence-table-head.tsx'
import {
	useGenerationProgress,
	useThrottled,
	withLiveProgress,
} from '#app/components/sequences/use-generation-progress.ts'
import { formatDate } from '#app/components/settings/format-date.ts'
import { Card } from '#app/components/ui/card.tsx'
import { Progress } from '#app/components/ui/progress.tsx'
import { Table, TableBody, TableCell, TableRow, TruncatedCell } from '#app/components/ui/table.tsx'
import { getRecentAnalytics } from '#app/models/analytics/get-analytics-page.server.ts'
import { listGenerationRuns } from '#app/models/assistant/generation-run-progress.server.ts'
import { listOrganizationSequences } from '#app/models/sequence/sequence.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { SequenceListFilterSchema } from '#app/schemas/sequence.ts'
import { cn } from '#app/utils/misc.ts'

// The organization's sequences, newest first, filtered by status (links, so the filter works
// without JavaScript) and paged; a row opens the drawer (/sequences/:id, the child route) over
// the list, keeping the filter and page in its address.

const STATUS_FILTERS = [
	{ value: null, label: 'All' },
	{ value: 'CREATING', label: 'Generating' },
	{ value: 'PENDING', label: 'Draft' },
	{ value: 'ACTIVE', label: 'Active' },
	{ value: 'PAUSED', label: 'Paused' },
	{ value: 'COMPLETED', label: 'Completed' },
	{ value: 'CANCELLED', label: 'Cancelled' },
	{ value: 'FAILED', label: 'Failed' },
] as const

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const params = new URL(request.url).searchParams
	const filter = SequenceListFilterSchema.parse({
		status: params.get('status') ?? undefined,
		page: params.get('page') ?? undefined,
	})
	const [first, generationRuns, analytics] = await Promise.all([
		listOrganizationSequences(actor.organizationId, filter),
		listGenerationRuns(actor.organizationId, { take: 3 }),
		getRecentAnalytics(actor.organizationId),
	])
	const lastPage = Math.max(1, Math.ceil(first.total / first.pageSize))
	// Past the end (rows were deleted): show the last page.
	const result =
		first.page > lastPage
			? await listOrganizationSequences(actor.organizationId, { ...filter, page: lastPage })
			: first
	return {
		analytics,
		generationRuns: generationRuns.map((run) => ({ id: run.id, name: run.name, counts: run.counts })),
		status: filter.status ?? null,
		page: result.page,
		lastPage,
		total: result.total,
		sequences: result.sequences.map((sequence) => ({
			id: sequence.id,
			status: sequence.status,
			subject: sequence.subject,
			progress: sequence.progress,
			failureReason: sequence.failureReason,
			replied: sequence.replied,
			createdAt: sequence.createdAt.toISOString(),
			contact: {
				id: sequence.contact.id,
				name: [sequence.contact.firstName, sequence.contact.lastName].filter(Boolean).join(' '),
				email: sequence.contact.email,
			},
			stats: sequence.stats,
		})),
	}
}

export default function SequencesRoute() {
	const { status, page, lastPage, total, sequences, generationRuns, analytics } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	const rowQuery = searchParams.toString()
	// "Generating N%" moves live; a sequence that finished generating is re-read (steps, subject).
	const revalidator = useRevalidator()
	// Not while a form or a navigation is out (the drawer's Cancel generation settles a generation and
	// redirects here): a reload of the current page then would interrupt that redirect.
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = useRef(false)
	busy.current = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
	const revalidate = useThrottled(() => {
		if (!busy.current) revalidator.revalidate()
	})
	const { live } = useGenerationProgress({
		enabled: sequences.some((sequence) => sequence.status === 'CREATING'),
		watchedIds: sequences.map((sequence) => sequence.id),
		onSettled: revalidate,
	})
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
			<PageHeader
				className="mb-0"
				title="Sequences"
				description="Your organization's outreach sequences: email and LinkedIn steps sent to one contact each."
			/>
			<RecentGenerationRuns runs={generationRuns} />
			<nav aria-label="Filter by status">
				<ul className="flex flex-wrap gap-2">
					{STATUS_FILTERS.map((filter) => {
						const active = filter.value === status
						return (
							<li key={filter.label}>
								<Link
									to={filter.value ? `/sequences?status=${filter.value}` : '/sequences'}
									aria-current={active ? 'page' : undefined}
									className={cn(
										'inline-flex rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
										active
											? 'border-primary bg-primary text-primary-foreground'
											: 'bg-background hover:bg-secondary',
									)}
								>
									{filter.label}
								</Link>
							</li>
						)
					})}
				</ul>
			</nav>
			<Card>
				{sequences.length === 0 ? (
					<div className="p-10 text-center">
						<p className="font-medium">No sequences found</p>
						<p className="text-sm text-muted-foreground">
							{status ? 'No sequence has this status.' : 'Create a sequence from a contact to get started.'}
						</p>
					</div>
				) : (
					<Table aria-label="Sequences">
						<SequenceTableHead
							columns={[
								'contact',
								'subject',
								'status',
								'steps',
								'progress',
								'sent',
								'replies',
								'clicks',
								'created',
							]}
							lowPriority={['steps', 'progress', 'sent', 'clicks']}
						/>
						<TableBody>
							{sequences.map((row) => {
								const sequence = withLiveProgress(row, live)
								const href = `/sequences/${sequence.id}${rowQuery ? `?${rowQuery}` : ''}`
								return (
									<TableRow key={sequence.id} className="relative cursor-pointer hover:bg-muted/50">
										<TableCell className="min-w-[9rem] max-w-0">
											{/* The row's link covers the whole row (after::inset), so any cell opens the drawer. */}
											<span className="block truncate" title={sequence.contact.name}>
												<Link
													to={href}
													className="font-medium after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
													preventScrollReset
												>
													{sequence.contact.name}
												</Link>
											</span>
											{sequence.contact.email ? (
												<span
													className="block truncate text-xs text-muted-foreground"
													title={sequence.contact.email}
												>
													{sequence.contact.email}
												</span>
											) : null}
										</TableCell>
										<TruncatedCell text={sequence.subject || 'No subject'} className="min-w-[8rem]" />
										<TableCell>
											<SequenceStatusLabel
												status={sequence.status}
												progress={sequence.progress}
												failureReason={sequence.failureReason}
												replied={sequence.replied}
											/>
										</TableCell>
										<TableCell priority="low" className="text-right tabular-nums">
											{sequence.stats.steps}
										</TableCell>
										<TableCell priority="low">
											<div className="flex min-w-[7rem] items-center gap-2">
												<Progress
													value={sequence.stats.progress}
													aria-label={`Progress ${sequence.stats.progress}%`}
												/>
												<span className="text-xs tabular-nums text-muted-foreground">
													{sequence.stats.progress}%
												</span>
											</div>
										</TableCell>
										<TableCell priority="low" className="text-right tabular-nums">
											{sequence.stats.sent}
										</TableCell>
										<TableCell className="text-right tabular-nums">{sequence.stats.replied}</TableCell>
										<TableCell priority="low" className="text-right tabular-nums">
											{sequence.stats.clicks}
										</TableCell>
										<TableCell className="whitespace-nowrap">{formatDate(sequence.createdAt)}</TableCell>
									</TableRow>
								)
							})}
						</TableBody>
					</Table>
				)}
			</Card>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<p className="text-sm text-muted-foreground">
					{total} {total === 1 ? 'sequence' : 'sequences'}
				</p>
				<PageLinks page={page} lastPage={lastPage} searchParams={searchParams} label="Sequences pages" />
			</div>
			<AnalyticsPanel title="Last 30 days" data={analytics} moreHref="/analytics" />
			<Outlet />
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Sequences · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
