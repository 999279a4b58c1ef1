import { Form, Link } from '@remix-run/react'
import { AlertTriangle, CalendarClock, CheckCircle2, Rocket } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { type PreflightCheck, type PreflightProblemKind } from '#app/schemas/preflight.ts'

// The pre-flight check screen (decision 051): problems with their fixes first, then the send
// calendar, then the launch — a plain form, so it works without JavaScript.

const KIND_LABELS: Record<PreflightProblemKind, string> = {
	no_email: 'No email address',
	unsubscribed: 'Unsubscribed',
	bounced: 'Bounced address',
	already_in_sequence: 'Already in a sequence',
	placeholder: 'Unfilled placeholder',
	empty_variable: 'Empty name',
	broken_link: 'Broken link',
	unexpected_redirect: 'Unexpected redirect',
	linkedin_not_connected: 'LinkedIn not connected',
	never_sends: 'Mailbox cap',
}

const HOLD_LABELS = { WINDOW: 'waits for the send window', DAILY_CAP: 'waits for room under the daily cap' }

export function PreflightReport({
	check,
	launchLabel,
	error,
	busy,
}: {
	check: PreflightCheck
	launchLabel: string
	error?: string
	busy?: boolean
}) {
	const { calendar } = check
	const hasProblems = check.totalProblems > 0
	return (
		<div className="flex flex-col gap-4">
			<Card className="p-4" aria-labelledby="preflight-summary-title">
				<h2 id="preflight-summary-title" className="sr-only">
					Summary
				</h2>
				<dl className="grid grid-cols-2 gap-4 text-sm md:grid-cols-4">
					<Figure label="Sequences to start" value={check.sequences.toLocaleString('en-US')} />
					<Figure label="Problems" value={check.totalProblems.toLocaleString('en-US')} alert={hasProblems} />
					<Figure
						label="Links checked"
						value={`${check.links.checked}${check.links.unchecked ? ` (+${check.links.unchecked} not checked)` : ''}`}
					/>
					<Figure
						label={`Last step goes out (${calendar.organizationTimeZone})`}
						value={calendar.lastSendLocal ?? '—'}
					/>
				</dl>
			</Card>

			{hasProblems ? (
				<Card className="p-4" aria-labelledby="preflight-problems-title">
					<h2 id="preflight-problems-title" className="flex items-center gap-2 text-lg font-semibold">
						<AlertTriangle className="size-5 text-destructive" aria-hidden="true" />
						{check.totalProblems === 1
							? '1 problem'
							: `${check.totalProblems.toLocaleString('en-US')} problems`}{' '}
						to fix before launch
					</h2>
					<p className="mt-1 text-sm text-muted-foreground">
						{Object.entries(check.problemCounts)
							.map(([kind, count]) => `${KIND_LABELS[kind as PreflightProblemKind]}: ${count}`)
							.join(' · ')}
					</p>
					<ul className="mt-3 divide-y" aria-label="Problems">
						{check.problems.map((problem, index) => (
							<li key={index} className="flex flex-wrap items-start justify-between gap-2 py-3">
								<div className="min-w-0 flex-1 space-y-1">
									<p className="text-sm">
										<span className="mr-2 inline-block rounded bg-destructive/10 px-1.5 py-0.5 text-xs font-medium text-destructive">
											{KIND_LABELS[problem.kind]}
										</span>
										<span className="break-words">{problem.message}</span>
									</p>
									<p className="text-sm text-muted-foreground">Fix: {problem.fix}</p>
								</div>
								<Link to={problem.fixUrl} className="shrink-0 text-sm font-medium underline">
									Fix it<span className="sr-only">: {problem.message}</span>
								</Link>
							</li>
						))}
					</ul>
					{check.totalProblems > check.problems.length ? (
						<p className="pt-2 text-sm text-muted-foreground">
							And {(check.totalProblems - check.problems.length).toLocaleString('en-US')} more of the same
							kinds.
						</p>
					) : null}
				</Card>
			) : (
				<Card className="flex items-center gap-2 p-4 text-sm" role="status">
					<CheckCircle2 className="size-5 text-green-600" aria-hidden="true" />
					No problems found: the links answer, every placeholder is filled and every contact can be reached.
				</Card>
			)}

			<Card className="p-4" aria-labelledby="preflight-calendar-title">
				<h2 id="preflight-calendar-title" className="flex items-center gap-2 text-lg font-semibold">
					<CalendarClock className="size-5" aria-hidden="true" />
					Send calendar
				</h2>
				<p className="mt-1 text-sm text-muted-foreground">
					Send window: {calendar.window}.{' '}
					{calendar.deferredByCap > 0
						? `${calendar.deferredByCap.toLocaleString('en-US')} ${calendar.deferredByCap === 1 ? 'email waits' : 'emails wait'} for room under a mailbox’s daily cap.`
						: 'Every email fits under its mailbox’s daily cap.'}
				</p>
				<div className="mt-3 grid gap-4 lg:grid-cols-2">
					{calendar.mailboxes.length > 0 ? (
						<Table aria-label="Mailboxes">
							<TableHeader>
								<TableRow>
									<TableHead>Mailbox</TableHead>
									<TableHead className="text-right">Emails</TableHead>
									<TableHead className="text-right">Days</TableHead>
									<TableHead>Busiest day</TableHead>
								</TableRow>
							</TableHeader>
							<TableBody>
								{calendar.mailboxes.map((mailbox) => {
									const busiest = mailbox.days.reduce(
										(a, b) => (b.emails > a.emails ? b : a),
										mailbox.days[0]!,
									)
									return (
										<TableRow key={mailbox.address}>
											<TableCell className="break-all">{mailbox.address}</TableCell>
											<TableCell className="text-right tabular-nums">{mailbox.emails}</TableCell>
											<TableCell className="text-right tabular-nums">{mailbox.days.length}</TableCell>
											<TableCell className="tabular-nums">
												{busiest ? `${busiest.day}: ${busiest.emails} of ${busiest.cap}` : '—'}
											</TableCell>
										</TableRow>
									)
								})}
							</TableBody>
						</Table>
					) : null}
					<Table aria-label="Time zones">
						<TableHeader>
							<TableRow>
								<TableHead>Time zone</TableHead>
								<TableHead className="text-right">Recipients</TableHead>
								<TableHead>First send (local)</TableHead>
								<TableHead>Last send (local)</TableHead>
							</TableRow>
						</TableHeader>
						<TableBody>
							{calendar.timeZones.map((zone) => (
								<TableRow key={zone.timeZone}>
									<TableCell>{zone.timeZone}</TableCell>
									<TableCell className="text-right tabular-nums">{zone.recipients}</TableCell>
									<TableCell>{zone.firstSend ?? '—'}</TableCell>
									<TableCell>{zone.lastSend ?? '—'}</TableCell>
								</TableRow>
							))}
						</TableBody>
					</Table>
				</div>
				<Table aria-label="Steps by recipient" className="mt-4">
					<TableHeader>
						<TableRow>
							<TableHead>Recipient</TableHead>
							<TableHead>Step</TableHead>
							<TableHead>Goes out (their time)</TableHead>
							<TableHead>Note</TableHead>
						</TableRow>
					</TableHeader>
					<TableBody>
						{calendar.recipients.flatMap((recipient) =>
							recipient.steps.map((step, index) => (
								<TableRow key={`${recipient.sequenceId}-${index}`}>
									<TableCell className="align-top">
										{index === 0 ? (
											<>
												<span className="font-medium">{recipient.contact}</span>
												<span className="block text-xs text-muted-foreground">{recipient.timeZone}</span>
											</>
										) : null}
									</TableCell>
									<TableCell>{capitalize(step.label)}</TableCell>
									<TableCell className="tabular-nums">{step.local}</TableCell>
									<TableCell className="text-muted-foreground">
										{step.hold ? HOLD_LABELS[step.hold] : ''}
									</TableCell>
								</TableRow>
							)),
						)}
					</TableBody>
				</Table>
				{check.sequences > calendar.recipients.length ? (
					<p className="pt-2 text-sm text-muted-foreground">
						The first {calendar.recipients.length} of {check.sequences.toLocaleString('en-US')} recipients.
					</p>
				) : null}
			</Card>

			<Card className="p-4" aria-labelledby="preflight-launch-title">
				<h2 id="preflight-launch-title" className="text-lg font-semibold">
					Launch
				</h2>
				<Form method="post" className="mt-2 flex flex-col gap-3">
					{hasProblems ? (
						<label className="flex items-start gap-2 text-sm">
							<input type="checkbox" name="acknowledgeProblems" value="on" required className="mt-1 size-4" />
							<span>
								I have read the {check.totalProblems === 1 ? 'problem' : `${check.totalProblems} problems`}{' '}
								above and want to launch anyway. This choice is recorded with my name.
							</span>
						</label>
					) : null}
					{error ? (
						<p role="alert" className="text-sm text-destructive">
							{error}
						</p>
					) : null}
					<div>
						<Button
							type="submit"
							name="intent"
							value="launch"
							variant={hasProblems ? 'destructive' : 'default'}
							disabled={busy || check.sequences === 0}
						>
							<Rocket aria-hidden="true" />
							{hasProblems ? 'Launch anyway' : launchLabel}
						</Button>
					</div>
				</Form>
			</Card>
		</div>
	)
}

function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
	return (
		<div>
			<dt className="text-muted-foreground">{label}</dt>
			<dd className={alert ? 'text-lg font-semibold text-destructive' : 'text-lg font-semibold'}>{value}</dd>
		</div>
	)
}

function capitalize(text: string) {
	return text.charAt(0).toUpperCase() + text.slice(1)
}
