import { Plus } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { type DrawerSequence } from '#app/schemas/sequence-drawer.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { DrawerForm, useDrawer, useDrawerFetcher } from './drawer-context.tsx'
import { EmailSteps } from './email-steps.tsx'
import { LinkedInSteps } from './linkedin-steps.tsx'
import { type StepKind } from './step-card.tsx'
import { nextStepDays } from './step-labels.ts'

/**
 * The step list: Email and LinkedIn tabs when the sequence has both kinds (without JavaScript
 * both lists, one under the other), else the one list. Each list ends with its Add Step while
 * the sequence is a draft.
 */
export function DrawerSteps({ sequence, editId }: { sequence: DrawerSequence; editId: string | null }) {
	const hydrated = useHydrated()
	const { readOnly } = useDrawer()
	const canAdd = !readOnly && sequence.status === 'PENDING'
	const email = (
		<div className="grid gap-3">
			<EmailSteps
				steps={sequence.emailSteps}
				sequenceStatus={sequence.status}
				initialEditId={editId}
				timeZones={sequence.timeZones}
			/>
			{canAdd ? <AddStepForm kind="email" daysAfter={nextStepDays(sequence.emailSteps)} /> : null}
		</div>
	)
	const linkedIn = (
		<div className="grid gap-3">
			<LinkedInSteps
				steps={sequence.linkedInSteps}
				sequenceStatus={sequence.status}
				initialEditId={editId}
				onlyKind={sequence.emailSteps.length === 0 && sequence.phoneCallStepCount === 0}
			/>
			{canAdd ? <AddStepForm kind="linkedin" daysAfter={nextStepDays(sequence.linkedInSteps)} /> : null}
		</div>
	)
	const hasEmail = sequence.emailSteps.length > 0
	const hasLinkedIn = sequence.linkedInSteps.length > 0
	if (!(hasEmail && hasLinkedIn)) return hasLinkedIn ? linkedIn : email
	if (!hydrated) {
		return (
			<div className="grid gap-6">
				<StepsSection id="drawer-email-steps" title="Email">
					{email}
				</StepsSection>
				<StepsSection id="drawer-linkedin-steps" title="LinkedIn">
					{linkedIn}
				</StepsSection>
			</div>
		)
	}
	return (
		<Tabs defaultValue="email">
			<TabsList className="grid w-full grid-cols-2">
				<TabsTrigger value="email">Email</TabsTrigger>
				<TabsTrigger value="linkedin">LinkedIn</TabsTrigger>
			</TabsList>
			<TabsContent value="email">{email}</TabsContent>
			<TabsContent value="linkedin">{linkedIn}</TabsContent>
		</Tabs>
	)
}

/** One channel's list under its heading (both lists, one under the other, before hydration). */
function StepsSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
	return (
		<section aria-labelledby={id} className="grid gap-2">
			<h3 id={id} className="text-sm font-semibold">
				{title}
			</h3>
			{children}
		</section>
	)
}

/** Adds a step one day after the list's last one (0 for the first). */
function AddStepForm({ kind, daysAfter }: { kind: StepKind; daysAfter: number }) {
	const fetcher = useDrawerFetcher()
	return (
		<DrawerForm fetcher={fetcher} intent="add-step">
			<input type="hidden" name="kind" value={kind} />
			<input type="hidden" name="daysAfter" value={String(daysAfter)} />
			<Button
				type="submit"
				variant="outline"
				className="w-full border-dashed"
				disabled={fetcher.state !== 'idle'}
			>
				<PendingIcon pending={fetcher.state !== 'idle'} icon={Plus} />
				Add Step
			</Button>
		</DrawerForm>
	)
}
