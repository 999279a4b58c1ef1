import { Link, useActionData, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
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
			<Link
				to={backTo}
				className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
			>
				<ArrowLeft className="size-4" aria-hidden="true" />
				{backLabel}
			</Link>
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
