import { type LoaderFunctionArgs } from '@remix-run/node'
import { listFollowUpTasks } from '#app/models/follow-up-task/follow-up-tasks.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { FollowUpTaskListQuerySchema } from '#app/schemas/follow-up-task.ts'
import { apiError } from '#app/utils/api.server.ts'

// GET /api/v1/tasks[?status=OPEN|DONE&page=n] → { data: tasks, total, page, pageSize }: the tasks
// replies asked for (a referral's person to contact), newest first (decision 052).
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const query = FollowUpTaskListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!query.success) return apiError(400, 'invalid_query', query.error.issues[0]!.message)
	const { tasks, ...paging } = await listFollowUpTasks(actor.organizationId, query.data)
	return Response.json({ data: tasks, ...paging })
}
