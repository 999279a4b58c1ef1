import { cn } from '#app/utils/misc.ts'

/** A page's title row: the h1, an optional description and actions on the right. */
export function PageHeader({
	title,
	description,
	actions,
	className,
}: {
	title: string
	description?: React.ReactNode
	actions?: React.ReactNode
	className?: string
}) {
	return (
		<div className={cn('mb-6 flex flex-wrap items-start justify-between gap-4', className)}>
			<div className="min-w-0 space-y-1">
				<h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
				{description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
			</div>
			{actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
		</div>
	)
}
