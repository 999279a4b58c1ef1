import { Plus } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { type DrawerSequence } from '#app/schemas/sequence-drawer.ts'
import { cn } from '#app/utils/misc.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { DrawerForm, useDrawer, useDrawerFetcher } from './drawer-context.tsx'
import { EmailSteps } from './email-steps.tsx'
import { LinkedInSteps } from './linkedin-steps.tsx'
import { PhoneCallSteps } from './phone-call-steps.tsx'
import { type StepKind } from './step-card.tsx'
import { nextStepDays } from './step-labels.ts'

/**
 * The step list: a tab per channel when the sequence has more than one kind of step (without
 * JavaScript the lists one under the other), else the one list. Phone-call steps are a channel
 * only with the sequence:phone flag (the loader sends none without it). Email and LinkedIn lists
 * end with their Add Step while the sequence is a draft.
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
				timeZones={sequence.timeZones}
				noteLimitMessage={sequence.noteLimitMessage}
			/>
			{canAdd ? <AddStepForm kind="linkedin" daysAfter={nextStepDays(sequence.linkedInSteps)} /> : null}
		</div>
	)
	const phone = (
		<PhoneCallSteps
			steps={sequence.phoneCallSteps}
			sequenceStatus={sequence.status}
			initialEditId={editId}
			onlyKind={sequence.emailSteps.length === 0 && sequence.linkedInSteps.length === 0}
			timeZones={sequence.timeZones}
		/>
	)
	const channels = [
		{ id: 'email', title: 'Email', content: email, present: sequence.emailSteps.length > 0 },
		{ id: 'linkedin', title: 'LinkedIn', content: linkedIn, present: sequence.linkedInSteps.length > 0 },
		{ id: 'phone', title: 'Calls', content: phone, present: sequence.phoneCallSteps.length > 0 },
	].filter((channel) => channel.present)
	if (channels.length === 0) return email
	if (channels.length === 1) return channels[0]!.content
	if (!hydrated) {
		return (
			<div className="grid gap-6">
				{channels.map((channel) => (
					<StepsSection key={channel.id} id={`drawer-${channel.id}-steps`} title={channel.title}>
						{channel.content}
					</StepsSection>
				))}
			</div>
		)
	}
	return (
		<Tabs defaultValue={channels[0]!.id}>
			<TabsList className={cn('grid w-full', channels.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
				{channels.map((channel) => (
					<TabsTrigger key={channel.id} value={channel.id}>
						{channel.title}
					</TabsTrigger>
				))}
			</TabsList>
			{channels.map((channel) => (
				<TabsContent key={channel.id} value={channel.id}>
					{channel.content}
				</TabsContent>
			))}
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
function AddStepForm({ kind, daysAfter }: { kind: Exclude<StepKind, 'phone'>; daysAfter: number }) {
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
