import { createCookieSessionStorage, data, redirect } from '@remix-run/node'
import { getEnv, isProduction } from './env.server.ts'
import { ToastSchema, type Toast, type ToastInput } from './toast.ts'

export type { Toast, ToastInput } from './toast.ts'

const toastKey = 'toast'

// A flash value in its own signed cookie: read once by the next page load, then gone.
function toastSessionStorage() {
	return createCookieSessionStorage({
		cookie: {
			name: 'en_toast',
			sameSite: 'lax',
			path: '/',
			httpOnly: true,
			secrets: [getEnv().SESSION_SECRET ?? 'reachout-development-session-secret'],
			secure: isProduction(),
		},
	})
}

export async function createToastHeaders(toastInput: ToastInput) {
	const storage = toastSessionStorage()
	const session = await storage.getSession()
	session.flash(toastKey, ToastSchema.parse(toastInput))
	const cookie = await storage.commitSession(session)
	return new Headers({ 'Set-Cookie': cookie })
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
	return redirect(url, {
		...init,
		headers: combineHeaders(init?.headers, await createToastHeaders(toast)),
	})
}

export async function dataWithToast<T>(value: T, toast: ToastInput, init?: ResponseInit) {
	return data(value, {
		...init,
		headers: combineHeaders(init?.headers, await createToastHeaders(toast)),
	})
}

/** Reads (and consumes) the flash toast; send `headers` back so the cookie is cleared. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
	const storage = toastSessionStorage()
	const session = await storage.getSession(request.headers.get('Cookie'))
	const result = ToastSchema.safeParse(session.get(toastKey))
	const toast = result.success ? result.data : null
	return {
		toast,
		headers: toast ? new Headers({ 'Set-Cookie': await storage.destroySession(session) }) : null,
	}
}

export function combineHeaders(...headers: Array<HeadersInit | null | undefined>) {
	const combined = new Headers()
	for (const header of headers) {
		if (!header) continue
		for (const [key, value] of new Headers(header).entries()) {
			combined.append(key, value)
		}
	}
	return combined
}
