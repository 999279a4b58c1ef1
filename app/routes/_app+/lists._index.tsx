import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react'
import { ListChecks, Plus } from 'lucide-react'
import { useState } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	CREATE_LIST_INTENT,
	CreateListDialog,
	CreateListForm,
} from '#app/components/lists/create-list-dialog.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { formatDate } from '#app/components/settings/format-date.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import {
	Table,
	TableBody,
	TableCell,
	TableHead,
	TableHeader,
	TableRow,
	TruncatedCell,
} from '#app/components/ui/table.tsx'
import { listPermissionError } from '#app/models/list/list-permissions.server.ts'
import { createList, listLists } from '#app/models/list/list.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { CreateListSchema, LIST_CREATED } from '#app/schemas/list.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const lists = await listLists(actor.organizationId)
	return {
		lists: lists.map((list) => ({ ...list, createdAt: list.createdAt.toISOString() })),
		isAdmin: actor.isPlatformAdmin,
		// Why this user may not create lists (the spec: administrators only), said before the click.
		createForbidden: listPermissionError(actor, 'create'),
		// ?create shows the Create List form on the page (the way in without JavaScript).
		showCreateForm: new URL(request.url).searchParams.has('create'),
	}
}

// The no-JavaScript Create List (the dialog sends POST /api/v1/lists with the same rules).
export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	if (formData.get('intent') !== CREATE_LIST_INTENT) {
		return data({ result: null }, { status: 400 })
	}
	const forbidden = listPermissionError(actor, 'create')
	if (forbidden) return redirectWithToast('/lists', { type: 'error', title: forbidden })
	const submission = parseWithZod(formData, { schema: CreateListSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const list = await createList(actor.organizationId, actor.userId, submission.value)
	return redirectWithToast(`/lists/${list.slug}`, { type: 'success', title: LIST_CREATED })
}

export default function ListsRoute() {
	const { lists, showCreateForm, createForbidden } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const revalidator = useRevalidator()
	const [dialogOpen, setDialogOpen] = useState(false)
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Lists"
				description="Named groups of contacts. Creating lists and adding contacts to them is for administrators."
				actions={
					createForbidden ? (
						<CreateListUnavailable reason={createForbidden} />
					) : (
						<Link
							to="?create"
							className={buttonVariants()}
							onClick={(event) => {
								// With JavaScript: the dialog; without, the form on this page.
								event.preventDefault()
								setDialogOpen(true)
							}}
						>
							<Plus aria-hidden="true" />
							Create List
						</Link>
					)
				}
			/>
			{showCreateForm && !createForbidden ? (
				<Card>
					<CardHeader>
						<CardTitle className="text-lg">Create List</CardTitle>
					</CardHeader>
					<CardContent>
						<CreateListForm
							id="create-list-page"
							lastResult={actionData?.result}
							secondaryAction={
								<Link to="/lists" className={buttonVariants({ variant: 'outline' })}>
									Cancel
								</Link>
							}
						/>
					</CardContent>
				</Card>
			) : null}
			<ListsTable lists={lists} />
			<CreateListDialog
				open={dialogOpen}
				onOpenChange={setDialogOpen}
				onCreated={() => revalidator.revalidate()}
			/>
		</div>
	)
}

/** Create List for someone who may not use it: disabled, with the reason in view (not an error after the click). */
function CreateListUnavailable({ reason }: { reason: string }) {
	return (
		<div className="flex flex-col items-end gap-1">
			<Button type="button" disabled aria-describedby="create-list-unavailable">
				<Plus aria-hidden="true" />
				Create List
			</Button>
			<p id="create-list-unavailable" className="text-xs text-muted-foreground">
				{reason}
			</p>
		</div>
	)
}

function ListsTable({
	lists,
}: {
	lists: Array<{
		id: string
		slug: string
		name: string
		description: string | null
		contactCount: number
		createdAt: string
	}>
}) {
	if (!lists.length) {
		return (
			<div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-background p-10 text-center">
				<ListChecks className="size-8 text-muted-foreground" aria-hidden="true" />
				<p className="font-medium">No lists yet</p>
				<p className="text-sm text-muted-foreground">
					Lists group contacts, for example by event or by region.
				</p>
			</div>
		)
	}
	return (
		<div className="rounded-md border bg-background">
			<Table aria-label="Lists">
				<TableHeader>
					<TableRow>
						<TableHead>Name</TableHead>
						<TableHead>Description</TableHead>
						<TableHead className="w-px text-right">Contacts</TableHead>
						<TableHead className="w-px">Created</TableHead>
					</TableRow>
				</TableHeader>
				<TableBody>
					{lists.map((list) => (
						<TableRow key={list.id}>
							<TruncatedCell text={list.name} className="min-w-[10rem] font-medium">
								<Link to={`/lists/${list.slug}`} className="hover:underline">
									{list.name}
								</Link>
							</TruncatedCell>
							<TruncatedCell text={list.description} className="text-muted-foreground" />
							<TableCell className="text-right tabular-nums">
								{list.contactCount.toLocaleString('en-US')}
							</TableCell>
							<TableCell className="whitespace-nowrap">{formatDate(list.createdAt)}</TableCell>
						</TableRow>
					))}
				</TableBody>
			</Table>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Lists · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
