import { useActionData, useNavigation } from '@remix-run/react'
import { BackLink } from '#app/components/back-link.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { type PreflightCheck } from '#app/schemas/preflight.ts'
import { PreflightReport } from './preflight-report.tsx'

/** A pre-flight check page (a sequence's, a generation run's): the way back, the report and Launch. */
export function PreflightPage({
	check,
	backTo,
	backLabel,
	launchLabel,
}: {
	check: PreflightCheck
	backTo: string
	backLabel: string
	launchLabel: string
}) {
	const actionData = useActionData<{ error?: string }>()
	const navigation = useNavigation()
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
			<BackLink to={backTo}>{backLabel}</BackLink>
			<PageHeader className="mb-0" title={`Pre-flight check — ${check.target.name}`} />
			<PreflightReport
				check={check}
				launchLabel={launchLabel}
				error={actionData?.error}
				busy={navigation.state !== 'idle'}
			/>
		</div>
	)
}
