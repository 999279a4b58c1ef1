/** The first stacked dialog's z-index; each later layer sits one step higher. */
export const BASE_Z_INDEX = 1000
/** Overlay and content each take a z-index, so layers are two apart. */
export const Z_INDEX_STEP = 2

export type DialogEntry<Render> = {
	name: string
	render: Render
}

export type DialogStackState<Render> = {
	dialogs: Array<DialogEntry<Render>>
}

export type DialogStackAction<Render> =
	{ type: 'open'; name: string; render: Render } | { type: 'close'; name: string } | { type: 'closeAll' }

export function createInitialState<Render>(): DialogStackState<Render> {
	return { dialogs: [] }
}

/** Pure stack rules: open by name (a name is never open twice), later dialogs on top. */
export function dialogStackReducer<Render>(
	state: DialogStackState<Render>,
	action: DialogStackAction<Render>,
): DialogStackState<Render> {
	switch (action.type) {
		case 'open': {
			if (state.dialogs.some((dialog) => dialog.name === action.name)) return state
			return { dialogs: [...state.dialogs, { name: action.name, render: action.render }] }
		}
		case 'close': {
			if (!state.dialogs.some((dialog) => dialog.name === action.name)) return state
			return { dialogs: state.dialogs.filter((dialog) => dialog.name !== action.name) }
		}
		case 'closeAll': {
			return state.dialogs.length ? { dialogs: [] } : state
		}
	}
}

export function zIndexForLayer(layer: number) {
	return BASE_Z_INDEX + layer * Z_INDEX_STEP
}

export function isDialogOpen<Render>(state: DialogStackState<Render>, name: string) {
	return state.dialogs.some((dialog) => dialog.name === name)
}

export function topDialogName<Render>(state: DialogStackState<Render>) {
	return state.dialogs.at(-1)?.name ?? null
}
