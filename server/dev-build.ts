import { matchRoutes } from '@remix-run/react'
import type { ServerBuild } from '@remix-run/node'
import type { ViteDevServer } from 'vite'

/** What the Remix Vite plugin keeps on the resolved config (`__remixPluginContext`) that we read. */
type RemixPluginContext = {
	entryServerFilePath: string
	remixConfig: {
		appDirectory: string
		basename: string
		future: ServerBuild['future']
		publicPath: string
		ssr: boolean
		routes: Record<
			string,
			{ id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; file: string }
		>
	}
}

type RouteModule = ServerBuild['routes'][string]['module']
type RouteObject = Parameters<typeof matchRoutes>[0][number]

/**
 * The development server build, served before every route is compiled (issue 19: the first page of
 * `npm run dev` must not wait for ~150 routes and their imports to go through Vite).
 *
 * Until the whole build has been compiled once, each request gets a build holding only the modules
 * of the routes its URL matches (the root, the layouts, the page); the other routes are listed
 * with an empty module — Remix reads a route's module only when it matches. The whole build is
 * compiled in the background once the first page has been served (or a few seconds after start
 * when nobody asks), and from then on every request gets it, as before.
 */
export function createDevServerBuild(vite: ViteDevServer) {
	const context = (vite.config as unknown as { __remixPluginContext: RemixPluginContext })
		.__remixPluginContext
	const { remixConfig } = context
	const routeTree = toRouteTree(remixConfig.routes)
	let wholeBuildCompiled = false
	let wholeBuildStarted: Promise<void> | null = null

	const loadWholeBuild = () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>

	function compileWholeBuild() {
		wholeBuildStarted ??= loadWholeBuild().then(
			() => {
				wholeBuildCompiled = true
			},
			// A route that does not compile is reported on the request that needs it.
			() => {},
		)
		return wholeBuildStarted
	}

	async function partialBuild(pathname: string): Promise<ServerBuild> {
		const needed = new Set(['root', ...routeIdsFor(routeTree, pathname, remixConfig.basename)])
		const [entryServer, manifest, ...modules] = await Promise.all([
			vite.ssrLoadModule(context.entryServerFilePath),
			vite.ssrLoadModule('virtual:remix/server-manifest'),
			...[...needed].map((id) =>
				vite.ssrLoadModule(`${remixConfig.appDirectory}/${remixConfig.routes[id]!.file}`),
			),
		])
		const loaded = new Map([...needed].map((id, index) => [id, modules[index] as RouteModule]))
		return {
			mode: 'development',
			entry: { module: entryServer as ServerBuild['entry']['module'] },
			assets: (manifest as { default: ServerBuild['assets'] }).default,
			assetsBuildDirectory: 'build/client',
			basename: remixConfig.basename,
			future: remixConfig.future,
			isSpaMode: !remixConfig.ssr,
			publicPath: remixConfig.publicPath,
			routes: Object.fromEntries(
				Object.values(remixConfig.routes).map((route) => [
					route.id,
					{
						id: route.id,
						parentId: route.parentId,
						path: route.path,
						index: route.index,
						caseSensitive: route.caseSensitive,
						module: loaded.get(route.id) ?? ({} as RouteModule),
					},
				]),
			),
		}
	}

	return {
		/** The build for one request: the whole one once compiled, else just what the URL needs. */
		buildFor(pathname: string) {
			return wholeBuildCompiled ? loadWholeBuild() : partialBuild(pathname)
		},
		compileWholeBuild,
	}
}

function toRouteTree(routes: RemixPluginContext['remixConfig']['routes'], parentId?: string): RouteObject[] {
	return Object.values(routes)
		.filter((route) => route.parentId === parentId)
		.map((route) =>
			route.index
				? { id: route.id, index: true, path: route.path }
				: {
						id: route.id,
						path: route.path,
						caseSensitive: route.caseSensitive,
						children: toRouteTree(routes, route.id),
					},
		)
}

/** The routes a URL reaches: its page and layouts (a `.data` request is its page's data). */
function routeIdsFor(tree: RouteObject[], pathname: string, basename: string) {
	const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '')
	return (matchRoutes(tree, page, basename) ?? []).map((match) => match.route.id!)
}
