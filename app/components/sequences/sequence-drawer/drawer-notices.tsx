import { Form, Link } from '@remix-run/react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { DELETE_SEQUENCE_CONFIRM, DELETE_WHOLE_SEQUENCE_CONFIRM } from '#app/schemas/sequence-drawer.ts'
import { useDrawer } from './drawer-context.tsx'

// What the drawer's page shows where, with JavaScript, a confirmation dialog would open: before
// a change that deletes the sequence. (The Google permissions request is GooglePermissionsNotice.)

export function ConfirmNotice({
	returnTo,
	intent,
	kind,
	stepId,
}: {
	returnTo: string
	intent: 'delete' | 'delete-step'
	kind?: 'email' | 'linkedin' | 'phone'
	stepId?: string
}) {
	const { actionPath, closeTo } = useDrawer()
	const copy = intent === 'delete' ? DELETE_WHOLE_SEQUENCE_CONFIRM : DELETE_SEQUENCE_CONFIRM
	return (
		<section
			role="alertdialog"
			aria-labelledby="drawer-confirm-title"
			className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
		>
			<h3 id="drawer-confirm-title" className="text-sm font-semibold">
				{copy.title}
			</h3>
			<p className="text-sm text-muted-foreground">{copy.message}</p>
			<Form method="post" action={actionPath} className="flex justify-end gap-2">
				<input type="hidden" name="intent" value={intent} />
				<input type="hidden" name="confirmed" value="true" />
				<input type="hidden" name="returnTo" value={returnTo} />
				{closeTo ? <input type="hidden" name="closeTo" value={closeTo} /> : null}
				{kind ? <input type="hidden" name="kind" value={kind} /> : null}
				{stepId ? <input type="hidden" name="stepId" value={stepId} /> : null}
				<Link to={returnTo} className={buttonVariants({ variant: 'outline' })}>
					Cancel
				</Link>
				<Button type="submit" variant="destructive">
					{copy.confirmLabel}
				</Button>
			</Form>
		</section>
	)
}
