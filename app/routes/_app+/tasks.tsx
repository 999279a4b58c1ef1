import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { listFollowUpTasks, setFollowUpTaskDone } from '#app/models/follow-up-task/follow-up-tasks.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import {
	FOLLOW_UP_TASK_INTENTS,
	FollowUpTaskIdSchema,
	FollowUpTaskListQuerySchema,
} from '#app/schemas/follow-up-task.ts'
import { actionFailure } from '#app/utils/intent-action.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// Tasks replies asked for (decision 052): a referral's person to contact, with the way to add
// them as a contact (the form filled in) and Done. Open ones first; ?status=DONE lists the done.

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const query = FollowUpTaskListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	const { status, page } = query.success ? query.data : { status: 'OPEN' as const, page: 1 }
	const list = await listFollowUpTasks(actor.organizationId, { status, page })
	return {
		status,
		...list,
		tasks: list.tasks.map((task) => ({
			...task,
			createdAt: task.createdAt.toISOString(),
			doneAt: task.doneAt?.toISOString() ?? null,
		})),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const intent = formData.get('intent')
	const parsed = FollowUpTaskIdSchema.safeParse(Object.fromEntries(formData))
	if (!parsed.success) return actionFailure({}, 400, parsed.error.issues[0]!.message)
	const done = intent === FOLLOW_UP_TASK_INTENTS.done
	if (!done && intent !== FOLLOW_UP_TASK_INTENTS.reopen) return actionFailure({}, 400, 'Unknown action')
	if (!(await setFollowUpTaskDone(actor.organizationId, parsed.data.taskId, done)))
		return actionFailure({}, 404, 'Task not found')
	return redirectWithToast(done ? '/tasks' : '/tasks?status=DONE', {
		type: 'success',
		title: done ? 'Task done' : 'Task opened again',
	})
}

function newContactLink(task: {
	personName: string | null
	personEmail: string | null
	contact: { companyId: string | null } | null
}) {
	const [firstName, ...rest] = (task.personName ?? '').split(/\s+/).filter(Boolean)
	const params = new URLSearchParams()
	if (firstName) params.set('firstName', firstName)
	if (rest.length) params.set('lastName', rest.join(' '))
	if (task.personEmail) params.set('email', task.personEmail)
	if (task.contact?.companyId) params.set('companyId', task.contact.companyId)
	return `/contacts/new?${params}`
}

export default function TasksRoute() {
	const { status, tasks, total } = useLoaderData<typeof loader>()
	const navigation = useNavigation()
	const open = status === 'OPEN'
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Tasks"
				description="What replies asked you to do: people a contact pointed you to."
				actions={
					<Button asChild variant="outline">
						<Link to={open ? '/tasks?status=DONE' : '/tasks'}>{open ? 'Done tasks' : 'Open tasks'}</Link>
					</Button>
				}
			/>
			<SectionCard
				title={open ? `Open (${total})` : `Done (${total})`}
				description={
					open
						? 'A reply that names someone else ("talk to Maria") adds a task here for the sequence’s owner.'
						: 'Tasks marked done, newest first.'
				}
			>
				{tasks.length === 0 ? (
					<p className="text-sm text-muted-foreground">{open ? 'No open tasks.' : 'No done tasks yet.'}</p>
				) : (
					<ul className="divide-y" aria-label={open ? 'Open tasks' : 'Done tasks'}>
						{tasks.map((task) => (
							<li key={task.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
								<div className="min-w-0 space-y-1">
									<p className="font-medium">{task.title}</p>
									<p className="text-sm text-muted-foreground">
										{[
											task.personEmail,
											task.contact?.company?.name,
											task.assignee ? `for ${task.assignee.name}` : null,
										]
											.filter(Boolean)
											.join(' · ')}
										{task.contact ? (
											<>
												{' · '}
												<Link className="underline underline-offset-2" to={`/contacts/${task.contact.id}`}>
													{`${task.contact.firstName} ${task.contact.lastName}`.trim()}
												</Link>
											</>
										) : null}
										{task.sequenceId ? (
											<>
												{' · '}
												<Link className="underline underline-offset-2" to={`/sequences/${task.sequenceId}`}>
													The reply
												</Link>
											</>
										) : null}
									</p>
								</div>
								<div className="flex items-center gap-2">
									{open ? (
										<Button asChild variant="outline" size="sm">
											<Link to={newContactLink(task)}>Add contact</Link>
										</Button>
									) : null}
									<Form method="post">
										<input type="hidden" name="taskId" value={task.id} />
										<Button
											type="submit"
											size="sm"
											variant={open ? 'default' : 'ghost'}
											name="intent"
											value={open ? FOLLOW_UP_TASK_INTENTS.done : FOLLOW_UP_TASK_INTENTS.reopen}
											disabled={navigation.formData?.get('taskId') === task.id}
										>
											{open ? 'Done' : 'Open again'}
										</Button>
									</Form>
								</div>
							</li>
						))}
					</ul>
				)}
			</SectionCard>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Tasks · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
