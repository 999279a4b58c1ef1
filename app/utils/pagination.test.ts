import { describe, expect, test } from 'vitest'
import { MAX_PAGE, pageCount, pageWindow, parsePage, takeSkipFromSearchParams } from './pagination.ts'

describe('parsePage', () => {
	test('?page=2 is the second page; missing, unreadable or below 1 is the first', () => {
		expect(parsePage('2')).toBe(2)
		expect(parsePage(null)).toBe(1)
		expect(parsePage('')).toBe(1)
		expect(parsePage('abc')).toBe(1)
		expect(parsePage('0')).toBe(1)
		expect(parsePage('-3')).toBe(1)
	})
	test('a hand-typed huge page stops at MAX_PAGE', () => {
		expect(parsePage('999999999')).toBe(MAX_PAGE)
	})
})

test('pageWindow and pageCount', () => {
	expect(pageWindow(1, 100)).toEqual({ take: 100, skip: 0 })
	expect(pageWindow(3, 15)).toEqual({ take: 15, skip: 30 })
	expect(pageCount(0, 100)).toBe(1)
	expect(pageCount(101, 100)).toBe(2)
})

test('takeSkipFromSearchParams keeps take within 1…max and skip from 0', () => {
	expect(takeSkipFromSearchParams(new URLSearchParams('take=10&skip=20'), 100)).toEqual({
		take: 10,
		skip: 20,
	})
	expect(takeSkipFromSearchParams(new URLSearchParams('take=500&skip=-1'), 100)).toEqual({
		take: 100,
		skip: 0,
	})
	expect(takeSkipFromSearchParams(new URLSearchParams(''), 100)).toEqual({ take: 100, skip: 0 })
})
