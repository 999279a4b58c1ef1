import {
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useRevalidator, useSearchParams } from '@remix-run/react'
import { Ban, Play } from 'lucide-react'
import { useState } from 'react'
import { BackLink } from '#app/components/back-link.tsx'
import { PageLinks } from '#app/components/companies/page-links.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { GenerationRunSummary } from '#app/components/sequences/generate-sequences/generation-run-summary.tsx'
import { SequenceDrawer } from '#app/components/sequences/sequence-drawer/sequence-drawer.tsx'
import { SequenceStatusLabel } from '#app/components/sequences/sequence-status-label.tsx'
import { SequenceTableHead } from '#app/components/sequences/sequence-table-head.tsx'
import {
	useGenerationProgress,
	useThrottled,
	withLiveProgress,
} from '#app/components/sequences/use-generation-progress.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableRow } from '#app/components/ui/table.tsx'
import {
	cancelGenerationRun,
	findGenerationRunId,
	GENERATION_RUN_PAGE_SIZE,
	getGenerationRun,
	listGenerationRunSequences,
} from '#app/models/assistant/generation-run-progress.server.ts'
import { launchGenerationRun, PreflightProblemsError } from '#app/models/preflight/launch.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { generationRunPage } from '#app/schemas/assistant.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// One Generate Sequences run: its progress (live over Server-Sent Events), each contact's draft
// to review (a row opens the sequence drawer), Activate drafts and Cancel generation.

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const run = await getGenerationRun(actor.organizationId, params.runId ?? '')
	if (!run) throw new Response('Generation not found', { status: 404 })
	const page = generationRunPage(new URL(request.url).searchParams)
	const sequences = await listGenerationRunSequences(actor.organizationId, run.id, { page })
	return {
		run: {
			id: run.id,
			name: run.name,
			prompt: run.prompt,
			skipped: run.skipped,
			cancelled: run.cancelledAt !== null,
			createdAt: run.createdAt.toISOString(),
			campaign: run.campaign,
		},
		counts: run.counts,
		page,
		lastPage: Math.max(1, Math.ceil(run.counts.total / GENERATION_RUN_PAGE_SIZE)),
		sequences: sequences.map((sequence) => ({
			id: sequence.id,
			status: sequence.status as string,
			progress: sequence.progress,
			subject: sequence.subject,
			failureReason: sequence.failureReason,
			stepCount: sequence.stepCount,
			contact: {
				name: [sequence.contact.firstName, sequence.contact.lastName].filter(Boolean).join(' '),
				email: sequence.contact.email,
				role: sequence.contact.role,
			},
		})),
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const runId = await findGenerationRunId(actor.organizationId, params.runId ?? '')
	if (!runId) throw new Response('Generation not found', { status: 404 })
	const intent = (await request.formData()).get('intent')
	const back = `/sequences/generations/${runId}`
	if (intent === 'activate') {
		// Through the pre-flight check: with problems, its page lists them (decision 051).
		let activated: number
		try {
			activated = (await launchGenerationRun({ actor, runId })) ?? 0
		} catch (error) {
			if (error instanceof PreflightProblemsError) return redirect(`${back}/launch`)
			throw error
		}
		return redirectWithToast(back, {
			type: activated > 0 ? 'success' : 'info',
			title:
				activated === 0
					? 'No drafts to activate'
					: `${activated.toLocaleString('en-US')} ${activated === 1 ? 'sequence' : 'sequences'} activated`,
		})
	}
	if (intent === 'cancel') {
		const cancelled = (await cancelGenerationRun(actor.organizationId, runId)) ?? 0
		return redirectWithToast(back, {
			type: 'success',
			title: 'Generation cancelled',
			description: `${cancelled.toLocaleString('en-US')} not yet written ${cancelled === 1 ? 'was' : 'were'} removed; the drafts already written stay.`,
		})
	}
	throw new Response('Unknown action', { status: 400 })
}

export default function GenerationRunRoute() {
	const { run, counts: loadedCounts, page, lastPage, sequences } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	const navigation = useNavigation()
	const revalidator = useRevalidator()
	const revalidate = useThrottled(() => revalidator.revalidate(), 1_500)
	const [openSequenceId, setOpenSequenceId] = useState<string | null>(null)
	const generating = loadedCounts.generating > 0
	const { live, run: liveCounts } = useGenerationProgress({
		enabled: generating,
		runId: run.id,
		watchedIds: [],
		onSettled: revalidate,
	})
	// The stream's figures are newer while it runs; the loader's once it has settled.
	const counts = generating && liveCounts ? liveCounts : loadedCounts
	const busy = navigation.state !== 'idle'
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
			<BackLink to="/sequences">Sequences</BackLink>
			<PageHeader
				className="mb-0"
				title={`Generate Sequences: ${run.name}`}
				description={
					run.campaign ? (
						<span>
							For the campaign{' '}
							<Link to={`/campaigns/${run.campaign.id}`} className="underline">
								{run.campaign.name}
							</Link>
						</span>
					) : (
						'For the contacts you picked'
					)
				}
				actions={
					<>
						{counts.generating > 0 ? (
							<Form method="post">
								<Button type="submit" name="intent" value="cancel" variant="outline" disabled={busy}>
									<Ban aria-hidden="true" />
									Cancel generation
								</Button>
							</Form>
						) : null}
						<Form method="post">
							<Button type="submit" name="intent" value="activate" disabled={busy || counts.drafts === 0}>
								<Play aria-hidden="true" />
								Activate {counts.drafts.toLocaleString('en-US')} {counts.drafts === 1 ? 'draft' : 'drafts'}
							</Button>
						</Form>
					</>
				}
			/>
			<GenerationRunSummary
				counts={counts}
				skipped={run.skipped}
				cancelled={run.cancelled}
				prompt={run.prompt}
			/>
			<Card>
				{sequences.length === 0 ? (
					<p className="p-10 text-center text-sm text-muted-foreground">No sequences in this run.</p>
				) : (
					<Table aria-label="Generated sequences">
						<SequenceTableHead columns={['contact', 'subject', 'status', 'steps']} />
						<TableBody>
							{sequences.map((row) => {
								const sequence = withLiveProgress(row, live)
								return (
									<TableRow key={sequence.id} className="relative hover:bg-muted/50">
										<TableCell>
											<Link
												to={`/sequences/${sequence.id}`}
												onClick={(event) => {
													// With JavaScript the drawer opens over this view.
													event.preventDefault()
													setOpenSequenceId(sequence.id)
												}}
												className="font-medium after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
											>
												{sequence.contact.name}
											</Link>
											<span className="block text-xs text-muted-foreground">
												{[sequence.contact.role, sequence.contact.email].filter(Boolean).join(' · ')}
											</span>
										</TableCell>
										<TableCell className="max-w-[20rem]">
											{sequence.status === 'FAILED' ? (
												<span className="text-sm text-destructive">
													Failed to generate sequence
													{sequence.failureReason ? `: ${sequence.failureReason}` : ''}
												</span>
											) : (
												<span className="block truncate">{sequence.subject || '—'}</span>
											)}
										</TableCell>
										<TableCell>
											<SequenceStatusLabel status={sequence.status} progress={sequence.progress} />
										</TableCell>
										<TableCell className="text-right tabular-nums">{sequence.stepCount}</TableCell>
									</TableRow>
								)
							})}
						</TableBody>
					</Table>
				)}
			</Card>
			<PageLinks
				page={page}
				lastPage={lastPage}
				searchParams={searchParams}
				label="Generated sequences pages"
			/>
			<SequenceDrawer
				sequenceId={openSequenceId}
				open={openSequenceId !== null}
				onOpenChange={(next) => {
					if (next) return
					setOpenSequenceId(null)
					revalidator.revalidate()
				}}
			/>
		</div>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `Generate Sequences: ${data.run.name} · Reachout` : 'Generate Sequences · Reachout' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
