import { apiError } from '#app/utils/api.server.ts'

// Unknown API paths answer in the API's shape, not with the HTML 404 page.
function notFound() {
	return apiError(404, 'not_found', 'No such API endpoint')
}

export const loader = notFound
export const action = notFound
