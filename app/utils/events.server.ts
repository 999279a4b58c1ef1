/** Placeholder until the LISTEN/NOTIFY hub lands; see docs/architecture.md. */
export async function stopEventHub() {}
