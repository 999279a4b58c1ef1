import { cn } from '#app/utils/misc.ts'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/** Renders Conform field or form errors; `id` is what the field's aria-describedby points at. */
export function ErrorList({
	id,
	errors,
	className,
}: {
	id?: string
	errors?: ListOfErrors
	className?: string
}) {
	const errorsToRender = errors?.filter(Boolean)
	if (!errorsToRender?.length) return null
	return (
		<ul id={id} className={cn('flex flex-col gap-1', className)}>
			{errorsToRender.map((error) => (
				<li key={error} className="text-sm text-destructive">
					{error}
				</li>
			))}
		</ul>
	)
}
