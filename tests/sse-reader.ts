type Frame = { id?: string; event?: string; data?: string; retry?: string; comment?: string }

/** Reads Server-Sent Events frames from a Response body as they arrive. */
export function sseReader(response: Response) {
	const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	let buffer = ''
	const frames: Frame[] = []
	async function next(): Promise<Frame | null> {
		while (true) {
			const frame = frames.shift()
			if (frame) return frame
			const boundary = buffer.indexOf('\n\n')
			if (boundary !== -1) {
				const block = buffer.slice(0, boundary)
				buffer = buffer.slice(boundary + 2)
				const parsed: Frame = {}
				for (const line of block.split('\n')) {
					if (line.startsWith(':')) parsed.comment = line.slice(1).trim()
					else {
						const colon = line.indexOf(':')
						const key = line.slice(0, colon) as keyof Frame
						parsed[key] = line.slice(colon + 1).replace(/^ /, '')
					}
				}
				frames.push(parsed)
				continue
			}
			const { value, done } = await reader.read()
			if (done) return null
			buffer += value
		}
	}
	/** The next frame of `event`'s data (parsed), skipping retry, heartbeat and other frames. */
	async function nextEvent(event: string) {
		while (true) {
			const frame = await next()
			if (!frame) return null
			// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
			if (frame.event === event) return { id: frame.id, data: JSON.parse(frame.data!) as any }
		}
	}
	return { next, nextEvent, nextQueueable: () => nextEvent('queueable'), cancel: () => reader.cancel() }
}
