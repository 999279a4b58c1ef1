import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { setFollowUpTaskDone } from '#app/models/follow-up-task/follow-up-tasks.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

const TaskChangeSchema = z.object({ done: z.boolean({ message: 'done must be true or false' }) })

// PATCH /api/v1/tasks/:taskId { done } → { message }: a task done, or open again. 404 for a task
// the organization does not have.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'PATCH') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { done } = await parseJsonBody(request, TaskChangeSchema)
	if (!(await setFollowUpTaskDone(actor.organizationId, params.taskId ?? '', done)))
		return apiError(404, 'not_found', 'Task not found')
	return Response.json({ message: done ? 'Task done' : 'Task opened again' })
}
