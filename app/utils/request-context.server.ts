import { AsyncLocalStorage } from 'node:async_hooks'

/** What the request log needs to know about the request being answered, filled in as it is learnt. */
export type RequestContext = {
	requestId: string
	/** The Remix route pattern that answered (`/api/v1/contacts/:id`), never the raw path. */
	route?: string
	/** The acting organization, once the session has been resolved. */
	organizationId?: string
}

// Kept on globalThis: the Express server, Vite's SSR modules (development) and the bundled
// server build (production) each load their own copy of this module, and must share one store.
const STORE_KEY = Symbol.for('reachout.requestContext')
const holder = globalThis as typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<RequestContext> }
const store = (holder[STORE_KEY] ??= new AsyncLocalStorage<RequestContext>())

export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
	return store.run(context, work)
}

/** The current request's context; undefined outside a request (jobs, scripts, tests). */
export function currentRequestContext(): RequestContext | undefined {
	return store.getStore()
}

/** Records who is acting, for the request's log line. A no-op outside a request. */
export function noteActingOrganization(organizationId: string) {
	const context = store.getStore()
	if (context) context.organizationId = organizationId
}
