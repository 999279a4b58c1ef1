// What an instruction asks of the offline writer: shorter, casual, a call, N emails, a topic…

export type Wants = {
	shorter: boolean
	casual: boolean
	formal: boolean
	call: boolean
	socialProof: boolean
	emailCount: number | null
	/** "mention our webinar" → "our webinar". */
	topic: string | null
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 }

export function readInstruction(instruction: string): Wants {
	const count = /\b(\d+|one|two|three|four|five|six)\s+(?:[a-z-]+\s+)?(?:emails?|steps?)\b/i.exec(instruction)
	const countValue = count?.[1] ? (NUMBER_WORDS[count[1].toLowerCase()] ?? Number(count[1])) : null
	const topic =
		/\b(?:mention|include|highlight|reference|talk about|bring up)\s+(?!social proof)([^.!?\n]{3,80})/i.exec(
			instruction,
		)
	return {
		shorter: /\b(short(?:er)?|brief(?:er)?|concise|succinct|tighter|trim|fewer words|less text)\b/i.test(
			instruction,
		),
		casual: /\b(casual|informal|relaxed|laid[- ]back|conversational|friendl(?:y|ier))\b/i.test(instruction),
		formal: /\b(formal|professional)\b/i.test(instruction) && !/\binformal\b/i.test(instruction),
		call: /\b(call|phone)\b/i.test(instruction),
		socialProof: /\b(social proof|case stud(?:y|ies)|testimonials?|customer stories|proof)\b/i.test(
			instruction,
		),
		emailCount: countValue === null ? null : Math.min(6, Math.max(1, countValue)),
		topic: topic?.[1]?.trim() ?? null,
	}
}

export function hasIntent(wants: Wants) {
	return (
		wants.shorter || wants.casual || wants.formal || wants.call || wants.socialProof || wants.topic !== null
	)
}
