import { describe, expect, test } from 'vitest'
import {
	BASE_Z_INDEX,
	createInitialState,
	dialogStackReducer,
	isDialogOpen,
	topDialogName,
	zIndexForLayer,
	type DialogStackState,
} from './dialog-stack-reducer.ts'

function open(state: DialogStackState<string>, name: string, render = name) {
	return dialogStackReducer(state, { type: 'open', name, render })
}

describe('dialogStackReducer', () => {
	test('starts empty', () => {
		const state = createInitialState<string>()
		expect(state.dialogs).toEqual([])
		expect(topDialogName(state)).toBeNull()
	})

	test('opens dialogs in order, the latest on top', () => {
		let state = createInitialState<string>()
		state = open(state, 'a')
		state = open(state, 'b')
		state = open(state, 'c')
		expect(state.dialogs.map((dialog) => dialog.name)).toEqual(['a', 'b', 'c'])
		expect(topDialogName(state)).toBe('c')
	})

	test('opening a name that is already open is a no-op and returns the same state', () => {
		let state = createInitialState<string>()
		state = open(state, 'a', 'first')
		state = open(state, 'b')
		const again = open(state, 'a', 'second')
		expect(again).toBe(state)
		expect(again.dialogs).toHaveLength(2)
		expect(again.dialogs[0]?.render).toBe('first')
	})

	test('closes by name, keeping the order of the others', () => {
		let state = createInitialState<string>()
		state = open(state, 'a')
		state = open(state, 'b')
		state = open(state, 'c')
		state = dialogStackReducer(state, { type: 'close', name: 'b' })
		expect(state.dialogs.map((dialog) => dialog.name)).toEqual(['a', 'c'])
		expect(isDialogOpen(state, 'b')).toBe(false)
		expect(isDialogOpen(state, 'a')).toBe(true)
	})

	test('closing an unknown name changes nothing', () => {
		const state = open(createInitialState<string>(), 'a')
		expect(dialogStackReducer(state, { type: 'close', name: 'zzz' })).toBe(state)
	})

	test('a closed name can be opened again, now on top', () => {
		let state = createInitialState<string>()
		state = open(state, 'a')
		state = open(state, 'b')
		state = dialogStackReducer(state, { type: 'close', name: 'a' })
		state = open(state, 'a')
		expect(state.dialogs.map((dialog) => dialog.name)).toEqual(['b', 'a'])
	})

	test('closeAll empties the stack', () => {
		let state = open(open(createInitialState<string>(), 'a'), 'b')
		state = dialogStackReducer(state, { type: 'closeAll' })
		expect(state.dialogs).toEqual([])
		const empty = state
		expect(dialogStackReducer(empty, { type: 'closeAll' })).toBe(empty)
	})

	test('does not mutate the previous state', () => {
		const before = open(createInitialState<string>(), 'a')
		const snapshot = structuredClone(before)
		open(before, 'b')
		dialogStackReducer(before, { type: 'close', name: 'a' })
		expect(before).toEqual(snapshot)
	})
})

describe('zIndexForLayer', () => {
	test('starts at 1000 and increases with each layer', () => {
		expect(zIndexForLayer(0)).toBe(BASE_Z_INDEX)
		expect(BASE_Z_INDEX).toBe(1000)
		const layers = [0, 1, 2, 3].map(zIndexForLayer)
		for (let index = 1; index < layers.length; index++) {
			expect(layers[index]!).toBeGreaterThan(layers[index - 1]! + 1)
		}
	})
})
